-- The HR records are audited like the other areas' (see src/server/modules/audit/audit.service.ts).
-- Pay run lines and ledger rows are not: their pay run is the record audited.
SELECT audit_attach('position');--> statement-breakpoint
SELECT audit_attach('employee');--> statement-breakpoint
SELECT audit_attach('employee_contract');--> statement-breakpoint
SELECT audit_attach('payroll');--> statement-breakpoint
SELECT audit_attach('salary_advance');
