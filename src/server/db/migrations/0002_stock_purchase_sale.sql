CREATE TABLE "document_counter" (
	"branch_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counter_branch_id_document_type_pk" PRIMARY KEY("branch_id","document_type")
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"account_type" text NOT NULL,
	"account_id" integer,
	"currency_id" integer NOT NULL,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"exchange_rate" numeric(18, 6) DEFAULT '1' NOT NULL,
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"payment_type" text NOT NULL,
	"cashbox_id" integer,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"supplier_invoice_no" text DEFAULT '' NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"purchase_price" numeric(18, 2) NOT NULL,
	"sale_price" numeric(18, 2) NOT NULL,
	"batch_number" text DEFAULT '' NOT NULL,
	"expire_date" text,
	"total_price" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_return" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"purchase_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_return_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_return_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"total_price" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"payment_type" text NOT NULL,
	"cashbox_id" integer,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"months_count" smallint,
	"premium_receipt_amount" numeric(18, 2),
	"receipt_frequency" text,
	"next_receipt_date" text,
	"guarantor_name" text DEFAULT '' NOT NULL,
	"guarantor_phone" text DEFAULT '' NOT NULL,
	"guarantor_address" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"stock_id" integer,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"fee" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_price" numeric(18, 2) NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"cost_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"is_extra" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_quotation" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"converted_sale_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_quotation_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_quotation_id" integer NOT NULL,
	"stock_id" integer,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"total_price" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_return" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_return_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_return_id" integer NOT NULL,
	"stock_id" integer,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"cost_price" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damaged_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"damaged_stock_type_id" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damaged_stock_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"damaged_stock_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"purchase_price" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damaged_stock_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"sync_version" bigint DEFAULT nextval('sync_version_seq') NOT NULL,
	"xact_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_stock_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"from_inventory_id" integer NOT NULL,
	"to_inventory_id" integer NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_stock_transfer_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_number" text DEFAULT '' NOT NULL,
	"expire_date" text,
	"quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"purchase_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"sale_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"sync_version" bigint DEFAULT nextval('sync_version_seq') NOT NULL,
	"xact_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"balance_after" numeric(18, 3) NOT NULL,
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_counter" ADD CONSTRAINT "document_counter_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_item" ADD CONSTRAINT "purchase_item_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_item" ADD CONSTRAINT "purchase_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_item" ADD CONSTRAINT "purchase_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD CONSTRAINT "purchase_return_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD CONSTRAINT "purchase_return_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD CONSTRAINT "purchase_return_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD CONSTRAINT "purchase_return_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD CONSTRAINT "purchase_return_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_item" ADD CONSTRAINT "purchase_return_item_purchase_return_id_purchase_return_id_fk" FOREIGN KEY ("purchase_return_id") REFERENCES "public"."purchase_return"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_item" ADD CONSTRAINT "purchase_return_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_item" ADD CONSTRAINT "purchase_return_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_item" ADD CONSTRAINT "sale_item_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_item" ADD CONSTRAINT "sale_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_item" ADD CONSTRAINT "sale_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation" ADD CONSTRAINT "sale_quotation_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation" ADD CONSTRAINT "sale_quotation_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation" ADD CONSTRAINT "sale_quotation_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation" ADD CONSTRAINT "sale_quotation_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation" ADD CONSTRAINT "sale_quotation_converted_sale_id_sale_id_fk" FOREIGN KEY ("converted_sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation_item" ADD CONSTRAINT "sale_quotation_item_sale_quotation_id_sale_quotation_id_fk" FOREIGN KEY ("sale_quotation_id") REFERENCES "public"."sale_quotation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation_item" ADD CONSTRAINT "sale_quotation_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_quotation_item" ADD CONSTRAINT "sale_quotation_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return" ADD CONSTRAINT "sale_return_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return" ADD CONSTRAINT "sale_return_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return" ADD CONSTRAINT "sale_return_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return" ADD CONSTRAINT "sale_return_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return" ADD CONSTRAINT "sale_return_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_item" ADD CONSTRAINT "sale_return_item_sale_return_id_sale_return_id_fk" FOREIGN KEY ("sale_return_id") REFERENCES "public"."sale_return"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_item" ADD CONSTRAINT "sale_return_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_item" ADD CONSTRAINT "sale_return_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_stock" ADD CONSTRAINT "damaged_stock_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_stock" ADD CONSTRAINT "damaged_stock_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_stock" ADD CONSTRAINT "damaged_stock_damaged_stock_type_id_damaged_stock_type_id_fk" FOREIGN KEY ("damaged_stock_type_id") REFERENCES "public"."damaged_stock_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_stock_item" ADD CONSTRAINT "damaged_stock_item_damaged_stock_id_damaged_stock_id_fk" FOREIGN KEY ("damaged_stock_id") REFERENCES "public"."damaged_stock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_stock_item" ADD CONSTRAINT "damaged_stock_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damaged_stock_item" ADD CONSTRAINT "damaged_stock_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer" ADD CONSTRAINT "inventory_stock_transfer_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer" ADD CONSTRAINT "inventory_stock_transfer_from_inventory_id_inventory_id_fk" FOREIGN KEY ("from_inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer" ADD CONSTRAINT "inventory_stock_transfer_to_inventory_id_inventory_id_fk" FOREIGN KEY ("to_inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer" ADD CONSTRAINT "inventory_stock_transfer_approved_by_app_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer_item" ADD CONSTRAINT "inventory_stock_transfer_item_transfer_id_inventory_stock_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."inventory_stock_transfer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer_item" ADD CONSTRAINT "inventory_stock_transfer_item_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock_transfer_item" ADD CONSTRAINT "inventory_stock_transfer_item_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_inventory_id_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_stock_id_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."stock"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_account_idx" ON "ledger_entry" USING btree ("account_type","account_id","currency_id","entry_date");--> statement-breakpoint
CREATE INDEX "ledger_document_idx" ON "ledger_entry" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "purchase_branch_idx" ON "purchase" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "purchase_supplier_idx" ON "purchase" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_item_purchase_idx" ON "purchase_item" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_return_purchase_idx" ON "purchase_return" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_return_branch_idx" ON "purchase_return" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "sale_branch_idx" ON "sale" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "sale_customer_idx" ON "sale" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sale_item_sale_idx" ON "sale_item" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_quotation_branch_idx" ON "sale_quotation" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "sale_return_sale_idx" ON "sale_return" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_return_branch_idx" ON "sale_return" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "damaged_stock_branch_idx" ON "damaged_stock" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE INDEX "transfer_branch_idx" ON "inventory_stock_transfer" USING btree ("branch_id","input_date");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_identity_uq" ON "stock" USING btree ("inventory_id","item_id","batch_number",coalesce("expire_date", ''));--> statement-breakpoint
CREATE INDEX "stock_item_idx" ON "stock" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "stock_branch_idx" ON "stock" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "stock_sync_idx" ON "stock" USING btree ("xact_id","sync_version");--> statement-breakpoint
CREATE INDEX "stock_movement_stock_idx" ON "stock_movement" USING btree ("stock_id","id");--> statement-breakpoint
CREATE INDEX "stock_movement_document_idx" ON "stock_movement" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "stock_movement_item_idx" ON "stock_movement" USING btree ("item_id","created_at");