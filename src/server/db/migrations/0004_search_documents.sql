-- Search documents. provider_search holds one derived row per active provider (provider
-- type, verified email). Triggers on users and provider_profiles rebuild a provider's row whenever a
-- searched field changes, so every writer (sign-up, verification, profile update, upgrade, seed)
-- stays correct without knowing about search. The view below is the one definition of a document;
-- search_refresh_provider() uses it for one provider, search_rebuild_all() for every provider.

-- Amenities compared by a folded key: lower case, only letters, digits, '+' and '&', synonyms
-- mapped to one form ('LGBTQ+ Friendly' = 'LGBTQIA+ Friendly', 'Silent Service' = 'Silent Service
-- Option', 'Refreshments' = 'Snacks & Beverages'). Used for stored amenities and for filter values.
CREATE FUNCTION search_canonical_amenity(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- One expression, no FROM: the planner inlines it (a function call per amenity costs 20x more).
  SELECT CASE regexp_replace(lower(value), '[^[:alnum:]+&]', '', 'g')
    WHEN 'lgbtqfriendly' THEN 'lgbtqia+friendly'
    WHEN 'lgbtq+friendly' THEN 'lgbtqia+friendly'
    WHEN 'lgbtqiafriendly' THEN 'lgbtqia+friendly'
    WHEN 'lgbtfriendly' THEN 'lgbtqia+friendly'
    WHEN 'lgbtq' THEN 'lgbtqia+friendly'
    WHEN 'lgbtq+' THEN 'lgbtqia+friendly'
    WHEN 'lgbtqia+' THEN 'lgbtqia+friendly'
    WHEN 'silentservice' THEN 'silentserviceoption'
    WHEN 'refreshments' THEN 'snacks&beverages'
    WHEN 'snacksandbeverages' THEN 'snacks&beverages'
    WHEN 'snacksbeverages' THEN 'snacks&beverages'
    WHEN 'kidsfriendly' THEN 'kidfriendly'
    WHEN 'childfriendly' THEN 'kidfriendly'
    WHEN 'kidfree' THEN 'kidfreeenvironment'
    WHEN 'kidsfree' THEN 'kidfreeenvironment'
    WHEN 'wifi' THEN 'freewifi'
    WHEN 'parking' THEN 'parkingavailable'
    WHEN 'freeparking' THEN 'parkingavailable'
    WHEN 'nogratuity' THEN 'gratuityfree'
    WHEN 'tipfree' THEN 'gratuityfree'
    ELSE regexp_replace(lower(value), '[^[:alnum:]+&]', '', 'g')
  END
$$;
--> statement-breakpoint
CREATE FUNCTION search_canonical_amenities(amenities text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT c ORDER BY c), '{}')
  FROM (SELECT search_canonical_amenity(a) AS c FROM unnest(amenities) AS a) canonical
  WHERE c <> ''
$$;
--> statement-breakpoint
-- Every priced service as a range: fixed [X,X], range [X,Y], starting at [X,X] (its known price;
-- counting it as unbounded would match it to every higher range), contact none. Entries written
-- before the editor fields existed are read from their price text like src/domain/pricing.ts does.
CREATE FUNCTION search_price_ranges(pricing jsonb) RETURNS nummultirange
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  entry jsonb;
  kind text;
  lo numeric;
  hi numeric;
  label text;
  m text[];
  result nummultirange := '{}';
BEGIN
  IF jsonb_typeof(pricing) IS DISTINCT FROM 'array' THEN
    RETURN result;
  END IF;
  FOR entry IN SELECT value FROM jsonb_array_elements(pricing) LOOP
    CONTINUE WHEN jsonb_typeof(entry) IS DISTINCT FROM 'object';
    kind := entry ->> 'priceType';
    lo := CASE WHEN jsonb_typeof(entry -> 'minPrice') = 'number' THEN (entry ->> 'minPrice')::numeric END;
    hi := CASE WHEN jsonb_typeof(entry -> 'maxPrice') = 'number' THEN (entry ->> 'maxPrice')::numeric END;
    IF kind IS NULL AND lo IS NULL THEN
      label := btrim(coalesce(entry ->> 'price', ''));
      IF label ~* 'infinity|nan' THEN
        CONTINUE;
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
    CONTINUE WHEN kind = 'contact' OR lo IS NULL OR lo < 0;
    IF kind IS DISTINCT FROM 'range' OR hi IS NULL OR hi < lo THEN
      hi := lo;
    END IF;
    result := result + nummultirange(numrange(lo, hi, '[]'));
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
-- What a category is called (weight B) and its services from docs/product.md §9 (weight C), so 'nails',
-- 'nail tech', 'barber' or 'balayage' find providers of that category. search.api.test.ts checks
-- these lists against SERVICE_CATEGORIES in src/domain/options.ts.
CREATE FUNCTION search_category_labels(categories text[]) RETURNS text
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
CREATE FUNCTION search_category_services(categories text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE c
    WHEN 'hair' THEN 'Cut & Style, Blowout, Highlights, Balayage, Root Retouch'
    WHEN 'massage' THEN 'Swedish, Deep Tissue, Hot Stone, Prenatal, Aromatherapy'
    WHEN 'barber' THEN 'Classic Haircut, Beard Trim, Straight Razor Shave, Fade / Taper Cut, Kids'' Cut'
    WHEN 'nails' THEN 'Manicure, Pedicure, Gel Nails, Acrylic Nails, Nail Art'
    WHEN 'esthetician' THEN 'Facial, Microdermabrasion, Chemical Peel, Brow Shaping, Lash Extensions'
  END, ' '), '')
  FROM unnest(categories) AS c
$$;
--> statement-breakpoint
-- The words of a text that typo tolerance may correct to, with their english stems. Stop words and
-- numbers are left out. search_rebuild_all() applies the same rules to every document at once.
CREATE FUNCTION search_word_wanted(word text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE FUNCTION search_words(body text) RETURNS TABLE (term text, lexeme text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.word, s.stem
  FROM (
    SELECT DISTINCT word FROM regexp_split_to_table(lower(body), '[^[:alnum:]]+') AS word
    WHERE search_word_wanted(word)
  ) w
  CROSS JOIN LATERAL (SELECT (ts_lexize('english_stem', w.word))[1] AS stem) s
  WHERE s.stem IS NOT NULL
$$;
--> statement-breakpoint
-- The one definition of a provider's search document.
CREATE VIEW search_provider_documents AS
SELECT
  u.id AS provider_id,
  p.created_at,
  setweight(to_tsvector('english', u.name), 'A')
    || setweight(to_tsvector('english', concat_ws(' ',
         array_to_string(p.specialties, ' '), services.names, search_category_labels(p.categories))), 'B')
    || setweight(to_tsvector('english', concat_ws(' ',
         search_category_services(p.categories), p.bio, services.descriptions, p.location)), 'C')
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
  -- The hash moves the point by under 0.2 m (3e-11 degree steps): distinct distances, same miles.
  CASE WHEN p.latitude IS NOT NULL AND p.longitude IS NOT NULL THEN ll_to_earth(
    p.latitude + ((hashtext(u.id::text) & 65535) - 32768) * 3e-11,
    p.longitude + (((hashtext(u.id::text) >> 16) & 65535) - 32768) * 3e-11)::cube END AS earth_point,
  prices.ranges AS prices,
  lower(prices.ranges)::float8 AS starting_price,
  hours.slots AS hours,
  ARRAY(SELECT DISTINCT c FROM (SELECT search_canonical_amenity(a) AS c FROM unnest(p.amenities) AS a) folded
        WHERE c <> '' ORDER BY c) AS amenities,
  -- Every word of the document, so 'known' is one index lookup and typos correct to any of them.
  concat_ws(' ', u.name, array_to_string(p.specialties, ' '), services.names, p.bio, services.descriptions,
    p.location, array_to_string(p.products, ' '), array_to_string(p.certifications, ' '),
    array_to_string(p.amenities, ' '), p.additional_details) AS vocabulary
FROM users u
JOIN provider_profiles p ON p.user_id = u.id
CROSS JOIN LATERAL (
  SELECT string_agg(e ->> 'service', ' ') AS names, string_agg(e ->> 'description', ' ') AS descriptions,
    count(*)::int AS count
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]'::jsonb END) AS e
  WHERE jsonb_typeof(e) = 'object'
) services
CROSS JOIN LATERAL (SELECT search_price_ranges(p.pricing) AS ranges) prices
-- Weekly slots {monday: ['09:00', …]} as weekday * 24 + hour, Monday = 0 ('tuesday 17:00' → 41).
-- Written here rather than as a function: a subquery is planned once per statement, a SQL
-- function with a FROM clause once per row.
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
-- Rebuilds one provider's document, or removes it when the provider is not active (any more).
CREATE FUNCTION search_refresh_provider(uid uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  doc record;
BEGIN
  SELECT * INTO doc FROM search_provider_documents WHERE provider_id = uid;
  IF NOT FOUND THEN
    DELETE FROM provider_search WHERE provider_id = uid;
    RETURN;
  END IF;
  INSERT INTO provider_search
    (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities)
  VALUES (doc.provider_id, doc.created_at, doc.document, doc.quality, doc.earth_point, doc.prices,
    doc.starting_price, doc.hours, doc.amenities)
  ON CONFLICT (provider_id) DO UPDATE SET
    created_at = EXCLUDED.created_at,
    document = EXCLUDED.document,
    quality = EXCLUDED.quality,
    earth_point = EXCLUDED.earth_point,
    prices = EXCLUDED.prices,
    starting_price = EXCLUDED.starting_price,
    hours = EXCLUDED.hours,
    amenities = EXCLUDED.amenities;
  -- Sorted, so two transactions adding the same new words take their locks in one order.
  INSERT INTO search_terms (term, lexeme)
  SELECT w.term, w.lexeme FROM search_words(doc.vocabulary) AS w ORDER BY w.term
  ON CONFLICT (term) DO NOTHING;
END
$$;
--> statement-breakpoint
-- Every document at once, for bulk loads (with the triggers disabled) and repairs. It takes the
-- table's lock until commit. The indexes are dropped and built again from their own definitions:
-- one build is much faster than as many inserts into a GIN and three GiST indexes as there are
-- providers. Each document is computed once into a temporary table; the words of all of them are
-- de-duplicated before they are stemmed.
CREATE FUNCTION search_rebuild_all() RETURNS void
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
  DELETE FROM provider_search;
  INSERT INTO provider_search
    (provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities)
  SELECT provider_id, created_at, document, quality, earth_point, prices, starting_price, hours, amenities
  FROM search_rebuild
  -- Stored in the order broad text searches read them: neighbours share pages.
  ORDER BY quality DESC, created_at DESC, provider_id DESC;
  FOREACH definition IN ARRAY definitions LOOP
    EXECUTE definition;
  END LOOP;
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
CREATE FUNCTION search_provider_profile_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh_provider(NEW.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_user_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh_provider(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER provider_profiles_search_insert
AFTER INSERT ON provider_profiles
FOR EACH ROW EXECUTE FUNCTION search_provider_profile_changed();
--> statement-breakpoint
-- Booking link or license edits do not touch the document: no rebuild for them.
CREATE TRIGGER provider_profiles_search_update
AFTER UPDATE ON provider_profiles
FOR EACH ROW
WHEN (
  OLD.bio IS DISTINCT FROM NEW.bio
  OR OLD.location IS DISTINCT FROM NEW.location
  OR OLD.latitude IS DISTINCT FROM NEW.latitude
  OR OLD.longitude IS DISTINCT FROM NEW.longitude
  OR OLD.availability_slots IS DISTINCT FROM NEW.availability_slots
  OR OLD.categories IS DISTINCT FROM NEW.categories
  OR OLD.specialties IS DISTINCT FROM NEW.specialties
  OR OLD.certifications IS DISTINCT FROM NEW.certifications
  OR OLD.amenities IS DISTINCT FROM NEW.amenities
  OR OLD.products IS DISTINCT FROM NEW.products
  OR OLD.pricing IS DISTINCT FROM NEW.pricing
  OR OLD.portfolio_images IS DISTINCT FROM NEW.portfolio_images
  OR OLD.additional_details IS DISTINCT FROM NEW.additional_details
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
)
EXECUTE FUNCTION search_provider_profile_changed();
--> statement-breakpoint
-- Name, avatar, verification and account type decide the document and whether there is one.
CREATE TRIGGER users_search_update
AFTER UPDATE ON users
FOR EACH ROW
WHEN (
  OLD.name IS DISTINCT FROM NEW.name
  OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url
  OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
  OR OLD.user_type IS DISTINCT FROM NEW.user_type
)
EXECUTE FUNCTION search_user_changed();
--> statement-breakpoint
-- The category words are always correctable, whoever offers them.
INSERT INTO search_terms (term, lexeme)
SELECT w.term, w.lexeme
FROM search_words(
  search_category_labels(ARRAY['hair', 'massage', 'barber', 'nails', 'esthetician'])
  || ' ' || search_category_services(ARRAY['hair', 'massage', 'barber', 'nails', 'esthetician'])) AS w
ON CONFLICT (term) DO NOTHING;
--> statement-breakpoint
SELECT search_rebuild_all();
