-- Custom SQL migration file (issue 14, sale detail under 100 ms on PGlite). Two derived stores, both written by
-- triggers in the writing transaction (so every writer keeps them: the sale service, sync replays, the seed, bulk
-- loads), both rebuildable from the documents:
-- 1. each sale line's figures as the report shows them, in the document's currency and rounded to the cent:
--    its share of the invoice discount, its cost (cost_price is booked in the base currency) and its profit, so
--    the page reads and orders by plain columns (ordered by profit: sale_item_profit_idx) instead of three
--    numeric divisions a line;
-- 2. sale_detail_day_total, the sums of those lines per day, branch and currency for the days up to
--    sale_detail_day_total_state.covered_through (never today: every sale of the day would wait on one row),
--    which totals/ reads for a filter of dates, branch and currency alone, adding the lines after the covered
--    day read live (src/server/modules/report/sale-detail-day-totals.ts). Emptying it and setting
--    covered_through to null rebuilds it.

-- The one definition of a line's figures (the expressions the report computed per row before this migration).
CREATE OR REPLACE FUNCTION "sale_line_figures"(line_total numeric, quantity numeric, cost_price numeric, sale_discount numeric,
  sale_total numeric, rate numeric, OUT invoice_discount numeric, OUT cost numeric, OUT profit numeric)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT round(x.d, 2), round(x.c, 2), round(line_total - x.d - x.c, 2)
  FROM (SELECT CASE WHEN sale_total > 0 THEN sale_discount * line_total / sale_total ELSE 0 END AS d,
               coalesce(cost_price * quantity / nullif(rate, 0), 0) AS c) x $$;--> statement-breakpoint
ALTER TABLE "sale_item" ADD COLUMN IF NOT EXISTS "invoice_discount" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_item" ADD COLUMN IF NOT EXISTS "cost" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_item" ADD COLUMN IF NOT EXISTS "profit" numeric DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "sale_item" si SET ("invoice_discount", "cost", "profit") = (
  SELECT f.invoice_discount, f.cost, f.profit
  FROM sale_line_figures(si.total_price, si.quantity, si.cost_price, s.discount, s.total_price, s.exchange_rate) f)
FROM "sale" s WHERE s.id = si.sale_id;--> statement-breakpoint
-- A line written: its figures from its sale (inside one statement that also inserts the sale, as a sale's
-- create does, the sale row is already there when its lines are inserted).
CREATE OR REPLACE FUNCTION "sale_item_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.invoice_discount, f.cost, f.profit INTO NEW.invoice_discount, NEW.cost, NEW.profit
  FROM sale s CROSS JOIN LATERAL sale_line_figures(NEW.total_price, NEW.quantity, NEW.cost_price, s.discount, s.total_price, s.exchange_rate) f
  WHERE s.id = NEW.sale_id;
  IF NOT FOUND THEN
    NEW.invoice_discount := 0;
    NEW.cost := 0;
    NEW.profit := 0;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_item_figures" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_item_figures" BEFORE INSERT OR UPDATE OF "sale_id", "quantity", "total_price", "cost_price", "invoice_discount", "cost", "profit"
  ON "sale_item" FOR EACH ROW EXECUTE FUNCTION sale_item_figures();--> statement-breakpoint
-- A sale's discount, total or rate changed (an edit, extra material): its lines' figures again, through
-- sale_item_figures (the sale row is already the new one).
CREATE OR REPLACE FUNCTION "sale_line_figures_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sale_item SET profit = profit WHERE sale_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_line_figures_refresh" ON "sale";--> statement-breakpoint
CREATE TRIGGER "sale_line_figures_refresh" AFTER UPDATE OF "discount", "total_price", "exchange_rate" ON "sale" FOR EACH ROW
  WHEN (OLD.discount IS DISTINCT FROM NEW.discount OR OLD.total_price IS DISTINCT FROM NEW.total_price
        OR OLD.exchange_rate IS DISTINCT FROM NEW.exchange_rate)
  EXECUTE FUNCTION sale_line_figures_refresh();--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_item_profit_idx" ON "sale_item" USING btree ("profit", "id");--> statement-breakpoint

CREATE TABLE IF NOT EXISTS "sale_detail_day_total" (
  "input_date" text NOT NULL,
  "branch_id" integer NOT NULL,
  "currency_id" integer NOT NULL,
  "lines" bigint NOT NULL,
  "quantity" numeric NOT NULL,
  "discount" numeric NOT NULL,
  "total_price" numeric NOT NULL,
  "invoice_discount" numeric NOT NULL,
  "cost" numeric NOT NULL,
  "profit" numeric NOT NULL,
  PRIMARY KEY ("input_date", "branch_id", "currency_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sale_detail_day_total_state" (
  "singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
  "covered_through" text
);--> statement-breakpoint
INSERT INTO "sale_detail_day_total_state" ("singleton", "covered_through") VALUES (true, NULL) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Lines a statement wrote (TG_ARGV[0] 'new') or removed ('old'), of live sales of covered days, added to their
-- day's totals; the sale as it is now gives the day, branch and currency (sale_detail_day_total_sale moves the
-- lines when those change). One call per statement (transition tables).
CREATE OR REPLACE FUNCTION "sale_detail_day_total_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered text := (SELECT covered_through FROM sale_detail_day_total_state);
BEGIN
  IF covered IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'new' THEN
    INSERT INTO sale_detail_day_total AS t (input_date, branch_id, currency_id, lines, quantity, discount, total_price,
                                            invoice_discount, cost, profit)
    SELECT s.input_date, s.branch_id, s.currency_id, count(*), sum(r.quantity), sum(r.discount * r.quantity), sum(r.total_price),
           sum(r.invoice_discount), sum(r.cost), sum(r.profit)
    FROM new_rows r JOIN sale s ON s.id = r.sale_id
    WHERE s.deleted_at IS NULL AND s.input_date <= covered GROUP BY 1, 2, 3
    ON CONFLICT (input_date, branch_id, currency_id) DO UPDATE SET lines = t.lines + excluded.lines,
      quantity = t.quantity + excluded.quantity, discount = t.discount + excluded.discount,
      total_price = t.total_price + excluded.total_price, invoice_discount = t.invoice_discount + excluded.invoice_discount,
      cost = t.cost + excluded.cost, profit = t.profit + excluded.profit;
  ELSE
    INSERT INTO sale_detail_day_total AS t (input_date, branch_id, currency_id, lines, quantity, discount, total_price,
                                            invoice_discount, cost, profit)
    SELECT s.input_date, s.branch_id, s.currency_id, -count(*), -sum(r.quantity), -sum(r.discount * r.quantity), -sum(r.total_price),
           -sum(r.invoice_discount), -sum(r.cost), -sum(r.profit)
    FROM old_rows r JOIN sale s ON s.id = r.sale_id
    WHERE s.deleted_at IS NULL AND s.input_date <= covered GROUP BY 1, 2, 3
    ON CONFLICT (input_date, branch_id, currency_id) DO UPDATE SET lines = t.lines + excluded.lines,
      quantity = t.quantity + excluded.quantity, discount = t.discount + excluded.discount,
      total_price = t.total_price + excluded.total_price, invoice_discount = t.invoice_discount + excluded.invoice_discount,
      cost = t.cost + excluded.cost, profit = t.profit + excluded.profit;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A sale moved to another day, branch or currency, deleted (tombstone) or removed: its lines' figures as they
-- were (the old discount, total and rate: sale_line_figures_refresh may change them in the same statement, and
-- the lines' trigger then adds that difference where the sale is now) leave the old day and join the new one.
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
    CROSS JOIN LATERAL sale_line_figures(si.total_price, si.quantity, si.cost_price, OLD.discount, OLD.total_price, OLD.exchange_rate) f
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
CREATE OR REPLACE FUNCTION "sale_detail_day_total_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_detail_day_total;
  UPDATE sale_detail_day_total_state SET covered_through = NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_insert" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_insert" AFTER INSERT ON "sale_item" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_detail_day_total_lines('new');--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_update_old" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_update_old" AFTER UPDATE ON "sale_item" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_detail_day_total_lines('old');--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_update_new" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_update_new" AFTER UPDATE ON "sale_item" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_detail_day_total_lines('new');--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_delete" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_delete" AFTER DELETE ON "sale_item" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sale_detail_day_total_lines('old');--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_truncate" ON "sale_item";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_truncate" AFTER TRUNCATE ON "sale_item"
  FOR EACH STATEMENT EXECUTE FUNCTION sale_detail_day_total_reset();--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_move" ON "sale";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_move" AFTER UPDATE OF "input_date", "branch_id", "currency_id", "deleted_at" ON "sale" FOR EACH ROW
  WHEN ((OLD.input_date, OLD.branch_id, OLD.currency_id, OLD.deleted_at IS NULL)
        IS DISTINCT FROM (NEW.input_date, NEW.branch_id, NEW.currency_id, NEW.deleted_at IS NULL))
  EXECUTE FUNCTION sale_detail_day_total_sale();--> statement-breakpoint
-- Before the delete: its lines are still there (the cascade removes them after, when the sale is gone and
-- the lines' trigger finds nothing to subtract).
DROP TRIGGER IF EXISTS "sale_detail_day_total_remove" ON "sale";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_remove" BEFORE DELETE ON "sale" FOR EACH ROW EXECUTE FUNCTION sale_detail_day_total_sale();--> statement-breakpoint
DROP TRIGGER IF EXISTS "sale_detail_day_total_truncate" ON "sale";--> statement-breakpoint
CREATE TRIGGER "sale_detail_day_total_truncate" AFTER TRUNCATE ON "sale"
  FOR EACH STATEMENT EXECUTE FUNCTION sale_detail_day_total_reset();--> statement-breakpoint
-- The days before today covered at start-up, once (at 1M lines a sum of every line), not in the first request.
LOCK TABLE "sale", "sale_item" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "sale_detail_day_total" (input_date, branch_id, currency_id, lines, quantity, discount, total_price, invoice_discount, cost, profit)
SELECT s.input_date, s.branch_id, s.currency_id, count(*), sum(si.quantity), sum(si.discount * si.quantity), sum(si.total_price),
       sum(si.invoice_discount), sum(si.cost), sum(si.profit)
FROM "sale_item" si JOIN "sale" s ON s.id = si.sale_id, "sale_detail_day_total_state" st
WHERE st.covered_through IS NULL AND s.deleted_at IS NULL AND s.input_date < to_char(current_date, 'YYYY-MM-DD')
GROUP BY 1, 2, 3;--> statement-breakpoint
UPDATE "sale_detail_day_total_state" SET covered_through = to_char(current_date - 1, 'YYYY-MM-DD') WHERE covered_through IS NULL;
