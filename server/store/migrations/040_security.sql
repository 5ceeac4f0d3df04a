-- Issue 16 (safe to deploy): login throttling, the shared API rate limiter, OpenID Connect per account,
-- and meeting guests' public ids.

-- Failed logins and 2FA codes, counted per user, per user and client address, and per address: each key
-- waits a growing delay once past its free attempts (server/auth/login-throttle.ts). Shared by processes.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  blocked_until timestamptz
);

-- Fixed windows of the API rate limiter (@fastify/rate-limit's store, server/http/rate-limit-store.ts).
CREATE TABLE rate_limit_windows (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
CREATE INDEX rate_limit_windows_start ON rate_limit_windows (window_start);

-- Enterprise SSO of an account: its OpenID Connect provider and this server's client there.
CREATE TABLE account_sso (
  account_id text PRIMARY KEY REFERENCES accounts(id),
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret text,
  scopes text NOT NULL DEFAULT 'openid email profile'
);

-- An SSO login under way, by its `state`: the PKCE verifier and nonce, used once, for a few minutes.
-- `binding_hash` ties it to the browser that began it (a cookie's hash), set once when the browser
-- passes through the server on its way to the provider.
CREATE TABLE sso_flows (
  state text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  remember boolean NOT NULL,
  redirect_to text,
  authorize_url text NOT NULL,
  binding_hash text,
  expires_at timestamptz NOT NULL
);

-- A meeting guest's public id (their peer id is `visitor:<guest_id>`): the session id stays a secret.
ALTER TABLE meeting_guests ADD COLUMN guest_id text;
UPDATE meeting_guests SET guest_id = replace(gen_random_uuid()::text, '-', '') WHERE guest_id IS NULL;
ALTER TABLE meeting_guests ALTER COLUMN guest_id SET NOT NULL;
CREATE UNIQUE INDEX meeting_guests_guest_id ON meeting_guests (guest_id);

-- Who an SSO identity is here, by the provider's subject (`sub`), never reassigned: the first sign-in binds it
-- to the user with that verified email; later sign-ins go by the subject.
CREATE TABLE sso_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (issuer, subject)
);
CREATE UNIQUE INDEX sso_identities_user ON sso_identities (user_id, issuer);
