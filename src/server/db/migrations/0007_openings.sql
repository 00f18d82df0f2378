CREATE TABLE "opening_alert_dispatches" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_alert_sends" (
	"user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "opening_alert_sends_user_id_provider_id_pk" PRIMARY KEY("user_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"price" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"note" text,
	"location_override" text,
	"booking_link_override" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "openings_end_after_start" CHECK ("openings"."end_time" > "openings"."start_time"),
	CONSTRAINT "openings_text_lengths" CHECK (char_length("openings"."service_type") <= 100 and char_length(coalesce("openings"."price", '')) <= 50 and char_length(coalesce("openings"."note", '')) <= 500 and char_length(coalesce("openings"."location_override", '')) <= 200 and char_length(coalesce("openings"."booking_link_override", '')) <= 2048)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "alert_user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "alert_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "opening_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_alert_dispatches" ADD CONSTRAINT "opening_alert_dispatches_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_alert_sends" ADD CONSTRAINT "opening_alert_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_alert_sends" ADD CONSTRAINT "opening_alert_sends_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openings" ADD CONSTRAINT "openings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_alert_dispatches_due_idx" ON "opening_alert_dispatches" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "openings_active_start_idx" ON "openings" USING btree ("start_time","id") WHERE "openings"."is_active";--> statement-breakpoint
CREATE INDEX "openings_provider_start_idx" ON "openings" USING btree ("provider_id","start_time");