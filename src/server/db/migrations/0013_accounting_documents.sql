CREATE TABLE "capital" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"direction" text NOT NULL,
	"partner_id" integer,
	"cashbox_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashbox_adjustment" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cashbox_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"expected_balance" numeric(18, 2) NOT NULL,
	"counted_balance" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashbox_count" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cashbox_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"shift" text DEFAULT '' NOT NULL,
	"expected_balance" numeric(18, 2) NOT NULL,
	"counted_balance" numeric(18, 2) NOT NULL,
	"difference" numeric(18, 2) NOT NULL,
	"closed_by" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"adjustment_id" integer
);
--> statement-breakpoint
CREATE TABLE "cashbox_money_conversion" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_cashbox_id" integer NOT NULL,
	"to_cashbox_id" integer NOT NULL,
	"from_currency_id" integer NOT NULL,
	"to_currency_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount_in" numeric(18, 2) NOT NULL,
	"from_rate" numeric(18, 6) NOT NULL,
	"to_rate" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_debit_invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_debit_invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capital" ADD CONSTRAINT "capital_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital" ADD CONSTRAINT "capital_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital" ADD CONSTRAINT "capital_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital" ADD CONSTRAINT "capital_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_adjustment" ADD CONSTRAINT "cashbox_adjustment_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_adjustment" ADD CONSTRAINT "cashbox_adjustment_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_adjustment" ADD CONSTRAINT "cashbox_adjustment_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_count" ADD CONSTRAINT "cashbox_count_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_count" ADD CONSTRAINT "cashbox_count_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_count" ADD CONSTRAINT "cashbox_count_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_count" ADD CONSTRAINT "cashbox_count_closed_by_app_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_count" ADD CONSTRAINT "cashbox_count_adjustment_id_cashbox_adjustment_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."cashbox_adjustment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_money_conversion" ADD CONSTRAINT "cashbox_money_conversion_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_money_conversion" ADD CONSTRAINT "cashbox_money_conversion_from_cashbox_id_cashbox_id_fk" FOREIGN KEY ("from_cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_money_conversion" ADD CONSTRAINT "cashbox_money_conversion_to_cashbox_id_cashbox_id_fk" FOREIGN KEY ("to_cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_money_conversion" ADD CONSTRAINT "cashbox_money_conversion_from_currency_id_currency_id_fk" FOREIGN KEY ("from_currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_money_conversion" ADD CONSTRAINT "cashbox_money_conversion_to_currency_id_currency_id_fk" FOREIGN KEY ("to_currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_debit_invoice" ADD CONSTRAINT "customer_debit_invoice_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_debit_invoice" ADD CONSTRAINT "customer_debit_invoice_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_debit_invoice" ADD CONSTRAINT "customer_debit_invoice_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_debit_invoice" ADD CONSTRAINT "supplier_debit_invoice_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_debit_invoice" ADD CONSTRAINT "supplier_debit_invoice_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_debit_invoice" ADD CONSTRAINT "supplier_debit_invoice_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capital_branch_idx" ON "capital" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "cashbox_adjustment_branch_idx" ON "cashbox_adjustment" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "cashbox_count_branch_idx" ON "cashbox_count" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "cashbox_count_adjustment_idx" ON "cashbox_count" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "cashbox_money_conversion_branch_idx" ON "cashbox_money_conversion" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "customer_debit_invoice_branch_idx" ON "customer_debit_invoice" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "customer_debit_invoice_party_idx" ON "customer_debit_invoice" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "supplier_debit_invoice_branch_idx" ON "supplier_debit_invoice" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "supplier_debit_invoice_party_idx" ON "supplier_debit_invoice" USING btree ("supplier_id");