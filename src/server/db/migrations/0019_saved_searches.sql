CREATE TABLE "saved_search_alert_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"saved_search_id" uuid,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_alerted_openings" (
	"user_id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	CONSTRAINT "saved_search_alerted_openings_user_id_opening_id_pk" PRIMARY KEY("user_id","opening_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"opening_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saved_search_matches_saved_search_id_opening_id_pk" PRIMARY KEY("saved_search_id","opening_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_cap" smallint DEFAULT 3 NOT NULL,
	CONSTRAINT "saved_search_settings_cap" CHECK ("saved_search_settings"."daily_cap" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"alert" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alert_at" timestamp with time zone,
	"match_tsquery" "tsquery",
	"match_service_tsquery" "tsquery",
	"match_category" text,
	"match_stems" text[] DEFAULT '{}'::text[] NOT NULL,
	"match_cells" integer[] NOT NULL,
	"match_latitude" double precision,
	"match_longitude" double precision,
	"match_point" "cube",
	"match_chord" double precision,
	"match_price_min" numeric,
	"match_price_max" numeric,
	"match_hours" integer[],
	"match_date" text,
	"match_amenities" text[],
	"match_min_rating" numeric,
	CONSTRAINT "saved_searches_name_length" CHECK (char_length("saved_searches"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "alert_saved_search_id" uuid;--> statement-breakpoint
ALTER TABLE "saved_search_alert_sends" ADD CONSTRAINT "saved_search_alert_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alert_sends" ADD CONSTRAINT "saved_search_alert_sends_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerted_openings" ADD CONSTRAINT "saved_search_alerted_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerted_openings" ADD CONSTRAINT "saved_search_alerted_openings_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_opening_id_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_settings" ADD CONSTRAINT "saved_search_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_alert_sends_user_idx" ON "saved_search_alert_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "saved_search_matches_created_idx" ON "saved_search_matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_cells_idx" ON "saved_searches" USING gin ("match_cells") WHERE "saved_searches"."alert";--> statement-breakpoint
CREATE INDEX "saved_searches_stems_idx" ON "saved_searches" USING gin ("match_stems") WHERE "saved_searches"."alert";