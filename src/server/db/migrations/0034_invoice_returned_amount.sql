-- An invoice's remaining amount and payment status count its returns (core invoiceStanding): the sale and
-- the purchase keep what their returns took back, set by the return services in the return's transaction.
ALTER TABLE "purchase" ADD COLUMN "returned_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale" ADD COLUMN "returned_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "sale" s SET "returned_amount" = r.total FROM (
  SELECT "sale_id", sum("total_price") AS total FROM "sale_return" GROUP BY "sale_id"
) r WHERE r."sale_id" = s."id";--> statement-breakpoint
UPDATE "purchase" p SET "returned_amount" = r.total FROM (
  SELECT "purchase_id", sum("total_price") AS total FROM "purchase_return" GROUP BY "purchase_id"
) r WHERE r."purchase_id" = p."id";--> statement-breakpoint
-- The sale list's payment status over what is owed; the expression must stay written as in
-- src/server/modules/documents/invoice-standing.ts (invoiceStandingSql).
DROP INDEX IF EXISTS "sale_payment_status_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_payment_status_idx" ON "sale" USING btree ((case when "paid_amount" >= greatest("total_price" - "discount" - "returned_amount", 0.00) then 'paid' when "paid_amount" > 0 then 'partial_paid' else 'unpaid' end), "id");--> statement-breakpoint
-- A return's update of its invoice is a side effect, not an edit of the invoice.
SELECT audit_attach('sale', 'paid_amount', 'returned_amount');--> statement-breakpoint
SELECT audit_attach('purchase', 'paid_amount', 'returned_amount');
