-- The ledger documents of issue 13 that 0012 predates are audited like the other money documents
-- (see src/server/modules/audit/audit.service.ts), so their views' History panel has rows.
-- A count's adjustment_id is set in the count's own transaction (one row); a debit invoice's paid_amount
-- moves when a receipt or payment settles it, a side effect and not an edit of the invoice.
SELECT audit_attach('capital');--> statement-breakpoint
SELECT audit_attach('cashbox_adjustment');--> statement-breakpoint
SELECT audit_attach('cashbox_count');--> statement-breakpoint
SELECT audit_attach('cashbox_money_conversion');--> statement-breakpoint
SELECT audit_attach('customer_debit_invoice', 'paid_amount');--> statement-breakpoint
SELECT audit_attach('supplier_debit_invoice', 'paid_amount');
