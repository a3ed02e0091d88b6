CREATE TABLE "cashbox_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"invoice_no" integer NOT NULL,
	"from_cashbox_id" integer NOT NULL,
	"to_cashbox_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"input_date" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"form_token" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashbox_transfer" ADD CONSTRAINT "cashbox_transfer_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_transfer" ADD CONSTRAINT "cashbox_transfer_from_cashbox_id_cashbox_id_fk" FOREIGN KEY ("from_cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_transfer" ADD CONSTRAINT "cashbox_transfer_to_cashbox_id_cashbox_id_fk" FOREIGN KEY ("to_cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_transfer" ADD CONSTRAINT "cashbox_transfer_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashbox_transfer_branch_idx" ON "cashbox_transfer" USING btree ("branch_id","input_date");