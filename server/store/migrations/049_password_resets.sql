-- Issue 69, password reset by email (safe to deploy: a new table and an index only).

-- A reset link sent to a user: only the sha256 of its token is kept (a database read gives no working link).
-- Used once (`used_at`), and never after `expires_at` (30 minutes after it was sent); a reset uses up every
-- link of the user still outstanding.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id) WHERE used_at IS NULL;
