-- Report lists (issue 14): sale detail filtered by item, and the lines of a sale return (read by the
-- sale return detail list, the profit report and every return view), which had no index on their document.
CREATE INDEX IF NOT EXISTS "sale_item_item_idx" ON "sale_item" ("item_id", "sale_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_return_item_return_idx" ON "sale_return_item" ("sale_return_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_return_item_item_idx" ON "sale_return_item" ("item_id");
