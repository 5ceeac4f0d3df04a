-- Profile (issue 15): 2FA failures with a growing wait, and virtual background images of one's own.

-- Wrong 2FA codes (and wrong passwords on disable) since the last success; past 5 the user waits
-- until totp_retry_at, longer with each further failure.
ALTER TABLE users ADD COLUMN totp_failures int NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN totp_retry_at timestamptz;
-- Whether the user may upload background images (SPEC §6: 'You do not have access to upload images').
ALTER TABLE users ADD COLUMN images_access boolean NOT NULL DEFAULT true;

-- A background image an agent uploaded: theirs, under their account.
CREATE TABLE background_images (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mime text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX background_images_user ON background_images (user_id, created_at);
