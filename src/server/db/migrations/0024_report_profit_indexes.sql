-- Custom SQL migration file (issue 14 benchmark): the profit report's rows of the ledger. Profit by day,
-- month or branch in the base currency sums the revenue and cost-of-goods rows of a date range (a third of
-- the ledger's rows: a sale also posts its customer, cashbox and inventory rows); this partial index holds
-- only those rows, keyed by date and branch, with every column the report reads in the leaf, so a year is
-- read from the index alone (an index-only scan) instead of every ledger row of the table.
CREATE INDEX IF NOT EXISTS "ledger_profit_idx" ON "ledger_entry" USING btree ("entry_date", "branch_id") INCLUDE ("account_type", "document_type", "debit", "credit", "exchange_rate") WHERE "account_type" IN ('revenue', 'cost_of_goods');
