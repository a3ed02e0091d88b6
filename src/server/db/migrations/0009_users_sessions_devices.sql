CREATE TABLE "login_device" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_cashbox" (
	"user_id" integer NOT NULL,
	"cashbox_id" integer NOT NULL,
	CONSTRAINT "user_cashbox_user_id_cashbox_id_pk" PRIMARY KEY("user_id","cashbox_id")
);
--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_token" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failure" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "login_device" ADD CONSTRAINT "login_device_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cashbox" ADD CONSTRAINT "user_cashbox_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_cashbox" ADD CONSTRAINT "user_cashbox_cashbox_id_cashbox_id_fk" FOREIGN KEY ("cashbox_id") REFERENCES "public"."cashbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_device_hash_uq" ON "login_device" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "login_device_user_idx" ON "login_device" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_token_user_idx" ON "auth_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_failure_device_idx" ON "login_failure" USING btree ("device_id","at");