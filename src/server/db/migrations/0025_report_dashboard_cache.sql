-- Custom SQL migration file (issue 14 dashboard): the balances of closed days, a derived cache of the ledger.
-- What customers owe sums every customer row of the ledger since the first sale (650k rows at 1M sale
-- lines), too slow for the dashboard's 300 ms on PGlite. ledger_day_total holds the ledger's debit and credit
-- per day, branch, account and currency for every day up to ledger_day_total_state.covered_through (customers
-- and suppliers summed together as account 0: the dashboard asks for all of them), and a balance is that plus
-- the ledger rows after the covered day, read live. It is never written by the application: the statement
-- triggers below add every ledger row of a covered day as it is written (a document booked into a past day),
-- in the writing transaction, and the dashboard extends the covered days (src/server/modules/report/
-- ledger-day-totals.ts). Rebuilt from the ledger at any time by emptying it and setting covered_through to null.
CREATE TABLE IF NOT EXISTS "ledger_day_total" (
  "account_type" text NOT NULL,
  "account_id" integer NOT NULL,
  "currency_id" integer NOT NULL,
  "branch_id" integer NOT NULL,
  "entry_date" date NOT NULL,
  "debit" numeric NOT NULL,
  "credit" numeric NOT NULL,
  PRIMARY KEY ("account_type", "account_id", "currency_id", "branch_id", "entry_date")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_day_total_state" (
  "singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
  "covered_through" date
);--> statement-breakpoint
INSERT INTO "ledger_day_total_state" ("singleton", "covered_through") VALUES (true, NULL) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The account a ledger row is totalled under: customers and suppliers as one (account 0), others by id.
CREATE OR REPLACE FUNCTION "ledger_day_total_account"("account_type" text, "account_id" integer) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN $1 IN ('customer', 'supplier') THEN 0 ELSE coalesce($2, 0) END $$;--> statement-breakpoint
-- Adds the ledger rows of covered days a statement wrote (TG_ARGV[0] 'new') or removed ('old') to their
-- totals. One call per statement (transition tables): a document's posting is one insert, and nothing is read
-- while no day is covered yet. Static statements (planned once), one per transition table.
CREATE OR REPLACE FUNCTION "ledger_day_total_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered date := (SELECT covered_through FROM ledger_day_total_state);
BEGIN
  IF covered IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'new' THEN
    INSERT INTO ledger_day_total AS t (account_type, account_id, currency_id, branch_id, entry_date, debit, credit)
    SELECT r.account_type, ledger_day_total_account(r.account_type, r.account_id), r.currency_id, r.branch_id, r.entry_date,
           sum(r.debit), sum(r.credit)
    FROM new_rows r WHERE r.entry_date <= covered GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (account_type, account_id, currency_id, branch_id, entry_date)
    DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
  ELSE
    INSERT INTO ledger_day_total AS t (account_type, account_id, currency_id, branch_id, entry_date, debit, credit)
    SELECT r.account_type, ledger_day_total_account(r.account_type, r.account_id), r.currency_id, r.branch_id, r.entry_date,
           -sum(r.debit), -sum(r.credit)
    FROM old_rows r WHERE r.entry_date <= covered GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (account_type, account_id, currency_id, branch_id, entry_date)
    DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_day_total_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_day_total;
  UPDATE ledger_day_total_state SET covered_through = NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_day_total_insert" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_day_total_insert" AFTER INSERT ON "ledger_entry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_total_track('new');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_day_total_update_old" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_day_total_update_old" AFTER UPDATE ON "ledger_entry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_total_track('old');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_day_total_update_new" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_day_total_update_new" AFTER UPDATE ON "ledger_entry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_total_track('new');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_day_total_delete" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_day_total_delete" AFTER DELETE ON "ledger_entry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_total_track('old');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_day_total_truncate" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_day_total_truncate" AFTER TRUNCATE ON "ledger_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_total_reset();--> statement-breakpoint
-- A balance's rows after the covered day, by account type and date (what customers owe: every customer's
-- rows of today), read from the index alone.
CREATE INDEX IF NOT EXISTS "ledger_type_date_idx" ON "ledger_entry" USING btree ("account_type", "entry_date")
  INCLUDE ("account_id", "currency_id", "branch_id", "debit", "credit");--> statement-breakpoint
-- The dashboard's sales of two months (sales figures and the chart by day) from the index alone.
CREATE INDEX IF NOT EXISTS "sale_branch_date_cover_idx" ON "sale" USING btree ("branch_id", "input_date")
  INCLUDE ("total_price", "discount", "exchange_rate") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- A sale's lines from the index alone: the dashboard's top items of 30 days (a probe a sale), and the sale
-- detail's sums (migration 0026 names this same index, with the columns its sums read: found made here).
CREATE INDEX IF NOT EXISTS "sale_item_sums_idx" ON "sale_item" USING btree ("sale_id")
  INCLUDE ("item_id", "quantity", "discount", "total_price", "cost_price");
