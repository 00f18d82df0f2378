-- The prices in the postings. A text search with a price range and no zip walks the postings of its
-- rarest word and read each one's document to test its prices: at 100,000 providers up to 2,000
-- documents (4.65 ms a walk, 36% of the database's time in the unique mix), most of them priced
-- outside a narrow range. Each posting now carries the bands of a fixed price scale its provider's
-- prices reach (search_price_mask: one bit a band), the last column of the walk's index, so the walk
-- skips in the index the postings of providers with no price in the range's bands, and reads only
-- the documents that may pass (the exact test of the prices follows on them). The scale is finer
-- where prices are dense; a band is [edges[i], edges[i + 1]), the last has no upper edge.
CREATE FUNCTION search_price_mask(prices nummultirange) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1 << (i - 1)), 0)
  FROM (SELECT '{0,15,20,25,30,35,40,45,50,55,60,70,80,90,100,115,130,150,175,200,225,250,275,300,350,400,450,500,600,750,1000}'::numeric[] AS edges) scale,
    generate_subscripts(scale.edges, 1) AS i
  WHERE prices && numrange(scale.edges[i], scale.edges[i + 1], '[)')
$$;
--> statement-breakpoint
DROP INDEX "provider_search_postings_walk_idx";--> statement-breakpoint
TRUNCATE provider_search_postings;--> statement-breakpoint
ALTER TABLE "provider_search_postings" ADD COLUMN "price_mask" integer NOT NULL;--> statement-breakpoint
INSERT INTO provider_search_postings (lexeme, quality, created_at, provider_id, price_mask)
SELECT l.lexeme, d.quality, d.created_at, d.provider_id, d.price_mask
FROM (SELECT *, search_price_mask(prices) AS price_mask FROM provider_search OFFSET 0) d,
  unnest(tsvector_to_array(d.document)) AS l(lexeme);--> statement-breakpoint
CREATE UNIQUE INDEX "provider_search_postings_walk_idx" ON "provider_search_postings" USING btree ("lexeme","quality" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"provider_id" DESC NULLS FIRST,"price_mask");--> statement-breakpoint
-- 0022's sync, with each posting's price mask: a change of prices rewrites the provider's postings,
-- as a change of quality does. Deletes still find a posting by the index's first four columns. The
-- mask is computed once a row (OFFSET 0 keeps the sub-select from being merged into the word list,
-- where it would be computed once a word).
CREATE OR REPLACE FUNCTION provider_search_postings_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO provider_search_postings (lexeme, quality, created_at, provider_id, price_mask)
    SELECT l.lexeme, n.quality, n.created_at, n.provider_id, n.price_mask
    FROM (SELECT *, search_price_mask(prices) AS price_mask FROM new_rows OFFSET 0) n,
      unnest(tsvector_to_array(n.document)) AS l(lexeme);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM provider_search_postings p
    USING old_rows o, unnest(tsvector_to_array(o.document)) AS l(lexeme)
    WHERE p.lexeme = l.lexeme AND p.quality = o.quality AND p.created_at = o.created_at
      AND p.provider_id = o.provider_id;
  ELSE
    DELETE FROM provider_search_postings p
    USING (
      SELECT l.lexeme, o.quality, o.created_at, o.provider_id, o.price_mask
      FROM (SELECT *, search_price_mask(prices) AS price_mask FROM old_rows OFFSET 0) o,
        unnest(tsvector_to_array(o.document)) AS l(lexeme)
      EXCEPT
      SELECT l.lexeme, n.quality, n.created_at, n.provider_id, n.price_mask
      FROM (SELECT *, search_price_mask(prices) AS price_mask FROM new_rows OFFSET 0) n,
        unnest(tsvector_to_array(n.document)) AS l(lexeme)
    ) gone
    WHERE p.lexeme = gone.lexeme AND p.quality = gone.quality AND p.created_at = gone.created_at
      AND p.provider_id = gone.provider_id AND p.price_mask = gone.price_mask;
    INSERT INTO provider_search_postings (lexeme, quality, created_at, provider_id, price_mask)
    SELECT l.lexeme, n.quality, n.created_at, n.provider_id, n.price_mask
    FROM (SELECT *, search_price_mask(prices) AS price_mask FROM new_rows OFFSET 0) n,
      unnest(tsvector_to_array(n.document)) AS l(lexeme)
    EXCEPT
    SELECT l.lexeme, o.quality, o.created_at, o.provider_id, o.price_mask
    FROM (SELECT *, search_price_mask(prices) AS price_mask FROM old_rows OFFSET 0) o,
      unnest(tsvector_to_array(o.document)) AS l(lexeme);
  END IF;
  RETURN NULL;
END
$$;
