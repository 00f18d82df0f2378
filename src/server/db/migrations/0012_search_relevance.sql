CREATE TABLE "provider_search_services" (
	"provider_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"price" "numrange" NOT NULL,
	"starting_at" boolean DEFAULT false NOT NULL,
	CONSTRAINT "provider_search_services_provider_id_position_pk" PRIMARY KEY("provider_id","position")
);
--> statement-breakpoint
ALTER TABLE "provider_search" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_search_services" ADD CONSTRAINT "provider_search_services_provider_id_provider_search_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_search"("provider_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_search_categories_idx" ON "provider_search" USING gin ("categories");
--> statement-breakpoint
-- Search relevance. A query finds a provider by what the provider wrote, not by the category's
-- service list: the service names of docs/product.md §9 no longer go into every document of their
-- category ('balayage' found every hair provider). Category words still find their category (weight
-- B). Each priced service is kept on its own with its price, so a query naming a service filters,
-- shows and sorts by that service's price instead of the provider's lowest.

-- One price list entry as a range, and whether it is a 'starting at' price; a null range for
-- 'contact' and for entries without a readable price. The one definition of how an entry is priced:
-- search_price_range() and search_price_ranges() (the union) read it.
CREATE FUNCTION search_service_price(entry jsonb, OUT price numrange, OUT starting_at boolean)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  kind text;
  lo numeric;
  hi numeric;
  label text;
  m text[];
BEGIN
  starting_at := false;
  IF jsonb_typeof(entry) IS DISTINCT FROM 'object' THEN
    RETURN;
  END IF;
  kind := entry ->> 'priceType';
  lo := CASE WHEN jsonb_typeof(entry -> 'minPrice') = 'number' THEN (entry ->> 'minPrice')::numeric END;
  hi := CASE WHEN jsonb_typeof(entry -> 'maxPrice') = 'number' THEN (entry ->> 'maxPrice')::numeric END;
  IF kind IS NULL AND lo IS NULL THEN
    label := btrim(coalesce(entry ->> 'price', ''));
    IF label ~* 'infinity|nan' THEN
      RETURN;
    END IF;
    m := regexp_match(label, '^\$\s*(\d[\d,]*(?:\.\d{1,2})?)\s*-\s*\$\s*(\d[\d,]*(?:\.\d{1,2})?)$');
    IF m IS NOT NULL THEN
      kind := 'range';
      lo := replace(m[1], ',', '')::numeric;
      hi := replace(m[2], ',', '')::numeric;
    ELSE
      m := coalesce(
        regexp_match(label, '^(?:starting at|from)\s+\$\s*(\d[\d,]*(?:\.\d{1,2})?)$', 'i'),
        regexp_match(label, '^\$\s*(\d[\d,]*(?:\.\d{1,2})?)\s*\+$'));
      IF m IS NOT NULL THEN
        kind := 'starting_at';
        lo := replace(m[1], ',', '')::numeric;
      ELSE
        m := regexp_match(label, '^\$\s*(\d[\d,]*(?:\.\d{1,2})?)$');
        IF m IS NOT NULL THEN
          kind := 'fixed';
          lo := replace(m[1], ',', '')::numeric;
        END IF;
      END IF;
    END IF;
  END IF;
  IF kind = 'contact' OR lo IS NULL OR lo < 0 THEN
    RETURN;
  END IF;
  IF kind IS DISTINCT FROM 'range' OR hi IS NULL OR hi < lo THEN
    hi := lo;
  END IF;
  price := numrange(lo, hi, '[]');
  starting_at := kind = 'starting_at';
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_price_range(entry jsonb) RETURNS numrange
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (search_service_price(entry)).price
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_price_ranges(pricing jsonb) RETURNS nummultirange
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(range_agg(r), '{}'::nummultirange)
  FROM (
    SELECT search_price_range(e) AS r
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(pricing) = 'array' THEN pricing ELSE '[]'::jsonb END) AS e
  ) entries
  WHERE r IS NOT NULL
$$;
--> statement-breakpoint
-- What a category is called (weight B), for queries that mix these words with others. A query of
-- category words alone ('hair stylist', 'nail tech', 'facial') searches provider_search.categories
-- instead (CATEGORY_WORDS in search.service.ts, which knows every word here). 'facial' is not put in
-- esthetician documents: a query for it ranks the estheticians who offer facials first.
CREATE OR REPLACE FUNCTION search_category_labels(categories text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE c
    WHEN 'hair' THEN 'Hair hairstylist hairdresser stylist salon'
    WHEN 'massage' THEN 'Massage massage therapist masseuse bodywork'
    WHEN 'barber' THEN 'Barber barbershop'
    WHEN 'nails' THEN 'Nail Tech nails nail technician manicurist'
    WHEN 'esthetician' THEN 'Esthetician aesthetician skincare skin care'
  END, ' '), '')
  FROM unnest(categories) AS c
$$;
--> statement-breakpoint
-- The one definition of a provider's search document, now without the category's service list.
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
  -- Added at the end: CREATE OR REPLACE VIEW keeps the existing columns in their places.
  coalesce(p.categories, '{}') AS categories
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
WHERE u.user_type = 'provider' AND u.email_verified_at IS NOT NULL;
--> statement-breakpoint
-- The priced services of active providers: the one definition of provider_search_services' rows.
CREATE VIEW search_provider_services AS
SELECT u.id AS provider_id, e.position::smallint AS position, btrim(e.entry ->> 'service') AS name,
  to_tsvector('english', btrim(e.entry ->> 'service')) AS document, sp.price, sp.starting_at
FROM users u
JOIN provider_profiles p ON p.user_id = u.id
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]'::jsonb END
) WITH ORDINALITY AS e(entry, position)
CROSS JOIN LATERAL search_service_price(e.entry) sp
WHERE u.user_type = 'provider' AND u.email_verified_at IS NOT NULL
  AND jsonb_typeof(e.entry -> 'service') = 'string' AND btrim(e.entry ->> 'service') <> ''
  AND sp.price IS NOT NULL;
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
     categories)
  VALUES (doc.provider_id, doc.created_at, doc.document, doc.quality, doc.earth_point, doc.prices,
    doc.starting_price, doc.hours, doc.amenities, doc.categories)
  ON CONFLICT (provider_id) DO UPDATE SET
    created_at = EXCLUDED.created_at,
    document = EXCLUDED.document,
    quality = EXCLUDED.quality,
    earth_point = EXCLUDED.earth_point,
    prices = EXCLUDED.prices,
    starting_price = EXCLUDED.starting_price,
    hours = EXCLUDED.hours,
    amenities = EXCLUDED.amenities,
    categories = EXCLUDED.categories;
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
    WHERE schemaname = current_schema() AND tablename = 'provider_search' AND indexname <> 'provider_search_pkey'
  LOOP
    definitions := definitions || idx.indexdef;
    EXECUTE format('DROP INDEX %I', idx.indexname);
  END LOOP;
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
--> statement-breakpoint
-- The category service lists were only ever used to widen documents.
DROP FUNCTION search_category_services(text[]);
--> statement-breakpoint
INSERT INTO search_terms (term, lexeme)
SELECT w.term, w.lexeme
FROM search_words(search_category_labels(ARRAY['hair', 'massage', 'barber', 'nails', 'esthetician'])) AS w
ON CONFLICT (term) DO NOTHING;
--> statement-breakpoint
SELECT search_rebuild_all();
