-- Custom SQL migration file (issue 14 profit): the day totals of migration 0025 serve profit by day, month and
-- branch too. Revenue and cost-of-goods rows are kept apart by document type (a sale's revenue, a return's),
-- other accounts under '' as before, and each total carries its amounts in the base currency at the rates
-- the rows were booked at (debit_base, credit_base), which profit in the base currency sums. The table is a
-- cache of the ledger: it is rebuilt (covered_through null; the next dashboard or profit report covers the
-- days again from ledger_entry).
DROP TABLE IF EXISTS "ledger_day_total";--> statement-breakpoint
CREATE TABLE "ledger_day_total" (
  "account_type" text NOT NULL,
  "account_id" integer NOT NULL,
  "currency_id" integer NOT NULL,
  "branch_id" integer NOT NULL,
  "entry_date" date NOT NULL,
  "document_type" text NOT NULL,
  "debit" numeric NOT NULL,
  "credit" numeric NOT NULL,
  "debit_base" numeric NOT NULL,
  "credit_base" numeric NOT NULL,
  PRIMARY KEY ("account_type", "account_id", "currency_id", "branch_id", "entry_date", "document_type")
);--> statement-breakpoint
UPDATE "ledger_day_total_state" SET "covered_through" = NULL;--> statement-breakpoint
-- The document type a ledger row is totalled under: its own for revenue and cost of goods (profit tells a
-- sale from a return), none for the other accounts (their balances need no more).
CREATE OR REPLACE FUNCTION "ledger_day_total_document"("account_type" text, "document_type" text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN $1 IN ('revenue', 'cost_of_goods') THEN $2 ELSE '' END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_day_total_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered date := (SELECT covered_through FROM ledger_day_total_state);
BEGIN
  IF covered IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_ARGV[0] = 'new' THEN
    INSERT INTO ledger_day_total AS t (account_type, account_id, currency_id, branch_id, entry_date, document_type,
                                       debit, credit, debit_base, credit_base)
    SELECT r.account_type, ledger_day_total_account(r.account_type, r.account_id), r.currency_id, r.branch_id, r.entry_date,
           ledger_day_total_document(r.account_type, r.document_type),
           sum(r.debit), sum(r.credit), sum(r.debit * r.exchange_rate), sum(r.credit * r.exchange_rate)
    FROM new_rows r WHERE r.entry_date <= covered GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (account_type, account_id, currency_id, branch_id, entry_date, document_type)
    DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit,
                  debit_base = t.debit_base + excluded.debit_base, credit_base = t.credit_base + excluded.credit_base;
  ELSE
    INSERT INTO ledger_day_total AS t (account_type, account_id, currency_id, branch_id, entry_date, document_type,
                                       debit, credit, debit_base, credit_base)
    SELECT r.account_type, ledger_day_total_account(r.account_type, r.account_id), r.currency_id, r.branch_id, r.entry_date,
           ledger_day_total_document(r.account_type, r.document_type),
           -sum(r.debit), -sum(r.credit), -sum(r.debit * r.exchange_rate), -sum(r.credit * r.exchange_rate)
    FROM old_rows r WHERE r.entry_date <= covered GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (account_type, account_id, currency_id, branch_id, entry_date, document_type)
    DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit,
                  debit_base = t.debit_base + excluded.debit_base, credit_base = t.credit_base + excluded.credit_base;
  END IF;
  RETURN NULL;
END $$;
