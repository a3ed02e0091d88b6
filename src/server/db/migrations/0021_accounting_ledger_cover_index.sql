-- Custom SQL migration file (issue 13 benchmark): the ledger's account index, covering.
-- Keyed as the statements read an account (account_type, account_id, currency_id, then entry_date, id: the
-- statement's order and the keyset of its pages), with debit, credit and branch_id carried in the leaf, so
-- a balance, a statement's count and opening balance, the ids of a page and a supplier's branch filter are
-- read from the index alone (index-only scans) instead of one table page per ledger row. It replaces
-- ledger_account_idx (account_type, account_id, currency_id, entry_date), dropped by migration 0020.
CREATE INDEX IF NOT EXISTS "ledger_account_cover_idx" ON "ledger_entry" USING btree ("account_type", "account_id", "currency_id", "entry_date", "id") INCLUDE ("debit", "credit", "branch_id");
