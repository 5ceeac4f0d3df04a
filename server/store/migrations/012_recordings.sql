-- Recordings get their media (cloud uploads stored under the storage folder), the call's customer and
-- segment, and a duration in seconds with its fraction. Backups zip an agent's recordings.
ALTER TABLE recordings ALTER COLUMN duration TYPE double precision;
ALTER TABLE recordings ALTER COLUMN size TYPE bigint;
ALTER TABLE recordings ADD COLUMN customer_name text;
ALTER TABLE recordings ADD COLUMN segment_id text;
ALTER TABLE recordings ADD COLUMN segment_name text;
ALTER TABLE recordings ADD COLUMN mime text;
-- Chunks stored so far (the next expected `seq`) and their bytes.
ALTER TABLE recordings ADD COLUMN next_seq int NOT NULL DEFAULT 0;
ALTER TABLE recordings ADD COLUMN bytes_received bigint NOT NULL DEFAULT 0;
ALTER TABLE recordings ADD COLUMN error text;
-- Last sign of life of a cloud upload: a recording silent for longer than the grace is finalised as it is.
ALTER TABLE recordings ADD COLUMN active_at timestamptz;
CREATE INDEX recordings_account ON recordings (account_id, created_at DESC);
CREATE INDEX recordings_open ON recordings (status) WHERE status IN ('recording', 'processing');

CREATE TABLE recording_backups (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  user_id text NOT NULL REFERENCES users(id),
  range_from date NOT NULL,
  range_to date NOT NULL,
  time_zone text NOT NULL,
  status text NOT NULL,
  progress double precision NOT NULL DEFAULT 0,
  count int NOT NULL DEFAULT 0,
  size bigint,
  error text,
  created_at timestamptz NOT NULL,
  ready_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX recording_backups_user ON recording_backups (user_id, created_at DESC);
