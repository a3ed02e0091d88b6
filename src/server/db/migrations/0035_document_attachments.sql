CREATE TABLE "document_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer,
	"expense_id" integer,
	"payment_id" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_attachment_one_document" CHECK (num_nonnulls("document_attachment"."purchase_id", "document_attachment"."expense_id", "document_attachment"."payment_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "document_attachment" ADD CONSTRAINT "document_attachment_purchase_id_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachment" ADD CONSTRAINT "document_attachment_expense_id_expense_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expense"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachment" ADD CONSTRAINT "document_attachment_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_attachment_purchase_idx" ON "document_attachment" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "document_attachment_expense_idx" ON "document_attachment" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "document_attachment_payment_idx" ON "document_attachment" USING btree ("payment_id");