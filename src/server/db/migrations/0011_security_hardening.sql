CREATE TABLE "login_addresses" (
	"user_id" uuid NOT NULL,
	"ip_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_addresses_user_id_ip_hash_pk" PRIMARY KEY("user_id","ip_hash")
);
--> statement-breakpoint
CREATE TABLE "revoked_access_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_logs" ADD COLUMN "via_page" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_ip_hash" text;--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_access_tokens_expires_idx" ON "revoked_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree (lower("to_address"),"created_at");