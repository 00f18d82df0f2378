DROP INDEX "saved_searches_cells_idx";--> statement-breakpoint
DROP INDEX "saved_searches_stems_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The keys of the saved searches already kept, as grid.ts savedSearchKeys makes them.
UPDATE "saved_searches" SET "match_keys" = ARRAY(
  SELECT c::text || CASE
    WHEN cardinality("match_stems") > 0 THEN ':' || "match_stems"[1]
    WHEN "match_category" IS NOT NULL THEN '#' || "match_category"
    ELSE '' END
  FROM unnest("match_cells") AS c);--> statement-breakpoint
-- Amenities are kept canonical, as the schema now writes them: matching no longer folds them per row.
UPDATE "saved_searches" SET "match_amenities" = search_canonical_amenities("match_amenities")
WHERE "match_amenities" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_keys_idx" ON "saved_searches" USING gin ("match_keys") WITH (fastupdate=false) WHERE "saved_searches"."alert";