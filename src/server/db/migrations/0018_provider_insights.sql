CREATE TABLE "insight_day_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_view_keys" (
	"provider_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	CONSTRAINT "insight_view_keys_provider_id_day_visitor_key_pk" PRIMARY KEY("provider_id","day","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "provider_insight_days" (
	"provider_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"new_favorites" integer DEFAULT 0 NOT NULL,
	"alert_inclusions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_insight_days_provider_id_day_pk" PRIMARY KEY("provider_id","day")
);
--> statement-breakpoint
CREATE TABLE "provider_insight_words" (
	"provider_id" uuid NOT NULL,
	"day" date NOT NULL,
	"word" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_insight_words_provider_id_day_word_pk" PRIMARY KEY("provider_id","day","word"),
	CONSTRAINT "provider_insight_words_word_length" CHECK (char_length("provider_insight_words"."word") <= 40)
);
--> statement-breakpoint
ALTER TABLE "insight_view_keys" ADD CONSTRAINT "insight_view_keys_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_insight_days" ADD CONSTRAINT "provider_insight_days_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_insight_words" ADD CONSTRAINT "provider_insight_words_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_view_keys_day_idx" ON "insight_view_keys" USING btree ("day");