ALTER TABLE "provider_search" ADD COLUMN "service_lexemes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_search" ADD COLUMN "service_prices" "numrange"[] DEFAULT '{}'::numrange[] NOT NULL;--> statement-breakpoint
-- 0015's document view with the pairs at the end (CREATE OR REPLACE VIEW keeps the other columns in
-- their places): each lexeme of each priced service's name (search_provider_services' services and
-- words) with that service's price.
CREATE OR REPLACE VIEW search_provider_documents AS
SELECT
  u.id AS provider_id,
  p.created_at,
  setweight(to_tsvector('english', u.name), 'A')
    || setweight(to_tsvector('english', concat_ws(' ',
         array_to_string(p.specialties, ' '), services.names, search_category_labels(p.categories))), 'B')
    || setweight(to_tsvector('english', concat_ws(' ',
         p.bio, services.descriptions, p.location)), 'C')
    || setweight(to_tsvector('english', concat_ws(' ',
         array_to_string(p.products, ' '), array_to_string(p.certifications, ' '),
         array_to_string(p.amenities, ' '), p.additional_details)), 'D') AS document,
  (CASE WHEN u.avatar_url IS NOT NULL THEN 20 ELSE 0 END
    + least(cardinality(p.portfolio_images), 5) * 5
    + CASE WHEN length(p.bio) >= 80 THEN 15 ELSE 0 END
    + least(services.count, 5) * 3
    + least(cardinality(p.specialties), 3) * 3
    + CASE WHEN hours.slots <> '{}' THEN 8 ELSE 0 END
    + CASE WHEN p.latitude IS NOT NULL THEN 3 ELSE 0 END)::smallint AS quality,
  CASE WHEN p.latitude IS NOT NULL AND p.longitude IS NOT NULL THEN ll_to_earth(
    p.latitude + ((hashtext(u.id::text) & 65535) - 32768) * 3e-11,
    p.longitude + (((hashtext(u.id::text) >> 16) & 65535) - 32768) * 3e-11)::cube END AS earth_point,
  prices.ranges AS prices,
  lower(prices.ranges)::float8 AS starting_price,
  hours.slots AS hours,
  ARRAY(SELECT DISTINCT c FROM (SELECT search_canonical_amenity(a) AS c FROM unnest(p.amenities) AS a) folded
        WHERE c <> '' ORDER BY c) AS amenities,
  concat_ws(' ', u.name, array_to_string(p.specialties, ' '), services.names, p.bio, services.descriptions,
    p.location, array_to_string(p.products, ' '), array_to_string(p.certifications, ' '),
    array_to_string(p.amenities, ' '), p.additional_details) AS vocabulary,
  coalesce(p.categories, '{}') AS categories,
  named.lexemes AS service_lexemes,
  named.prices AS service_prices
FROM users u
JOIN provider_profiles p ON p.user_id = u.id
CROSS JOIN LATERAL (
  SELECT string_agg(e ->> 'service', ' ') AS names, string_agg(e ->> 'description', ' ') AS descriptions,
    count(*)::int AS count
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]'::jsonb END) AS e
  WHERE jsonb_typeof(e) = 'object'
) services
CROSS JOIN LATERAL (SELECT search_price_ranges(p.pricing) AS ranges) prices
CROSS JOIN LATERAL (
  SELECT coalesce(array_agg(DISTINCT d.idx * 24 + substr(s.slot, 1, 2)::int), '{}') AS slots
  FROM (VALUES ('monday', 0), ('tuesday', 1), ('wednesday', 2), ('thursday', 3), ('friday', 4),
               ('saturday', 5), ('sunday', 6)) AS d(day, idx)
  CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(p.availability_slots -> d.day) = 'array'
    THEN p.availability_slots -> d.day ELSE '[]'::jsonb END) AS s(slot)
  WHERE s.slot ~ '^([01][0-9]|2[0-3]):00$'
) hours
CROSS JOIN LATERAL (
  SELECT coalesce(array_agg(l.lexeme ORDER BY e.position, l.lexeme), '{}'::text[]) AS lexemes,
    coalesce(array_agg(sp.price ORDER BY e.position, l.lexeme), '{}'::numrange[]) AS prices
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]'::jsonb END)
    WITH ORDINALITY AS e(entry, position)
  CROSS JOIN LATERAL search_service_price(e.entry) sp
  CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', btrim(e.entry ->> 'service')))) AS l(lexeme)
  WHERE jsonb_typeof(e.entry -> 'service') = 'string' AND btrim(e.entry ->> 'service') <> ''
    AND sp.price IS NOT NULL
) named
WHERE u.listed;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_refresh_provider(uid uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  doc record;
BEGIN
  SELECT * INTO doc FROM search_provider_documents WHERE provider_id = uid;
  IF NOT FOUND THEN
    -- Its services go with it (ON DELETE CASCADE).
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
  -- Sorted, so two transactions adding the same new words take their locks in one order.
  INSERT INTO search_terms (term, lexeme)
  SELECT w.term, w.lexeme FROM search_words(doc.vocabulary) AS w ORDER BY w.term
  ON CONFLICT (term) DO NOTHING;
END
$$;
--> statement-breakpoint
-- 0022's rebuild, with the pairs.
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
-- The existing rows' pairs, from the services table the searches read until now. The postings
-- trigger is off meanwhile: the documents do not change, and its EXCEPT over every row's lexemes
-- would cost minutes at a million providers.
ALTER TABLE provider_search DISABLE TRIGGER provider_search_postings_update;
--> statement-breakpoint
UPDATE provider_search d
SET service_lexemes = pairs.lexemes, service_prices = pairs.prices
FROM (
  SELECT s.provider_id, array_agg(l.lexeme ORDER BY s.position, l.lexeme) AS lexemes,
    array_agg(s.price ORDER BY s.position, l.lexeme) AS prices
  FROM provider_search_services s, unnest(tsvector_to_array(s.document)) AS l(lexeme)
  GROUP BY s.provider_id
) pairs
WHERE pairs.provider_id = d.provider_id;
--> statement-breakpoint
ALTER TABLE provider_search ENABLE TRIGGER provider_search_postings_update;
