CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"saved_search_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_opened_openings" (
	"user_id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_opened_openings_user_id_opening_id_pk" PRIMARY KEY("user_id","opening_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"login_family_id" uuid,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"expires_at" timestamp with time zone,
	"user_agent" text DEFAULT '' NOT NULL,
	"kinds" text[] DEFAULT ARRAY['opening_alerts','saved_search_alerts','new_messages']::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("push_subscriptions"."endpoint") <= 1024),
	CONSTRAINT "push_subscriptions_keys_length" CHECK (char_length("push_subscriptions"."p256dh") <= 128 AND char_length("push_subscriptions"."auth") <= 64),
	CONSTRAINT "push_subscriptions_user_agent_length" CHECK (char_length("push_subscriptions"."user_agent") <= 512),
	CONSTRAINT "push_subscriptions_kinds_known" CHECK ("push_subscriptions"."kinds" <@ ARRAY['opening_alerts','saved_search_alerts','new_messages']::text[])
);
--> statement-breakpoint
ALTER TABLE "provider_insight_days" ADD COLUMN "push_opens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_quiet_start" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_quiet_end" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_quiet_zone" text;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_opened_openings" ADD CONSTRAINT "push_opened_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_opened_openings" ADD CONSTRAINT "push_opened_openings_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_login_family_id_login_sessions_family_id_fk" FOREIGN KEY ("login_family_id") REFERENCES "public"."login_sessions"("family_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_subject_idx" ON "push_deliveries" USING btree ("subscription_id","subject_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_family_idx" ON "push_subscriptions" USING btree ("login_family_id") WHERE "push_subscriptions"."login_family_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_push_quiet_hours" CHECK (("users"."push_quiet_start" IS NULL AND "users"."push_quiet_end" IS NULL AND "users"."push_quiet_zone" IS NULL) OR ("users"."push_quiet_start" BETWEEN 0 AND 1439 AND "users"."push_quiet_end" BETWEEN 0 AND 1439 AND "users"."push_quiet_start" <> "users"."push_quiet_end" AND char_length("users"."push_quiet_zone") BETWEEN 1 AND 64));