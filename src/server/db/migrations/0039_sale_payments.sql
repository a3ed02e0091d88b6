CREATE TABLE "sale_payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"cashbox_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	"is_change" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_payment" ADD CONSTRAINT "sale_payment_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payment" ADD CONSTRAINT "sale_payment_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payment" ADD CONSTRAINT "sale_payment_currency_id_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_payment_sale_idx" ON "sale_payment" USING btree ("sale_id");