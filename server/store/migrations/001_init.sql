-- The reference server's schema. Ids are 24-hex text; instants are timestamptz (UTC on the wire).

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE nodes (
  id text PRIMARY KEY,
  heartbeat_at timestamptz NOT NULL
);

CREATE TABLE accounts (
  id text PRIMARY KEY,
  name text NOT NULL,
  subscription_expires_at timestamptz,
  ip_allow_list text[],
  dashboard_url text NOT NULL,
  settings jsonb NOT NULL,
  widget_forms jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE users (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  email text NOT NULL UNIQUE,
  firstname text NOT NULL,
  lastname text NOT NULL,
  level int NOT NULL,
  password_hash text NOT NULL,
  locked boolean NOT NULL DEFAULT false,
  sso boolean NOT NULL DEFAULT false,
  timezone text NOT NULL DEFAULT 'America/Santiago',
  totp_secret text,
  totp_pending_secret text,
  totp_last_step bigint,
  backup_codes text[] NOT NULL DEFAULT '{}',
  failed_attempts int NOT NULL DEFAULT 0,
  failed_window_start timestamptz,
  blocked_until timestamptz,
  settings jsonb NOT NULL,
  recordings_access boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_account ON users (account_id, level);

-- A login and every refresh token rotated from it: revoking the family ends the session.
CREATE TABLE token_families (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  remember boolean NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

CREATE TABLE login_claims (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  remember boolean NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE segments (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  queue_limit_ms int NOT NULL DEFAULT 600000,
  mandatory_tags boolean NOT NULL DEFAULT false,
  agent_form jsonb
);
CREATE INDEX segments_account ON segments (account_id, name);

CREATE TABLE agent_segments (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  segment_id text NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, segment_id)
);
CREATE INDEX agent_segments_segment ON agent_segments (segment_id, user_id);

CREATE TABLE tags (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  segment_id text REFERENCES segments(id),
  name text NOT NULL,
  label text NOT NULL
);

-- Live state of each agent. connected/node_id say where the agent's socket is; the row is the truth
-- for every process (routing locks it).
CREATE TABLE agent_states (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'disconnected',
  connected boolean NOT NULL DEFAULT false,
  session_id text,
  socket_id text,
  node_id text,
  timezone text,
  available_since timestamptz,
  call_id text,
  appointment_id text,
  ringing_call_id text,
  disconnected_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Routing walks this index in "waited longest" order and stops at the first agent of the segment.
CREATE INDEX agent_states_ready ON agent_states (available_since, user_id)
  WHERE connected AND status = 'available' AND call_id IS NULL AND appointment_id IS NULL AND ringing_call_id IS NULL;

CREATE TABLE calls (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  segment_id text NOT NULL REFERENCES segments(id),
  previous_segment_id text REFERENCES segments(id),
  status text NOT NULL,
  customer_session_id text NOT NULL,
  customer_name text NOT NULL,
  customer_connected boolean NOT NULL DEFAULT true,
  customer_disconnected_at timestamptz,
  customer_kicked boolean NOT NULL DEFAULT false,
  customer_left boolean NOT NULL DEFAULT false,
  customer_permissions jsonb,
  priority boolean NOT NULL DEFAULT false,
  extra_data jsonb NOT NULL,
  form jsonb NOT NULL DEFAULT '[]',
  integration_data jsonb,
  ticket_id text,
  poc jsonb,
  branch jsonb,
  agent_form jsonb,
  agent_form_values jsonb NOT NULL DEFAULT '{}',
  selected_tags text[] NOT NULL DEFAULT '{}',
  comments text NOT NULL DEFAULT '',
  comments_at timestamptz,
  queued_at timestamptz NOT NULL,
  queue_deadline timestamptz NOT NULL,
  answered_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  agent_id text REFERENCES users(id),
  transfer jsonb,
  releasing_agent_id text,
  releasing_at timestamptz
);
CREATE INDEX calls_queue ON calls (segment_id, priority DESC, queued_at) WHERE status = 'queued';
-- One live call per customer session, whichever process the customer's sockets reach.
CREATE UNIQUE INDEX calls_customer ON calls (customer_session_id) WHERE status IN ('queued', 'ringing', 'active');
CREATE INDEX calls_deadline ON calls (queue_deadline) WHERE status IN ('queued', 'ringing');

-- An offer rings a call at one agent. The unique indexes are the "never offered to two agents" rule.
CREATE TABLE offers (
  id text PRIMARY KEY,
  call_id text NOT NULL REFERENCES calls(id),
  agent_id text NOT NULL REFERENCES users(id),
  kind text NOT NULL,
  from_agent_id text REFERENCES users(id),
  state text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE UNIQUE INDEX offers_one_per_agent ON offers (agent_id) WHERE state = 'ringing';
CREATE UNIQUE INDEX offers_one_queue_ring_per_call ON offers (call_id) WHERE state = 'ringing' AND kind = 'inbound';
CREATE INDEX offers_call ON offers (call_id, agent_id);
CREATE INDEX offers_expiry ON offers (expires_at) WHERE state = 'ringing';

CREATE TABLE participants (
  room_id text NOT NULL,
  peer_id text NOT NULL,
  role text NOT NULL,
  user_id text,
  session_id text,
  name text NOT NULL,
  connected boolean NOT NULL DEFAULT true,
  joined_at timestamptz NOT NULL,
  left_at timestamptz,
  PRIMARY KEY (room_id, peer_id)
);

CREATE TABLE messages (
  id text PRIMARY KEY,
  room_id text NOT NULL,
  from_role text NOT NULL,
  peer_id text NOT NULL,
  name text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX messages_room ON messages (room_id, created_at);

CREATE TABLE call_events (
  id text PRIMARY KEY,
  call_id text NOT NULL,
  kind text NOT NULL,
  data jsonb,
  created_at timestamptz NOT NULL
);

CREATE TABLE services (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  title text NOT NULL,
  duration_min int NOT NULL,
  form jsonb NOT NULL
);

CREATE TABLE user_services (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  service_id text NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, service_id)
);

CREATE TABLE referrers (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  url text NOT NULL
);

CREATE TABLE appointments (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  user_id text NOT NULL REFERENCES users(id),
  service_id text REFERENCES services(id),
  type text NOT NULL,
  status text NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  title text NOT NULL,
  timezone text NOT NULL,
  referrer text,
  form jsonb NOT NULL DEFAULT '[]',
  extra_data jsonb,
  comment text,
  cancel_reason text,
  canceled_at timestamptz,
  canceled_by text,
  rescheduled_appointment_id text,
  join_code text UNIQUE,
  modify_code text UNIQUE,
  notified_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX appointments_user_start ON appointments (user_id, start_at);

CREATE TABLE meeting_guests (
  appointment_id text NOT NULL REFERENCES appointments(id),
  session_id text NOT NULL,
  name text NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (appointment_id, session_id)
);

CREATE TABLE notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  data jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);

CREATE TABLE files (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  user_id text NOT NULL REFERENCES users(id),
  call_id text,
  appointment_id text,
  name text NOT NULL,
  type text NOT NULL,
  size int NOT NULL,
  crc32 bigint NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL
);

-- Spent file tokens: an upload token works once.
CREATE TABLE used_file_tokens (
  jti text PRIMARY KEY,
  used_at timestamptz NOT NULL
);

CREATE TABLE recordings (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  user_id text NOT NULL REFERENCES users(id),
  call_id text,
  appointment_id text,
  name text NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  duration int,
  size int,
  file_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX recordings_user ON recordings (user_id, created_at DESC);
