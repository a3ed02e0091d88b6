CREATE TABLE "opening_balance" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_token" text
);
--> statement-breakpoint
CREATE TABLE "opening_balance_money" (
	"id" serial PRIMARY KEY NOT NULL,
	"opening_balance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cashbox_id" integer,
	"customer_id" integer,
	"supplier_id" integer,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_balance_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"opening_balance_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"batch_number" text DEFAULT '' NOT NULL,
	"expire_date" text,
	"quantity" numeric(18, 3) NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"total_cost" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opening_balance" ADD CONSTRAINT "opening_balance_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_money" ADD CONSTRAINT "opening_balance_money_opening_balance_id_opening_balance_id_fk" FOREIGN KEY ("opening_balance_id") REFERENCES "public"."opening_balance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_money" ADD CONSTRAINT "opening_balance_money_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_money" ADD CONSTRAINT "opening_balance_money_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_money" ADD CONSTRAINT "opening_balance_money_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_money" ADD CONSTRAINT "opening_balance_money_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_stock" ADD CONSTRAINT "opening_balance_stock_opening_balance_id_opening_balance_id_fk" FOREIGN KEY ("opening_balance_id") REFERENCES "public"."opening_balance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_stock" ADD CONSTRAINT "opening_balance_stock_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_stock" ADD CONSTRAINT "opening_balance_stock_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_balance_stock" ADD CONSTRAINT "opening_balance_stock_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_balance_branch_uq" ON "opening_balance" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "opening_balance_money_doc_idx" ON "opening_balance_money" USING btree ("opening_balance_id");--> statement-breakpoint
CREATE INDEX "opening_balance_stock_doc_idx" ON "opening_balance_stock" USING btree ("opening_balance_id");--> statement-breakpoint
-- An opening balance is audited like the other documents, so its view's History panel has rows.
SELECT audit_attach('opening_balance');
