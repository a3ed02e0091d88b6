-- Sale list orderings people pick from the column headers (issue 16): the invoice number and the total,
-- each with the list's `id` tie-break, so a page walks 51 index entries in either direction instead of
-- sorting every sale (the date and the net price have theirs since 0003). The list engine orders these
-- not-null columns plain asc/desc (no nulls clause), which the btree serves both ways.
CREATE INDEX IF NOT EXISTS "sale_invoice_no_order_idx" ON "sale" USING btree ("invoice_no", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_total_price_order_idx" ON "sale" USING btree ("total_price", "id");
