ALTER TABLE "sale" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "sync_version" bigint;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "xact_id" "xid8";--> statement-breakpoint
CREATE INDEX "sale_tombstone_sync_idx" ON "sale" USING btree ("xact_id","sync_version") WHERE deleted_at is not null;