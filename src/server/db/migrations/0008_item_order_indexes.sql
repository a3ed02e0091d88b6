CREATE INDEX "item_name_order_idx" ON "item" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "item_sale_price_order_idx" ON "item" USING btree ("sale_price","id");--> statement-breakpoint
CREATE INDEX "item_purchase_price_order_idx" ON "item" USING btree ("purchase_price","id");