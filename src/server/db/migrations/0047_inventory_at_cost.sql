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
--> statement-breakpoint
-- The sale detail's line cost (migration 0031) is the value at cost the line took out of stock, in the document's currency.
CREATE OR REPLACE FUNCTION "sale_item_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.invoice_discount, f.cost, f.profit INTO NEW.invoice_discount, NEW.cost, NEW.profit
  FROM sale s CROSS JOIN LATERAL sale_line_figures(NEW.total_price, 1, NEW.cost_value, s.discount, s.total_price, s.exchange_rate) f
  WHERE s.id = NEW.sale_id;
  IF NOT FOUND THEN
    NEW.invoice_discount := 0;
    NEW.cost := 0;
    NEW.profit := 0;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_item_figures" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_item_figures" BEFORE INSERT OR UPDATE OF "sale_id", "quantity", "total_price", "cost_price", "cost_value", "invoice_discount", "cost", "profit"
  ON "sale_item" FOR EACH ROW EXECUTE FUNCTION sale_item_figures();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sale_detail_day_total_sale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered text := (SELECT covered_through FROM sale_detail_day_total_state);
  new_date text;
  new_branch integer;
  new_currency integer;
  new_live boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    new_date := NEW.input_date;
    new_branch := NEW.branch_id;
    new_currency := NEW.currency_id;
    new_live := NEW.deleted_at IS NULL;
  END IF;
  IF covered IS NOT NULL THEN
    INSERT INTO sale_detail_day_total AS t (input_date, branch_id, currency_id, lines, quantity, discount, total_price,
                                            invoice_discount, cost, profit)
    SELECT k.input_date, k.branch_id, k.currency_id, sum(k.sign), sum(k.sign * si.quantity), sum(k.sign * si.discount * si.quantity),
           sum(k.sign * si.total_price), sum(k.sign * f.invoice_discount), sum(k.sign * f.cost), sum(k.sign * f.profit)
    FROM (VALUES (-1, OLD.input_date, OLD.branch_id, OLD.currency_id, OLD.deleted_at IS NULL),
                 (1, new_date, new_branch, new_currency, new_live)) k(sign, input_date, branch_id, currency_id, live)
    CROSS JOIN sale_item si
    CROSS JOIN LATERAL sale_line_figures(si.total_price, 1, si.cost_value, OLD.discount, OLD.total_price, OLD.exchange_rate) f
    WHERE si.sale_id = OLD.id AND k.live AND k.input_date <= covered
    GROUP BY 1, 2, 3
    ON CONFLICT (input_date, branch_id, currency_id) DO UPDATE SET lines = t.lines + excluded.lines,
      quantity = t.quantity + excluded.quantity, discount = t.discount + excluded.discount,
      total_price = t.total_price + excluded.total_price, invoice_discount = t.invoice_discount + excluded.invoice_discount,
      cost = t.cost + excluded.cost, profit = t.profit + excluded.profit;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The stored lines' figures again from their values (the day totals follow through their own triggers).
UPDATE "sale_item" SET "profit" = "profit";
