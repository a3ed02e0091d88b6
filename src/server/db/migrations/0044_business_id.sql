-- Custom SQL migration file (the device's safety net): the business's own id, a UUID made once, here, when
-- the database is created or first migrated to this version. A file of unsynced documents names the
-- business by it (web/offline/outbox-file.ts), since the server's address changes (a new address, a tunnel)
-- and two businesses can share one (localhost). It is a setting row, so every signed-in device learns it
-- with the settings it already reads at start-up and pulls through the sync; no route writes it.
INSERT INTO "setting" ("key", "value") VALUES ('business_id', gen_random_uuid()::text) ON CONFLICT ("key") DO NOTHING;
