-- The financial statements' day totals. The trial balance,
-- profit and loss, balance sheet and general ledger sum every ledger line up to their end (2M lines: seconds);
-- ledger_account_day_total holds those sums per day, account (each party its own, unlike ledger_day_total's
-- account 0), currency, branch and kind ('sale_return' and 'year_close' apart, which the statements tell
-- from the rest; '' for every other document), for every day up to its state's covered_through: the lines'
-- count, debit and credit, and their base values as the statements read a line (its amount at its rate, to
-- cents, then summed), so a sum of totals equals the sum of the lines to the cent. Fixed accounts (no id) are
-- kept as account 0. A cache of the ledger, kept exact by the triggers below in the writing transaction and
-- covered further by the statements (src/server/modules/accounting/statement-day-totals.ts); rebuilt by
-- emptying it and setting covered_through to null.
CREATE TABLE IF NOT EXISTS "ledger_account_day_total" (
  "account_type" text NOT NULL,
  "account_id" integer NOT NULL,
  "currency_id" integer NOT NULL,
  "branch_id" integer NOT NULL,
  "entry_date" date NOT NULL,
  "kind" text NOT NULL,
  "lines" bigint NOT NULL,
  "debit" numeric NOT NULL,
  "credit" numeric NOT NULL,
  "debit_base" numeric NOT NULL,
  "credit_base" numeric NOT NULL,
  PRIMARY KEY ("account_type", "account_id", "entry_date", "currency_id", "branch_id", "kind")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ledger_account_day_total_state" (
  "singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
  "covered_through" date
);--> statement-breakpoint
INSERT INTO "ledger_account_day_total_state" ("singleton", "covered_through") VALUES (true, NULL) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The kind a ledger line is totalled under: what the statements filter on, nothing more.
CREATE OR REPLACE FUNCTION "ledger_account_day_kind"("document_type" text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN $1 IN ('sale_return', 'year_close') THEN $1 ELSE '' END $$;--> statement-breakpoint
-- Adds the lines of covered days a statement wrote (TG_ARGV[0] 'new') or removed ('old') to their totals,
-- one call per statement (transition tables), as ledger_day_total_track does.
CREATE OR REPLACE FUNCTION "ledger_account_day_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered date := (SELECT covered_through FROM ledger_account_day_total_state);
BEGIN
  IF covered IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'new' THEN
    INSERT INTO ledger_account_day_total AS t (account_type, account_id, entry_date, currency_id, branch_id, kind,
                                               lines, debit, credit, debit_base, credit_base)
    SELECT r.account_type, coalesce(r.account_id, 0), r.entry_date, r.currency_id, r.branch_id, ledger_account_day_kind(r.document_type),
           count(*), sum(r.debit), sum(r.credit), sum(round(r.debit * r.exchange_rate, 2)), sum(round(r.credit * r.exchange_rate, 2))
    FROM new_rows r WHERE r.entry_date <= covered GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (account_type, account_id, entry_date, currency_id, branch_id, kind)
    DO UPDATE SET lines = t.lines + excluded.lines, debit = t.debit + excluded.debit, credit = t.credit + excluded.credit,
                  debit_base = t.debit_base + excluded.debit_base, credit_base = t.credit_base + excluded.credit_base;
  ELSE
    INSERT INTO ledger_account_day_total AS t (account_type, account_id, entry_date, currency_id, branch_id, kind,
                                               lines, debit, credit, debit_base, credit_base)
    SELECT r.account_type, coalesce(r.account_id, 0), r.entry_date, r.currency_id, r.branch_id, ledger_account_day_kind(r.document_type),
           -count(*), -sum(r.debit), -sum(r.credit), -sum(round(r.debit * r.exchange_rate, 2)), -sum(round(r.credit * r.exchange_rate, 2))
    FROM old_rows r WHERE r.entry_date <= covered GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (account_type, account_id, entry_date, currency_id, branch_id, kind)
    DO UPDATE SET lines = t.lines + excluded.lines, debit = t.debit + excluded.debit, credit = t.credit + excluded.credit,
                  debit_base = t.debit_base + excluded.debit_base, credit_base = t.credit_base + excluded.credit_base;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_account_day_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_account_day_total;
  UPDATE ledger_account_day_total_state SET covered_through = NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_account_day_insert" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_account_day_insert" AFTER INSERT ON "ledger_entry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_day_track('new');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_account_day_update_old" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_account_day_update_old" AFTER UPDATE ON "ledger_entry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_day_track('old');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_account_day_update_new" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_account_day_update_new" AFTER UPDATE ON "ledger_entry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_day_track('new');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_account_day_delete" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_account_day_delete" AFTER DELETE ON "ledger_entry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_day_track('old');--> statement-breakpoint
DROP TRIGGER IF EXISTS "ledger_account_day_truncate" ON "ledger_entry";--> statement-breakpoint
CREATE TRIGGER "ledger_account_day_truncate" AFTER TRUNCATE ON "ledger_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_day_reset();--> statement-breakpoint
-- A general-ledger page in the account's order (date, then entry) whatever its currency: the page's lines
-- from their first day on, instead of every line of the period sorted.
CREATE INDEX IF NOT EXISTS "ledger_account_date_idx" ON "ledger_entry" USING btree ("account_type", "account_id", "entry_date", "id");--> statement-breakpoint
-- The lines after the covered day (today's, mostly), which a statement reads live, found by their date.
CREATE INDEX IF NOT EXISTS "ledger_entry_date_idx" ON "ledger_entry" USING btree ("entry_date");--> statement-breakpoint
-- The days before today covered at start-up, once (as migration 0029 does for ledger_day_total).
LOCK TABLE "ledger_entry" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "ledger_account_day_total" (account_type, account_id, entry_date, currency_id, branch_id, kind,
                                        lines, debit, credit, debit_base, credit_base)
SELECT account_type, coalesce(account_id, 0), entry_date, currency_id, branch_id, ledger_account_day_kind(document_type),
       count(*), sum(debit), sum(credit), sum(round(debit * exchange_rate, 2)), sum(round(credit * exchange_rate, 2))
FROM "ledger_entry", "ledger_account_day_total_state" s
WHERE s.covered_through IS NULL AND entry_date < current_date
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
UPDATE "ledger_account_day_total_state" SET covered_through = current_date - 1 WHERE covered_through IS NULL;
