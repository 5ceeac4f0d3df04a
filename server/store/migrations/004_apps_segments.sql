-- Custom apps (SPEC §2 "Apps panel"): a segment whose customers run the account's app beside the call.
-- The console shows the apps view from the account's settings.apps; this flag tells the customer page
-- of a segment to act as that app (the reference server's device simulator).
ALTER TABLE segments ADD COLUMN apps_enabled boolean NOT NULL DEFAULT false;
