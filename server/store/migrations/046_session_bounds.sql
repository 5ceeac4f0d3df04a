-- Issue 64 (safe to deploy: new nullable or defaulted columns only).

-- Attempts under way on a throttle key (server/auth/login-throttle.ts): each one counts as a failure until it
-- ends, so a burst of parallel attempts is admitted no further than the same attempts one after another.
-- `pending_at` is the last admission: counts older than a minute are of a process that died mid-attempt.
ALTER TABLE login_throttle ADD COLUMN pending integer NOT NULL DEFAULT 0;
ALTER TABLE login_throttle ADD COLUMN pending_at timestamptz;

-- A login started from another one (a claim minted with an access token) is its child: it ends no later than
-- its parent (`ends_at`), and revoking the parent (logout) revokes it. Logins of before have no `ends_at`:
-- their end is computed from `created_at` and `remember` as before.
ALTER TABLE token_families ADD COLUMN parent_id text REFERENCES token_families(id) ON DELETE CASCADE;
ALTER TABLE token_families ADD COLUMN ends_at timestamptz;
CREATE INDEX token_families_parent ON token_families (parent_id) WHERE parent_id IS NOT NULL;

-- The login that minted a claim (null: a claim of an SSO sign-in or of the development endpoint).
ALTER TABLE login_claims ADD COLUMN family_id text REFERENCES token_families(id) ON DELETE CASCADE;
