-- Issue 64, account storage quotas (safe to deploy: a new table and indexes only).

-- Bytes of a file upload admitted under the account's files quota while its bytes stream in
-- (server/store/storage-quotas.ts): the quota counts them until the file's row replaces them, so two uploads at
-- once cannot both pass a quota only one fits. A reservation older than an hour is of a process that died.
CREATE TABLE file_upload_reservations (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX file_upload_reservations_account ON file_upload_reservations (account_id, created_at);

-- The account's totals are summed on every upload and recorder chunk.
CREATE INDEX files_account ON files (account_id);
CREATE INDEX recordings_account_cloud ON recordings (account_id) WHERE type = 'cloud';
