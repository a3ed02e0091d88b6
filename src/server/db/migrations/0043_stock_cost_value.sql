ALTER TABLE "stock" ADD COLUMN "cost_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Rows stocked before the value was kept: worth their quantity at their unit cost, and each movement the same.
UPDATE "stock" SET "cost_value" = round("quantity" * "purchase_price", 2) WHERE "quantity" <> 0;--> statement-breakpoint
UPDATE "stock_movement" m SET "value" = round(m."quantity" * s."purchase_price", 2) FROM "stock" s WHERE s."id" = m."stock_id";
