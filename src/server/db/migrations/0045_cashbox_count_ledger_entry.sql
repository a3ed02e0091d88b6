ALTER TABLE "cashbox_count" ADD COLUMN "ledger_entry_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counts closed before the column: the cashbox's last ledger row booked no later than the count (its own
-- adjustment is booked in the count's transaction, so it carries the same created_at).
UPDATE "cashbox_count" AS d SET "ledger_entry_id" = coalesce((
  SELECT max(l.id) FROM "ledger_entry" l
  WHERE l.account_type = 'cashbox' AND l.account_id = d.cashbox_id AND l.currency_id = d.currency_id AND l.created_at <= d.created_at
), 0);
