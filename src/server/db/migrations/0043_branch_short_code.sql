ALTER TABLE "branch" ADD COLUMN "short_code" text;--> statement-breakpoint
ALTER TABLE "branch" ADD CONSTRAINT "branch_short_code_unique" UNIQUE("short_code");