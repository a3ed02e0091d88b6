CREATE TABLE "credit_note_use" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_type" text NOT NULL,
	"return_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"document_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_return" ADD COLUMN "refund_cashbox_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD COLUMN "refund_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_return" ADD COLUMN "credit_note_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return" ADD COLUMN "refund_cashbox_id" integer;--> statement-breakpoint
ALTER TABLE "sale_return" ADD COLUMN "refund_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_return" ADD COLUMN "credit_note_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_note_use_return_idx" ON "credit_note_use" USING btree ("return_type","return_id");--> statement-breakpoint
CREATE INDEX "credit_note_use_document_idx" ON "credit_note_use" USING btree ("document_type","document_id");--> statement-breakpoint
ALTER TABLE "purchase_return" ADD CONSTRAINT "purchase_return_refund_cashbox_id_cashbox_id_fk" FOREIGN KEY ("refund_cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return" ADD CONSTRAINT "sale_return_refund_cashbox_id_cashbox_id_fk" FOREIGN KEY ("refund_cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;