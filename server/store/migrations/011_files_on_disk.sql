-- Saved files live on disk under the data folder (server/files/file-storage.ts): the row keeps where.
-- Rows saved before keep their bytes in `data`.
ALTER TABLE files ALTER COLUMN data DROP NOT NULL;
ALTER TABLE files ADD COLUMN path text;
CREATE INDEX files_call ON files (call_id) WHERE call_id IS NOT NULL;
CREATE INDEX files_appointment ON files (appointment_id) WHERE appointment_id IS NOT NULL;
