CREATE TABLE "ledger_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"account_type" text NOT NULL,
	"account_id" integer,
	"code" text,
	"name" text,
	"name_ar" text,
	"name_ckb" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_key_idx" ON "ledger_account" USING btree ("account_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_code_idx" ON "ledger_account" USING btree ("code");--> statement-breakpoint
-- A change of an account's code or names is audited like other edits.
SELECT audit_attach('ledger_account');
