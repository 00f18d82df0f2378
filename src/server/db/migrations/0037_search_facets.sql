-- The filters of a search near a place, tested in the nearest-first index. A zip or a map area
-- reads its candidates nearest first from provider_search_earth_idx, which holds the point and the
-- document (migration 0034). A category, an amenity, opening hours or a price range were tested on
-- each candidate's row, so a narrow filter near a big city read thousands of rows (a nails search
-- near Manhattan with one amenity: 20,000 rows, 39 ms), or the planner intersected the filter's own
-- index with the box's for the values it was given (19 ms there, and 0.2–0.5 ms of planning on
-- every such search). Each row now carries its filters as lexemes (search_facets), the index's
-- third column: the nearest-first scan skips, in the index, the providers a filter leaves out, and
-- the statement's plan no longer depends on the values (3.2 ms there, planned once).
-- Lexemes: 'c:<category>', 'a:<canonical amenity>', 'h<weekday * 24 + hour>', 'p<price band>'
-- (the bands of search_price_mask, migration 0036: a pre-filter; the prices stay the exact test).
-- A search builds its tsquery of them in its own statement (search.queries.ts, facetsQueryOf): a
-- function here would be planned again on every search.
-- The column is computed again when a backup is restored, where pg_restore has emptied the
-- search_path: the function keeps the one it was created with, to find search_price_mask.
CREATE FUNCTION search_facets(categories text[], amenities text[], hours int[], prices nummultirange)
RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path FROM CURRENT AS $$
  SELECT array_to_tsvector(
    array(SELECT 'c:' || c FROM unnest(categories) AS c WHERE c <> '')
    || array(SELECT 'a:' || a FROM unnest(amenities) AS a WHERE a <> '')
    || array(SELECT 'h' || h FROM unnest(hours) AS h WHERE h IS NOT NULL)
    || array(
      SELECT 'p' || b
      FROM (SELECT search_price_mask(prices) AS mask) m, generate_series(0, 30) AS b
      WHERE m.mask & (1 << b) <> 0))
$$;
--> statement-breakpoint
DROP INDEX "provider_search_earth_idx";--> statement-breakpoint
ALTER TABLE "provider_search" ADD COLUMN "facets" "tsvector" GENERATED ALWAYS AS (search_facets(categories, amenities, hours, prices)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_search_earth_idx" ON "provider_search" USING gist ("earth_point","document","facets") WHERE earth_point IS NOT NULL;
