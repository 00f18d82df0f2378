CREATE TABLE "provider_ratings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer NOT NULL,
	"rating_sum" integer NOT NULL,
	"rating" numeric(2, 1) NOT NULL,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_reporter_id_pk" PRIMARY KEY("review_id","reporter_id"),
	CONSTRAINT "review_reports_details_length" CHECK (char_length(coalesce("review_reports"."details", '')) <= 500)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"service" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text,
	"reply_created_at" timestamp with time zone,
	"reply_updated_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_lengths" CHECK (char_length("reviews"."text") <= 1000 and char_length(coalesce("reviews"."service", '')) <= 100 and char_length(coalesce("reviews"."reply", '')) <= 1000)
);
--> statement-breakpoint
ALTER TABLE "provider_ratings" ADD CONSTRAINT "provider_ratings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_ratings_rating_idx" ON "provider_ratings" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_reports_created_idx" ON "review_reports" USING btree ("created_at" DESC NULLS LAST,"review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_client_provider_idx" ON "reviews" USING btree ("client_id","provider_id");--> statement-breakpoint
CREATE INDEX "reviews_provider_visible_idx" ON "reviews" USING btree ("provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("hidden_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NOT NULL;--> statement-breakpoint
-- provider_ratings holds each provider's visible reviews, summed: recomputed from the reviews of the
-- provider whose review changed (an index range of that provider's reviews), so every writer
-- (API, seed, admin hiding, cascading deletes) keeps it right. No visible review = no row.
CREATE FUNCTION reviews_refresh_rating(pid uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  agg record;
BEGIN
  SELECT count(*)::int AS n, coalesce(sum(rating), 0)::int AS total,
    (count(*) FILTER (WHERE rating = 1))::int AS s1, (count(*) FILTER (WHERE rating = 2))::int AS s2,
    (count(*) FILTER (WHERE rating = 3))::int AS s3, (count(*) FILTER (WHERE rating = 4))::int AS s4,
    (count(*) FILTER (WHERE rating = 5))::int AS s5
  INTO agg
  FROM reviews WHERE provider_id = pid AND hidden_at IS NULL;
  IF agg.n = 0 THEN
    DELETE FROM provider_ratings WHERE provider_id = pid;
    RETURN;
  END IF;
  -- The provider may be gone (a cascading delete of the user deletes its reviews last).
  INSERT INTO provider_ratings (provider_id, review_count, rating_sum, rating, stars_1, stars_2, stars_3, stars_4, stars_5)
  SELECT pid, agg.n, agg.total, round(agg.total::numeric / agg.n, 1), agg.s1, agg.s2, agg.s3, agg.s4, agg.s5
  WHERE EXISTS (SELECT 1 FROM users WHERE id = pid)
  ON CONFLICT (provider_id) DO UPDATE SET
    review_count = EXCLUDED.review_count, rating_sum = EXCLUDED.rating_sum, rating = EXCLUDED.rating,
    stars_1 = EXCLUDED.stars_1, stars_2 = EXCLUDED.stars_2, stars_3 = EXCLUDED.stars_3,
    stars_4 = EXCLUDED.stars_4, stars_5 = EXCLUDED.stars_5;
END
$$;
--> statement-breakpoint
CREATE FUNCTION reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM reviews_refresh_rating(OLD.provider_id);
  ELSE
    PERFORM reviews_refresh_rating(NEW.provider_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_rating_insert_delete
AFTER INSERT OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION reviews_changed();
--> statement-breakpoint
-- Text edits and replies do not change the rating: no recount for them.
CREATE TRIGGER reviews_rating_update
AFTER UPDATE ON reviews
FOR EACH ROW
WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at)
EXECUTE FUNCTION reviews_changed();
