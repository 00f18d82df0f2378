-- Postings: every lexeme of every search document with the document's place in
-- the static order (quality DESC, created_at DESC, provider_id DESC), so a text search without a
-- zip can walk the providers holding its rarest word, most complete first, and stop at cap + 1
-- matches (search.queries.ts SearchPlan.walkLexeme) instead of reading every match through the
-- full-text index to keep the most complete. Kept by one statement-level trigger on provider_search,
-- whatever writes it (search_refresh_provider, search_rebuild_all, a test's bulk insert).
CREATE TABLE "provider_search_postings" (
	"lexeme" text NOT NULL,
	"quality" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"provider_id" uuid NOT NULL
);
--> statement-breakpoint
INSERT INTO provider_search_postings (lexeme, quality, created_at, provider_id)
SELECT l.lexeme, d.quality, d.created_at, d.provider_id
FROM provider_search d, unnest(tsvector_to_array(d.document)) AS l(lexeme);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_search_postings_walk_idx" ON "provider_search_postings" USING btree ("lexeme","quality" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"provider_id" DESC NULLS FIRST);
--> statement-breakpoint
-- A document's postings are its lexemes with its quality, created_at and provider_id. An update
-- removes the postings only the old rows had and adds those only the new rows have: a changed bio
-- touches its changed words, a changed quality every word. Deletes find each posting by the walk
-- index's full key, so the table needs no second index.
CREATE FUNCTION provider_search_postings_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO provider_search_postings (lexeme, quality, created_at, provider_id)
    SELECT l.lexeme, n.quality, n.created_at, n.provider_id
    FROM new_rows n, unnest(tsvector_to_array(n.document)) AS l(lexeme);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM provider_search_postings p
    USING old_rows o, unnest(tsvector_to_array(o.document)) AS l(lexeme)
    WHERE p.lexeme = l.lexeme AND p.quality = o.quality AND p.created_at = o.created_at
      AND p.provider_id = o.provider_id;
  ELSE
    DELETE FROM provider_search_postings p
    USING (
      SELECT l.lexeme, o.quality, o.created_at, o.provider_id
      FROM old_rows o, unnest(tsvector_to_array(o.document)) AS l(lexeme)
      EXCEPT
      SELECT l.lexeme, n.quality, n.created_at, n.provider_id
      FROM new_rows n, unnest(tsvector_to_array(n.document)) AS l(lexeme)
    ) gone
    WHERE p.lexeme = gone.lexeme AND p.quality = gone.quality AND p.created_at = gone.created_at
      AND p.provider_id = gone.provider_id;
    INSERT INTO provider_search_postings (lexeme, quality, created_at, provider_id)
    SELECT l.lexeme, n.quality, n.created_at, n.provider_id
    FROM new_rows n, unnest(tsvector_to_array(n.document)) AS l(lexeme)
    EXCEPT
    SELECT l.lexeme, o.quality, o.created_at, o.provider_id
    FROM old_rows o, unnest(tsvector_to_array(o.document)) AS l(lexeme);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER provider_search_postings_insert AFTER INSERT ON provider_search REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION provider_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER provider_search_postings_update AFTER UPDATE ON provider_search
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION provider_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER provider_search_postings_delete AFTER DELETE ON provider_search REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION provider_search_postings_sync();
--> statement-breakpoint
CREATE FUNCTION provider_search_postings_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE provider_search_postings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER provider_search_postings_truncate AFTER TRUNCATE ON provider_search
FOR EACH STATEMENT EXECUTE FUNCTION provider_search_postings_truncate();
--> statement-breakpoint
-- 0012's rebuild, which also empties the postings first (so the DELETE's trigger has nothing to
-- find) and builds their index after the load, like provider_search's own indexes.
CREATE OR REPLACE FUNCTION search_rebuild_all() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  idx record;
  definitions text[] := '{}';
  definition text;
BEGIN
  CREATE TEMPORARY TABLE search_rebuild ON COMMIT DROP AS SELECT * FROM search_provider_documents;
  FOR idx IN
    SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename IN ('provider_search', 'provider_search_postings')
      AND indexname <> 'provider_search_pkey'
  LOOP
    definitions := definitions || idx.indexdef;
    EXECUTE format('DROP INDEX %I', idx.indexname);
  END LOOP;
  TRUNCATE provider_search_postings;
  DELETE FROM provider_search_services;
  DELETE FROM provider_search;
  INSERT INTO provider_search
    (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities,
     categories)
  SELECT provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities,
    categories
  FROM search_rebuild
  -- Stored in the order broad text searches read them: neighbours share pages.
  ORDER BY quality DESC, created_at DESC, provider_id DESC;
  FOREACH definition IN ARRAY definitions LOOP
    EXECUTE definition;
  END LOOP;
  INSERT INTO provider_search_services (provider_id, position, name, document, price, starting_at)
  SELECT provider_id, position, name, document, price, starting_at FROM search_provider_services
  ORDER BY provider_id, position;
  INSERT INTO search_terms (term, lexeme)
  SELECT w.word, s.stem
  FROM (
    SELECT DISTINCT word FROM search_rebuild, regexp_split_to_table(lower(vocabulary), '[^[:alnum:]]+') AS word
  ) w
  CROSS JOIN LATERAL (SELECT (ts_lexize('english_stem', w.word))[1] AS stem) s
  WHERE search_word_wanted(w.word) AND s.stem IS NOT NULL
  ORDER BY w.word
  ON CONFLICT (term) DO NOTHING;
  DROP TABLE search_rebuild;
END
$$;
