-- The socket.io Postgres adapter (several processes on one PostgreSQL) keeps large packets here.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
