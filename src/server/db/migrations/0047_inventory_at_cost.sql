ALTER TABLE "sale_item" ADD COLUMN "cost_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return_item" ADD COLUMN "cost_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "damaged_stock_item" ADD COLUMN "cost_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "cost_value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "value" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Rows stocked before the value was kept: worth their quantity at their unit cost, each movement and line the same.
UPDATE "stock" SET "cost_value" = round("quantity" * "purchase_price", 2) WHERE "quantity" <> 0;--> statement-breakpoint
UPDATE "stock_movement" m SET "value" = round(m."quantity" * s."purchase_price", 2) FROM "stock" s WHERE s."id" = m."stock_id";--> statement-breakpoint
UPDATE "sale_item" SET "cost_value" = round("cost_price" * "quantity", 2) WHERE "cost_price" <> 0;--> statement-breakpoint
UPDATE "sale_return_item" SET "cost_value" = round("cost_price" * "quantity", 2) WHERE "cost_price" <> 0;--> statement-breakpoint
UPDATE "damaged_stock_item" SET "cost_value" = round("purchase_price" * "quantity", 2);
