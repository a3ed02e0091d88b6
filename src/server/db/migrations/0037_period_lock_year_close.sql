CREATE TABLE "period_lock" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer,
	"lock_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_lock_branch_key" UNIQUE NULLS NOT DISTINCT("branch_id")
);
--> statement-breakpoint
CREATE TABLE "year_close" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"year" integer NOT NULL,
	"previous_lock_date" date,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "period_lock" ADD CONSTRAINT "period_lock_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_close" ADD CONSTRAINT "year_close_branch_id_branch_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "year_close_open_idx" ON "year_close" USING btree ("branch_id","year") WHERE reopened_at is null;--> statement-breakpoint
-- A lock's change and a year's close and reopen are audited like other edits.
SELECT audit_attach('period_lock');--> statement-breakpoint
SELECT audit_attach('year_close');
