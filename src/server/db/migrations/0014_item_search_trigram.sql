-- The item list's search (name, code or barcode containing the term, `ilike '%term%'`) read every
-- item: 255 ms over 100k items on PGlite for a scanned barcode. Trigram indexes let it read only the
-- matching rows for terms of three characters or more. pg_trgm is a trusted extension (PostgreSQL 13+):
-- the database's owner may create it; PGlite loads it at start-up (db/client.ts). A small pending
-- list (64 kB, not 4 MB): PGlite has no autovacuum to merge GIN's pending list, and a full one made the
-- planner cost the index above a full scan; turning the list off made bulk item imports six times slower.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_name_trgm_idx" ON "item" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_code_trgm_idx" ON "item" USING gin ("code" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_barcode_trgm_idx" ON "item" USING gin ("barcode" gin_trgm_ops) WITH (gin_pending_list_limit = 64);
