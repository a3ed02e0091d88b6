CREATE TABLE "payment_debit_allocation" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"supplier_debit_invoice_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_debit_allocation" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"customer_debit_invoice_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_debit_invoice" ADD COLUMN "paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_debit_invoice" ADD COLUMN "paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_debit_allocation" ADD CONSTRAINT "payment_debit_allocation_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_debit_allocation" ADD CONSTRAINT "payment_debit_allocation_supplier_debit_invoice_id_supplier_debit_invoice_id_fk" FOREIGN KEY ("supplier_debit_invoice_id") REFERENCES "public"."supplier_debit_invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_debit_allocation" ADD CONSTRAINT "receipt_debit_allocation_receipt_id_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_debit_allocation" ADD CONSTRAINT "receipt_debit_allocation_customer_debit_invoice_id_customer_debit_invoice_id_fk" FOREIGN KEY ("customer_debit_invoice_id") REFERENCES "public"."customer_debit_invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_debit_allocation_payment_idx" ON "payment_debit_allocation" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_debit_allocation_invoice_idx" ON "payment_debit_allocation" USING btree ("supplier_debit_invoice_id");--> statement-breakpoint
CREATE INDEX "receipt_debit_allocation_receipt_idx" ON "receipt_debit_allocation" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipt_debit_allocation_invoice_idx" ON "receipt_debit_allocation" USING btree ("customer_debit_invoice_id");