-- Devices pull changes ordered by (transaction id, version): one index per cached table.
CREATE INDEX IF NOT EXISTS "branch_sync_idx" ON "branch" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventory_sync_idx" ON "inventory" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "currency_sync_idx" ON "currency" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "exchange_rate_sync_idx" ON "exchange_rate" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cashbox_sync_idx" ON "cashbox" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "setting_sync_idx" ON "setting" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "print_info_sync_idx" ON "print_info" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "measurement_sync_idx" ON "measurement" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_group_sync_idx" ON "item_group" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_subgroup_sync_idx" ON "item_subgroup" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "city_sync_idx" ON "city" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_sync_idx" ON "item" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supplier_sync_idx" ON "supplier" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_sync_idx" ON "customer" ("xact_id", "sync_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partner_sync_idx" ON "partner" ("xact_id", "sync_version");
--> statement-breakpoint
-- Lists sort text case-insensitively and filter by prefix with lower(): indexes for both.
CREATE INDEX IF NOT EXISTS "item_name_lower_idx" ON "item" (lower("name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_name_prefix_idx" ON "item" (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_code_lower_idx" ON "item" (lower("code"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "item_code_prefix_idx" ON "item" (lower("code") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_name_lower_idx" ON "customer" (lower("name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customer_name_prefix_idx" ON "customer" (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supplier_name_lower_idx" ON "supplier" (lower("name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supplier_name_prefix_idx" ON "supplier" (lower("name") text_pattern_ops);
