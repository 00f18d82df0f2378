CREATE TABLE "provider_search" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"document" "tsvector" NOT NULL,
	"quality" smallint DEFAULT 0 NOT NULL,
	"earth_point" "cube",
	"prices" "nummultirange" DEFAULT '{}'::nummultirange NOT NULL,
	"starting_price" double precision,
	"hours" integer[] DEFAULT '{}'::int[] NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"zip" text,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"session_id" text,
	"user_id" uuid,
	"result_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_search" ADD CONSTRAINT "provider_search_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_logs" ADD CONSTRAINT "search_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_search_document_idx" ON "provider_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "provider_search_earth_idx" ON "provider_search" USING gist ("earth_point");--> statement-breakpoint
CREATE INDEX "provider_search_prices_idx" ON "provider_search" USING gist ("prices");--> statement-breakpoint
CREATE INDEX "provider_search_hours_idx" ON "provider_search" USING gin ("hours");--> statement-breakpoint
CREATE INDEX "provider_search_amenities_idx" ON "provider_search" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "provider_search_newest_idx" ON "provider_search" USING btree ("created_at" DESC NULLS FIRST,"provider_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "provider_search_quality_idx" ON "provider_search" USING btree ("quality" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"provider_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_logs_created_idx" ON "search_logs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_lexeme_idx" ON "search_terms" USING btree ("lexeme");