-- Each listed provider's card (name, address, photo, place, specialties, first photos, rating, the
-- packages' durations) in one row, kept with its search document by search_refresh_provider and
-- search_rebuild_all, and its rating by a trigger on provider_ratings. A search page, the providers
-- list and a landing page read one row by primary key per card instead of the user, the profile and
-- the rating through three laterals: at 100,000 providers on PGlite that took a text + zip search's
-- statement from 5.2 to about 4.2 ms, in planning (one join to place, not three) and in execution.
CREATE TABLE "provider_cards" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"routing_slug" text NOT NULL,
	"avatar_url" text,
	"location" text NOT NULL,
	"specialties" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"amenities" text[] NOT NULL,
	"portfolio_images" text[] NOT NULL,
	"portfolio_count" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"rating" numeric(2, 1),
	"review_count" integer DEFAULT 0 NOT NULL,
	"duration_min" integer[] NOT NULL,
	"duration_max" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_cards" ADD CONSTRAINT "provider_cards_provider_id_provider_search_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_search"("provider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A listed provider's card, from its user, profile and rating: what provider_cards holds.
CREATE VIEW search_provider_cards AS
SELECT
  u.id AS provider_id,
  u.name,
  u.routing_slug,
  u.avatar_url,
  p.location,
  coalesce(p.specialties[1:3], '{}'::text[]) AS specialties,
  p.categories,
  p.amenities,
  coalesce(p.portfolio_images[1:2], '{}'::text[]) AS portfolio_images,
  coalesce(cardinality(p.portfolio_images), 0) AS portfolio_count,
  round(p.latitude::numeric, 3)::float8 AS latitude,
  round(p.longitude::numeric, 3)::float8 AS longitude,
  r.rating,
  coalesce(r.review_count, 0) AS review_count,
  -- A whole number of minutes from each stored package (older packages have none: null).
  ARRAY(
    SELECT CASE WHEN jsonb_typeof(e.entry -> 'durationMin') = 'number'
      THEN round((e.entry ->> 'durationMin')::numeric)::int END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]' END) WITH ORDINALITY AS e(entry, n) ORDER BY e.n
  ) AS duration_min,
  ARRAY(
    SELECT CASE WHEN jsonb_typeof(e.entry -> 'durationMax') = 'number'
      THEN round((e.entry ->> 'durationMax')::numeric)::int END
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]' END) WITH ORDINALITY AS e(entry, n) ORDER BY e.n
  ) AS duration_max
FROM users u
JOIN provider_profiles p ON p.user_id = u.id
LEFT JOIN provider_ratings r ON r.provider_id = u.id;
--> statement-breakpoint
-- The card of a provider that has a search document; none for one that has not (the foreign key's
-- cascade removes it with the document).
CREATE FUNCTION search_refresh_card(uid uuid) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO provider_cards
  SELECT c.* FROM search_provider_cards c
  WHERE c.provider_id = uid AND EXISTS (SELECT 1 FROM provider_search s WHERE s.provider_id = uid)
  ON CONFLICT (provider_id) DO UPDATE SET
    name = EXCLUDED.name,
    routing_slug = EXCLUDED.routing_slug,
    avatar_url = EXCLUDED.avatar_url,
    location = EXCLUDED.location,
    specialties = EXCLUDED.specialties,
    categories = EXCLUDED.categories,
    amenities = EXCLUDED.amenities,
    portfolio_images = EXCLUDED.portfolio_images,
    portfolio_count = EXCLUDED.portfolio_count,
    latitude = EXCLUDED.latitude,
    longitude = EXCLUDED.longitude,
    rating = EXCLUDED.rating,
    review_count = EXCLUDED.review_count,
    duration_min = EXCLUDED.duration_min,
    duration_max = EXCLUDED.duration_max;
$$;
--> statement-breakpoint
-- 0033's refresh, and the card after the document.
CREATE OR REPLACE FUNCTION search_refresh_provider(uid uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  doc record;
BEGIN
  SELECT * INTO doc FROM search_provider_documents WHERE provider_id = uid;
  IF NOT FOUND THEN
    -- Its services and its card go with it (ON DELETE CASCADE).
    DELETE FROM provider_search WHERE provider_id = uid;
    RETURN;
  END IF;
  INSERT INTO provider_search
    (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities,
     categories, service_lexemes, service_prices)
  VALUES (doc.provider_id, doc.created_at, doc.document, doc.quality, doc.earth_point, doc.prices,
    doc.starting_price, doc.hours, doc.amenities, doc.categories, doc.service_lexemes, doc.service_prices)
  ON CONFLICT (provider_id) DO UPDATE SET
    created_at = EXCLUDED.created_at,
    document = EXCLUDED.document,
    quality = EXCLUDED.quality,
    earth_point = EXCLUDED.earth_point,
    prices = EXCLUDED.prices,
    starting_price = EXCLUDED.starting_price,
    hours = EXCLUDED.hours,
    amenities = EXCLUDED.amenities,
    categories = EXCLUDED.categories,
    service_lexemes = EXCLUDED.service_lexemes,
    service_prices = EXCLUDED.service_prices;
  DELETE FROM provider_search_services WHERE provider_id = uid;
  INSERT INTO provider_search_services (provider_id, position, name, document, price, starting_at)
  SELECT provider_id, position, name, document, price, starting_at
  FROM search_provider_services WHERE provider_id = uid;
  PERFORM search_refresh_card(uid);
  -- Sorted, so two transactions adding the same new words take their locks in one order.
  INSERT INTO search_terms (term, lexeme)
  SELECT w.term, w.lexeme FROM search_words(doc.vocabulary) AS w ORDER BY w.term
  ON CONFLICT (term) DO NOTHING;
END
$$;
--> statement-breakpoint
-- 0033's rebuild, and every card after the documents.
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
  DELETE FROM provider_cards;
  DELETE FROM provider_search_services;
  DELETE FROM provider_search;
  INSERT INTO provider_search
    (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities,
     categories, service_lexemes, service_prices)
  SELECT provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities,
    categories, service_lexemes, service_prices
  FROM search_rebuild
  -- Stored in the order broad text searches read them: neighbours share pages.
  ORDER BY quality DESC, created_at DESC, provider_id DESC;
  FOREACH definition IN ARRAY definitions LOOP
    EXECUTE definition;
  END LOOP;
  INSERT INTO provider_search_services (provider_id, position, name, document, price, starting_at)
  SELECT provider_id, position, name, document, price, starting_at FROM search_provider_services
  ORDER BY provider_id, position;
  INSERT INTO provider_cards
  SELECT c.* FROM search_provider_cards c JOIN search_rebuild USING (provider_id)
  ORDER BY c.provider_id;
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
--> statement-breakpoint
-- The card's rating follows provider_ratings, whoever writes it (reviews_refresh_rating).
CREATE FUNCTION search_card_rating_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE provider_cards SET rating = NULL, review_count = 0 WHERE provider_id = OLD.provider_id;
  ELSE
    UPDATE provider_cards SET rating = NEW.rating, review_count = NEW.review_count
    WHERE provider_id = NEW.provider_id
      AND (rating IS DISTINCT FROM NEW.rating OR review_count IS DISTINCT FROM NEW.review_count);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER provider_ratings_card
AFTER INSERT OR UPDATE OR DELETE ON provider_ratings
FOR EACH ROW EXECUTE FUNCTION search_card_rating_changed();
--> statement-breakpoint
-- The card shows the profile's address (routing_slug): its change refreshes the card as a name
-- change does.
DROP TRIGGER users_search_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_search_update
AFTER UPDATE ON users
FOR EACH ROW
WHEN (
  OLD.name IS DISTINCT FROM NEW.name
  OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url
  OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
  OR OLD.user_type IS DISTINCT FROM NEW.user_type
  OR OLD.listed IS DISTINCT FROM NEW.listed
  OR OLD.routing_slug IS DISTINCT FROM NEW.routing_slug
)
EXECUTE FUNCTION search_user_changed();
--> statement-breakpoint
-- Every listed provider's card.
INSERT INTO provider_cards
SELECT c.* FROM search_provider_cards c JOIN provider_search s USING (provider_id)
ORDER BY c.provider_id;
