-- Custom SQL migration file (issue 14): the day totals cover the days before today at start-up, once, instead of
-- in the first dashboard or profit request after the upgrade (at 1M sale lines a sum of the whole ledger, 2.5 s
-- on PostgreSQL and up to 25 s on a loaded PGlite, with postings held off meanwhile). Later days are covered by
-- the requests, a day at a time (src/server/modules/report/ledger-day-totals.ts).
LOCK TABLE "ledger_entry" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "ledger_day_total" (account_type, account_id, currency_id, branch_id, entry_date, document_type, debit, credit, debit_base, credit_base)
SELECT account_type, ledger_day_total_account(account_type, account_id), currency_id, branch_id, entry_date,
       ledger_day_total_document(account_type, document_type),
       sum(debit), sum(credit), sum(debit * exchange_rate), sum(credit * exchange_rate)
FROM "ledger_entry", "ledger_day_total_state" s
WHERE s.covered_through IS NULL AND entry_date < current_date
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
UPDATE "ledger_day_total_state" SET covered_through = current_date - 1 WHERE covered_through IS NULL;
