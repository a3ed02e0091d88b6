CREATE TABLE "password_check_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "key" text;--> statement-breakpoint
-- Media urls name an unguessable key, never the row id: each stored row gets 122 random bits
-- (gen_random_uuid, built in), base64url without padding, 22 characters like the keys the server makes.
UPDATE "media" SET "key" = rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
-- The items and print headers that show a picture answer a new url: the devices pull them again.
UPDATE "item" SET "sync_version" = nextval('sync_version_seq'), "xact_id" = pg_current_xact_id() WHERE "image_media_id" IS NOT NULL;--> statement-breakpoint
UPDATE "print_info" SET "sync_version" = nextval('sync_version_seq'), "xact_id" = pg_current_xact_id() WHERE "logo_media_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "password_check_failure" ADD CONSTRAINT "password_check_failure_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_check_failure_user_idx" ON "password_check_failure" USING btree ("user_id","at");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_key_uq" UNIQUE("key");