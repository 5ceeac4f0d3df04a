-- Issue 64 (safe to deploy: new nullable columns only). The profile lists the agent's sessions (ASVS 7.4.5).

-- The browser that signed in, as its User-Agent named it: cleaned of control and bidi characters and
-- bounded (server/auth/session-device.ts) before it is stored. Null for logins of before, or no header.
ALTER TABLE token_families ADD COLUMN device text;
-- The address the server last saw the session at (the trusted-proxy-aware client address).
ALTER TABLE token_families ADD COLUMN address text;
-- The last refresh or socket authentication, written at most once a minute per session.
ALTER TABLE token_families ADD COLUMN last_used_at timestamptz;
