-- The fully migrated schema, as pg_dump --schema-only prints it. Generated: do not edit.
-- Change the schema with a migration in src/server/db/migrations, then run npm run db:schema.

--
-- Name: cube; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public;

--
-- Name: EXTENSION cube; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION cube IS 'data type for multidimensional cubes';

--
-- Name: earthdistance; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public;

--
-- Name: EXTENSION earthdistance; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION earthdistance IS 'calculate great-circle distances on the surface of the Earth';

--
-- Name: pg_trgm; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

--
-- Name: EXTENSION pg_trgm; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';

--
-- Name: catalogue_bump(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.catalogue_bump() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  -- One query per branch: each names only the transition table its event has.
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM catalogue_bump_version();
  ELSIF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN PERFORM catalogue_bump_version(); END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM catalogue_bump_version();
  END IF;
  RETURN NULL;
END $$;

--
-- Name: catalogue_bump_users(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.catalogue_bump_users() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE ((o.listed OR n.listed)
          AND (o.name, o.routing_slug, o.avatar_url, o.user_type, o.listed)
            IS DISTINCT FROM (n.name, n.routing_slug, n.avatar_url, n.user_type, n.listed))
        OR ((o.name, o.email) IS DISTINCT FROM (n.name, n.email)
          AND EXISTS (SELECT 1 FROM reviews r WHERE r.client_id = n.id))
    ) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM old_rows WHERE listed) THEN
    RETURN NULL;
  END IF;
  PERFORM catalogue_bump_version();
  RETURN NULL;
END $$;

--
-- Name: catalogue_bump_version(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.catalogue_bump_version() RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE v bigint;
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  PERFORM pg_notify('catalogue_version', v::text);
END $$;

--
-- Name: mail_mailbox(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.mail_mailbox(address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$ SELECT regexp_replace(lower(address), '\+[^@]*(@[^@]*)$', '\1') $_$;

--
-- Name: provider_listed(uuid, text, timestamp with time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_listed(uid uuid, user_type text, verified timestamp with time zone, name text) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT user_type = 'provider' AND verified IS NOT NULL AND name ~ '[^[:space:]]'
    AND EXISTS (SELECT 1 FROM provider_profiles p WHERE p.user_id = uid AND p.profile_complete)
$$;

--
-- Name: provider_profiles_listed_after(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_profiles_listed_after() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
  uid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE users u SET listed = provider_listed(u.id, u.user_type, u.email_verified_at, u.name)
  WHERE u.id = uid AND u.listed IS DISTINCT FROM provider_listed(u.id, u.user_type, u.email_verified_at, u.name);
  RETURN NULL;
END
$$;

--
-- Name: provider_search_postings_sync(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_search_postings_sync() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: provider_search_postings_truncate(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.provider_search_postings_truncate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  TRUNCATE provider_search_postings;
  RETURN NULL;
END
$$;

--
-- Name: reviews_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.reviews_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM reviews_refresh_rating(OLD.provider_id);
  ELSE
    PERFORM reviews_refresh_rating(NEW.provider_id);
  END IF;
  RETURN NULL;
END
$$;

--
-- Name: reviews_refresh_rating(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.reviews_refresh_rating(pid uuid) RETURNS void
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: search_canonical_amenities(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_canonical_amenities(amenities text[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT coalesce(array_agg(DISTINCT c ORDER BY c), '{}')
  FROM (SELECT search_canonical_amenity(a) AS c FROM unnest(amenities) AS a) canonical
  WHERE c <> ''
$$;

--
-- Name: search_canonical_amenity(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_canonical_amenity(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
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

--
-- Name: search_card_rating_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_card_rating_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: search_category_labels(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_category_labels(categories text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT coalesce(string_agg(CASE c
    WHEN 'hair' THEN 'Hair hairstylist hairdresser stylist salon'
    WHEN 'massage' THEN 'Massage massage therapist masseuse bodywork'
    WHEN 'barber' THEN 'Barber barbershop'
    WHEN 'nails' THEN 'Nail Tech nails nail technician manicurist'
    WHEN 'esthetician' THEN 'Esthetician aesthetician skincare skin care'
  END, ' '), '')
  FROM unnest(categories) AS c
$$;

--
-- Name: search_facets(text[], text[], integer[], nummultirange); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_facets(categories text[], amenities text[], hours integer[], prices nummultirange) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'public'
    AS $$
  SELECT array_to_tsvector(
    array(SELECT 'c:' || c FROM unnest(categories) AS c WHERE c <> '')
    || array(SELECT 'a:' || a FROM unnest(amenities) AS a WHERE a <> '')
    || array(SELECT 'h' || h FROM unnest(hours) AS h WHERE h IS NOT NULL)
    || array(
      SELECT 'p' || b
      FROM (SELECT search_price_mask(prices) AS mask) m, generate_series(0, 30) AS b
      WHERE m.mask & (1 << b) <> 0))
$$;

--
-- Name: search_price_mask(nummultirange); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_price_mask(prices nummultirange) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT coalesce(bit_or(1 << (i - 1)), 0)
  FROM (SELECT '{0,15,20,25,30,35,40,45,50,55,60,70,80,90,100,115,130,150,175,200,225,250,275,300,350,400,450,500,600,750,1000}'::numeric[] AS edges) scale,
    generate_subscripts(scale.edges, 1) AS i
  WHERE prices && numrange(scale.edges[i], scale.edges[i + 1], '[)')
$$;

--
-- Name: search_price_range(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_price_range(entry jsonb) RETURNS numrange
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT (search_service_price(entry)).price
$$;

--
-- Name: search_price_ranges(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_price_ranges(pricing jsonb) RETURNS nummultirange
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT coalesce(range_agg(r), '{}'::nummultirange)
  FROM (
    SELECT search_price_range(e) AS r
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(pricing) = 'array' THEN pricing ELSE '[]'::jsonb END) AS e
  ) entries
  WHERE r IS NOT NULL
$$;

--
-- Name: search_provider_profile_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_provider_profile_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM search_refresh_provider(NEW.user_id);
  RETURN NULL;
END
$$;

--
-- Name: search_rebuild_all(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_rebuild_all() RETURNS void
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: search_refresh_card(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_refresh_card(uid uuid) RETURNS void
    LANGUAGE sql
    AS $$
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

--
-- Name: search_refresh_provider(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_refresh_provider(uid uuid) RETURNS void
    LANGUAGE plpgsql
    AS $$
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

--
-- Name: search_service_price(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_service_price(entry jsonb, OUT price numrange, OUT starting_at boolean) RETURNS record
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
    AS $$
DECLARE
  kind text;
  lo numeric;
  hi numeric;
BEGIN
  starting_at := false;
  IF jsonb_typeof(entry) IS DISTINCT FROM 'object' THEN
    RETURN;
  END IF;
  kind := entry ->> 'priceType';
  lo := CASE WHEN jsonb_typeof(entry -> 'minPrice') = 'number' THEN (entry ->> 'minPrice')::numeric END;
  hi := CASE WHEN jsonb_typeof(entry -> 'maxPrice') = 'number' THEN (entry ->> 'maxPrice')::numeric END;
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

--
-- Name: search_term_added(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_term_added() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  INSERT INTO search_term_trigrams (trigram, term)
  SELECT DISTINCT g, NEW.term FROM unnest(show_trgm(NEW.term)) AS g
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

--
-- Name: search_user_changed(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_user_changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM search_refresh_provider(NEW.id);
  RETURN NULL;
END
$$;

--
-- Name: search_word_wanted(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_word_wanted(word text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $_$
  SELECT length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'
$_$;

--
-- Name: search_words(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.search_words(body text) RETURNS TABLE(term text, lexeme text)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
  SELECT w.word, s.stem
  FROM (
    SELECT DISTINCT word FROM regexp_split_to_table(lower(body), '[^[:alnum:]]+') AS word
    WHERE search_word_wanted(word)
  ) w
  CROSS JOIN LATERAL (SELECT (ts_lexize('english_stem', w.word))[1] AS stem) s
  WHERE s.stem IS NOT NULL
$$;

--
-- Name: users_listed_before(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.users_listed_before() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  NEW.listed := provider_listed(NEW.id, NEW.user_type, NEW.email_verified_at, NEW.name);
  RETURN NEW;
END
$$;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: account_deletions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_deletions (
    day date NOT NULL,
    user_type text NOT NULL,
    count integer DEFAULT 0 NOT NULL
);

--
-- Name: blocked_clients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blocked_clients (
    provider_id uuid NOT NULL,
    client_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: blocked_providers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blocked_providers (
    user_id uuid NOT NULL,
    provider_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: booking_logs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.booking_logs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    client_id uuid,
    provider_id uuid NOT NULL,
    url text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    via_page boolean DEFAULT false NOT NULL,
    service_name text,
    CONSTRAINT booking_logs_service_name_length CHECK ((char_length(service_name) <= 100)),
    CONSTRAINT booking_logs_url_length CHECK ((char_length(url) <= 2048))
);

--
-- Name: catalogue_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.catalogue_version (
    id smallint DEFAULT 1 NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    CONSTRAINT catalogue_version_one_row CHECK ((id = 1))
);

--
-- Name: email_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    purpose text NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    email text
);

--
-- Name: favorite_services; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.favorite_services (
    user_id uuid NOT NULL,
    service_name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT favorite_services_name_length CHECK ((char_length(service_name) <= 60))
);

--
-- Name: favorites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.favorites (
    user_id uuid NOT NULL,
    provider_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: form_submissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.form_submissions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    kind text NOT NULL,
    type text NOT NULL,
    name text,
    email text,
    subject text,
    message text,
    urgency text,
    phone text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    handled_at timestamp with time zone,
    CONSTRAINT form_submissions_kind_check CHECK ((kind = ANY (ARRAY['feedback'::text, 'investor'::text]))),
    CONSTRAINT form_submissions_lengths CHECK (((char_length(COALESCE(message, ''::text)) <= 5000) AND (char_length(COALESCE(subject, ''::text)) <= 200) AND (char_length(COALESCE(name, ''::text)) <= 100)))
);

--
-- Name: idempotency_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idempotency_keys (
    user_id uuid NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    response jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT idempotency_keys_key_length CHECK (((char_length(key) >= 1) AND (char_length(key) <= 255)))
);

--
-- Name: insight_counted_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.insight_counted_tokens (
    nonce text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: insight_day_salts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.insight_day_salts (
    day date NOT NULL,
    salt text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: insight_favorite_firsts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.insight_favorite_firsts (
    client_id uuid NOT NULL,
    provider_id uuid NOT NULL
);

--
-- Name: insight_view_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.insight_view_keys (
    provider_id uuid NOT NULL,
    day date NOT NULL,
    visitor_key text NOT NULL
);

--
-- Name: login_addresses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.login_addresses (
    user_id uuid NOT NULL,
    ip_hash text NOT NULL,
    first_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: login_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.login_sessions (
    family_id uuid NOT NULL,
    user_id uuid NOT NULL,
    user_agent text DEFAULT ''::text NOT NULL,
    auth_method text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone DEFAULT now() NOT NULL,
    authenticated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT login_sessions_user_agent_length CHECK ((char_length(user_agent) <= 512))
);

--
-- Name: mail_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail_outbox (
    id bigint NOT NULL,
    kind text NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    reply_to text,
    alert_user_id uuid,
    alert_provider_id uuid,
    list_unsubscribe text,
    alert_saved_search_id uuid,
    sender_id uuid
);

--
-- Name: mail_outbox_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mail_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: mail_outbox_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mail_outbox_id_seq OWNED BY public.mail_outbox.id;

--
-- Name: message_reply_times; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.message_reply_times (
    provider_id uuid NOT NULL,
    thread_id uuid NOT NULL,
    replied_at timestamp with time zone NOT NULL,
    minutes integer NOT NULL,
    CONSTRAINT message_reply_times_minutes CHECK ((minutes >= 0))
);

--
-- Name: message_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.message_reports (
    message_id uuid NOT NULL,
    reporter_id uuid NOT NULL,
    reason text NOT NULL,
    details text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT message_reports_lengths CHECK (((char_length(reason) <= 40) AND (char_length(COALESCE(details, ''::text)) <= 500)))
);

--
-- Name: message_threads; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.message_threads (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    client_id uuid,
    provider_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_message_at timestamp with time zone DEFAULT now() NOT NULL,
    last_sender_side text NOT NULL,
    awaiting_reply_since timestamp with time zone,
    client_read_at timestamp with time zone,
    provider_read_at timestamp with time zone,
    client_notified_at timestamp with time zone,
    provider_notified_at timestamp with time zone,
    client_notify_due_at timestamp with time zone,
    provider_notify_due_at timestamp with time zone
);

--
-- Name: messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thread_id uuid NOT NULL,
    sender_id uuid,
    sender_side text NOT NULL,
    body text NOT NULL,
    via text DEFAULT 'app'::text NOT NULL,
    notice text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    warned_at timestamp with time zone,
    CONSTRAINT messages_body_length CHECK (((char_length(body) >= 1) AND (char_length(body) <= 5000))),
    CONSTRAINT messages_notice_length CHECK ((char_length(COALESCE(notice, ''::text)) <= 200))
);

--
-- Name: notification_preferences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notification_preferences (
    user_id uuid NOT NULL,
    kind text NOT NULL,
    channel text NOT NULL,
    enabled boolean NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notification_preferences_channel_length CHECK ((char_length(channel) <= 20)),
    CONSTRAINT notification_preferences_kind_length CHECK ((char_length(kind) <= 40))
);

--
-- Name: opening_alert_dispatches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.opening_alert_dispatches (
    provider_id uuid NOT NULL,
    due_at timestamp with time zone NOT NULL
);

--
-- Name: opening_alert_sends; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.opening_alert_sends (
    user_id uuid NOT NULL,
    provider_id uuid NOT NULL,
    sent_at timestamp with time zone NOT NULL
);

--
-- Name: openings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.openings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id uuid NOT NULL,
    service_type text NOT NULL,
    price text,
    start_time timestamp with time zone NOT NULL,
    end_time timestamp with time zone NOT NULL,
    note text,
    location_override text,
    booking_link_override text,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    time_zone text DEFAULT 'America/New_York'::text NOT NULL,
    regular_price double precision,
    CONSTRAINT openings_end_after_start CHECK ((end_time > start_time)),
    CONSTRAINT openings_regular_price CHECK (((regular_price IS NULL) OR ((regular_price > (0)::double precision) AND (price IS NOT NULL)))),
    CONSTRAINT openings_text_lengths CHECK (((char_length(service_type) <= 100) AND (char_length(COALESCE(price, ''::text)) <= 50) AND (char_length(COALESCE(note, ''::text)) <= 500) AND (char_length(COALESCE(location_override, ''::text)) <= 200) AND (char_length(COALESCE(booking_link_override, ''::text)) <= 2048)))
);

--
-- Name: passkeys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.passkeys (
    id text NOT NULL,
    user_id uuid NOT NULL,
    public_key bytea NOT NULL,
    counter bigint DEFAULT 0 NOT NULL,
    transports text[] DEFAULT '{}'::text[] NOT NULL,
    device_type text NOT NULL,
    backed_up boolean NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_used_at timestamp with time zone,
    CONSTRAINT passkeys_id_length CHECK ((char_length(id) <= 1400)),
    CONSTRAINT passkeys_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 60)))
);

--
-- Name: provider_cards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_cards (
    provider_id uuid NOT NULL,
    name text NOT NULL,
    routing_slug text NOT NULL,
    avatar_url text,
    location text NOT NULL,
    specialties text[] NOT NULL,
    categories text[] NOT NULL,
    amenities text[] NOT NULL,
    portfolio_images text[] NOT NULL,
    portfolio_count integer NOT NULL,
    latitude double precision,
    longitude double precision,
    rating numeric(2,1),
    review_count integer DEFAULT 0 NOT NULL,
    duration_min integer[] NOT NULL,
    duration_max integer[] NOT NULL
);

--
-- Name: provider_insight_days; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_insight_days (
    provider_id uuid NOT NULL,
    day date NOT NULL,
    impressions integer DEFAULT 0 NOT NULL,
    profile_views integer DEFAULT 0 NOT NULL,
    new_favorites integer DEFAULT 0 NOT NULL,
    alert_inclusions integer DEFAULT 0 NOT NULL,
    push_opens integer DEFAULT 0 NOT NULL
);

--
-- Name: provider_insight_words; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_insight_words (
    provider_id uuid NOT NULL,
    day date NOT NULL,
    word text NOT NULL,
    count integer DEFAULT 0 NOT NULL,
    CONSTRAINT provider_insight_words_word_length CHECK ((char_length(word) <= 40))
);

--
-- Name: provider_profiles; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_profiles (
    user_id uuid NOT NULL,
    bio text DEFAULT ''::text NOT NULL,
    location text DEFAULT ''::text NOT NULL,
    zip text,
    latitude double precision,
    longitude double precision,
    booking_link text DEFAULT ''::text NOT NULL,
    additional_details text DEFAULT ''::text NOT NULL,
    license_details text DEFAULT ''::text NOT NULL,
    availability text DEFAULT ''::text NOT NULL,
    availability_slots jsonb DEFAULT '{}'::jsonb NOT NULL,
    categories text[] DEFAULT '{}'::text[] NOT NULL,
    specialties text[] DEFAULT '{}'::text[] NOT NULL,
    certifications text[] DEFAULT '{}'::text[] NOT NULL,
    amenities text[] DEFAULT '{}'::text[] NOT NULL,
    products text[] DEFAULT '{}'::text[] NOT NULL,
    portfolio_images text[] DEFAULT '{}'::text[] NOT NULL,
    pricing jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    time_zone text,
    profile_complete boolean GENERATED ALWAYS AS (((zip IS NOT NULL) AND (btrim(location) <> ''::text) AND jsonb_path_exists(pricing, '$[*]?(@."service" like_regex "[^[:space:]]" && (((@."priceType" == "fixed" || @."priceType" == "range") || @."priceType" == "starting_at") || @."priceType" == "contact"))'::jsonpath))) STORED,
    pinned boolean DEFAULT false NOT NULL,
    deposit_type text,
    deposit_value double precision,
    cancellation_notice_hours smallint,
    policy_text text DEFAULT ''::text NOT NULL,
    CONSTRAINT provider_profiles_policies CHECK ((((deposit_type IS NULL) = (deposit_value IS NULL)) AND ((deposit_type IS NULL) OR (deposit_type = ANY (ARRAY['amount'::text, 'percent'::text]))) AND ((deposit_value IS NULL) OR (deposit_value > (0)::double precision)) AND ((deposit_type IS DISTINCT FROM 'percent'::text) OR (deposit_value <= (100)::double precision)) AND ((cancellation_notice_hours IS NULL) OR ((cancellation_notice_hours >= 0) AND (cancellation_notice_hours <= 720))) AND (char_length(policy_text) <= 500))),
    CONSTRAINT provider_profiles_pricing_typed CHECK ((NOT jsonb_path_exists(pricing, '$[*]?(!(((@."priceType" == "fixed" || @."priceType" == "range") || @."priceType" == "starting_at") || @."priceType" == "contact"))'::jsonpath)))
);

--
-- Name: provider_ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_ratings (
    provider_id uuid NOT NULL,
    review_count integer NOT NULL,
    rating_sum integer NOT NULL,
    rating numeric(2,1) NOT NULL,
    stars_1 integer DEFAULT 0 NOT NULL,
    stars_2 integer DEFAULT 0 NOT NULL,
    stars_3 integer DEFAULT 0 NOT NULL,
    stars_4 integer DEFAULT 0 NOT NULL,
    stars_5 integer DEFAULT 0 NOT NULL
);

--
-- Name: provider_search; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_search (
    provider_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    document tsvector NOT NULL,
    quality smallint DEFAULT 0 NOT NULL,
    earth_point public.cube,
    prices nummultirange DEFAULT '{}'::nummultirange NOT NULL,
    starting_price double precision,
    hours integer[] DEFAULT '{}'::integer[] NOT NULL,
    amenities text[] DEFAULT '{}'::text[] NOT NULL,
    categories text[] DEFAULT '{}'::text[] NOT NULL,
    service_lexemes text[] DEFAULT '{}'::text[] NOT NULL,
    service_prices numrange[] DEFAULT '{}'::numrange[] NOT NULL,
    facets tsvector GENERATED ALWAYS AS (public.search_facets(categories, amenities, hours, prices)) STORED NOT NULL
);

--
-- Name: provider_search_postings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_search_postings (
    lexeme text NOT NULL,
    quality smallint NOT NULL,
    created_at timestamp with time zone NOT NULL,
    provider_id uuid NOT NULL,
    price_mask integer NOT NULL
);

--
-- Name: provider_search_services; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.provider_search_services (
    provider_id uuid NOT NULL,
    "position" smallint NOT NULL,
    name text NOT NULL,
    document tsvector NOT NULL,
    price numrange NOT NULL,
    starting_at boolean DEFAULT false NOT NULL
);

--
-- Name: push_deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_deliveries (
    id bigint NOT NULL,
    subscription_id uuid NOT NULL,
    kind text NOT NULL,
    subject_id uuid NOT NULL,
    saved_search_id uuid,
    attempts integer DEFAULT 0 NOT NULL,
    due_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: push_deliveries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.push_deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: push_deliveries_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.push_deliveries_id_seq OWNED BY public.push_deliveries.id;

--
-- Name: push_opened_openings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_opened_openings (
    user_id uuid NOT NULL,
    opening_id uuid NOT NULL,
    opened_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: push_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_subscriptions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    login_family_id uuid,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    expires_at timestamp with time zone,
    user_agent text DEFAULT ''::text NOT NULL,
    kinds text[] DEFAULT ARRAY['opening_alerts'::text, 'saved_search_alerts'::text, 'new_messages'::text] NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_success_at timestamp with time zone,
    failing_since timestamp with time zone,
    CONSTRAINT push_subscriptions_endpoint_length CHECK ((char_length(endpoint) <= 1024)),
    CONSTRAINT push_subscriptions_keys_length CHECK (((char_length(p256dh) <= 128) AND (char_length(auth) <= 64))),
    CONSTRAINT push_subscriptions_kinds_known CHECK ((kinds <@ ARRAY['opening_alerts'::text, 'saved_search_alerts'::text, 'new_messages'::text])),
    CONSTRAINT push_subscriptions_user_agent_length CHECK ((char_length(user_agent) <= 512))
);

--
-- Name: refresh_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.refresh_tokens (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    family_id uuid NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    rotated_at timestamp with time zone,
    revoked_at timestamp with time zone,
    replayed_at timestamp with time zone
);

--
-- Name: review_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.review_reports (
    review_id uuid NOT NULL,
    reporter_id uuid NOT NULL,
    reason text NOT NULL,
    details text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT review_reports_details_length CHECK ((char_length(COALESCE(details, ''::text)) <= 500))
);

--
-- Name: reviews; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reviews (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id uuid NOT NULL,
    client_id uuid NOT NULL,
    rating smallint NOT NULL,
    text text DEFAULT ''::text NOT NULL,
    service text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    reply text,
    reply_created_at timestamp with time zone,
    reply_updated_at timestamp with time zone,
    hidden_at timestamp with time zone,
    hidden_by uuid,
    held_reason text,
    CONSTRAINT reviews_rating_range CHECK (((rating >= 1) AND (rating <= 5))),
    CONSTRAINT reviews_text_lengths CHECK (((char_length(text) <= 1000) AND (char_length(COALESCE(service, ''::text)) <= 100) AND (char_length(COALESCE(reply, ''::text)) <= 1000)))
);

--
-- Name: revoked_access_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.revoked_access_tokens (
    jti text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: saved_replies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_replies (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id uuid NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT saved_replies_lengths CHECK ((((char_length(title) >= 1) AND (char_length(title) <= 60)) AND ((char_length(body) >= 1) AND (char_length(body) <= 2000))))
);

--
-- Name: saved_search_alert_sends; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_search_alert_sends (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    saved_search_id uuid,
    sent_at timestamp with time zone NOT NULL
);

--
-- Name: saved_search_alert_sends_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.saved_search_alert_sends_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: saved_search_alert_sends_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.saved_search_alert_sends_id_seq OWNED BY public.saved_search_alert_sends.id;

--
-- Name: saved_search_alerted_openings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_search_alerted_openings (
    user_id uuid NOT NULL,
    opening_id uuid NOT NULL
);

--
-- Name: saved_search_matches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_search_matches (
    saved_search_id uuid NOT NULL,
    opening_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
);

--
-- Name: saved_search_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_search_settings (
    user_id uuid NOT NULL,
    daily_cap smallint DEFAULT 3 NOT NULL,
    CONSTRAINT saved_search_settings_cap CHECK (((daily_cap >= 1) AND (daily_cap <= 10)))
);

--
-- Name: saved_searches; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_searches (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    name text NOT NULL,
    params jsonb NOT NULL,
    alert boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_alert_at timestamp with time zone,
    match_tsquery tsquery,
    match_service_tsquery tsquery,
    match_category text,
    match_stems text[] DEFAULT '{}'::text[] NOT NULL,
    match_cells integer[] NOT NULL,
    match_latitude double precision,
    match_longitude double precision,
    match_point public.cube,
    match_chord double precision,
    match_price_min numeric,
    match_price_max numeric,
    match_hours integer[],
    match_date text,
    match_amenities text[],
    match_min_rating numeric,
    match_keys text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT saved_searches_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 60)))
);

--
-- Name: search_logs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_logs (
    id bigint NOT NULL,
    query text DEFAULT ''::text NOT NULL,
    zip text,
    filters jsonb DEFAULT '{}'::jsonb NOT NULL,
    session_id text,
    user_id uuid,
    result_count integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

--
-- Name: search_logs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.search_logs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

--
-- Name: search_logs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.search_logs_id_seq OWNED BY public.search_logs.id;

--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    name text DEFAULT ''::text NOT NULL,
    user_type text DEFAULT 'client'::text NOT NULL,
    role text DEFAULT 'user'::text NOT NULL,
    routing_slug text NOT NULL,
    avatar_url text,
    email_verified_at timestamp with time zone,
    tokens_valid_after timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    opening_alerts boolean DEFAULT true NOT NULL,
    registration_ip_hash text,
    listed boolean DEFAULT false NOT NULL,
    profile_version integer DEFAULT 1 NOT NULL,
    push_quiet_start smallint,
    push_quiet_end smallint,
    push_quiet_zone text,
    CONSTRAINT users_push_quiet_hours CHECK ((((push_quiet_start IS NULL) AND (push_quiet_end IS NULL) AND (push_quiet_zone IS NULL)) OR (((push_quiet_start >= 0) AND (push_quiet_start <= 1439)) AND ((push_quiet_end >= 0) AND (push_quiet_end <= 1439)) AND (push_quiet_start <> push_quiet_end) AND ((char_length(push_quiet_zone) >= 1) AND (char_length(push_quiet_zone) <= 64))))),
    CONSTRAINT users_role_check CHECK ((role = ANY (ARRAY['user'::text, 'admin'::text]))),
    CONSTRAINT users_user_type_check CHECK ((user_type = ANY (ARRAY['client'::text, 'provider'::text])))
);

--
-- Name: search_provider_cards; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.search_provider_cards AS
 SELECT u.id AS provider_id,
    u.name,
    u.routing_slug,
    u.avatar_url,
    p.location,
    COALESCE(p.specialties[1:3], '{}'::text[]) AS specialties,
    p.categories,
    p.amenities,
    COALESCE(p.portfolio_images[1:2], '{}'::text[]) AS portfolio_images,
    COALESCE(cardinality(p.portfolio_images), 0) AS portfolio_count,
    (round((p.latitude)::numeric, 3))::double precision AS latitude,
    (round((p.longitude)::numeric, 3))::double precision AS longitude,
    r.rating,
    COALESCE(r.review_count, 0) AS review_count,
    ARRAY( SELECT
                CASE
                    WHEN (jsonb_typeof((e.entry -> 'durationMin'::text)) = 'number'::text) THEN (round(((e.entry ->> 'durationMin'::text))::numeric))::integer
                    ELSE NULL::integer
                END AS "case"
           FROM jsonb_array_elements(
                CASE
                    WHEN (jsonb_typeof(p.pricing) = 'array'::text) THEN p.pricing
                    ELSE '[]'::jsonb
                END) WITH ORDINALITY e(entry, n)
          ORDER BY e.n) AS duration_min,
    ARRAY( SELECT
                CASE
                    WHEN (jsonb_typeof((e.entry -> 'durationMax'::text)) = 'number'::text) THEN (round(((e.entry ->> 'durationMax'::text))::numeric))::integer
                    ELSE NULL::integer
                END AS "case"
           FROM jsonb_array_elements(
                CASE
                    WHEN (jsonb_typeof(p.pricing) = 'array'::text) THEN p.pricing
                    ELSE '[]'::jsonb
                END) WITH ORDINALITY e(entry, n)
          ORDER BY e.n) AS duration_max
   FROM ((public.users u
     JOIN public.provider_profiles p ON ((p.user_id = u.id)))
     LEFT JOIN public.provider_ratings r ON ((r.provider_id = u.id)));

--
-- Name: search_provider_documents; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.search_provider_documents AS
 SELECT u.id AS provider_id,
    p.created_at,
    (((setweight(to_tsvector('english'::regconfig, u.name), 'A'::"char") || setweight(to_tsvector('english'::regconfig, concat_ws(' '::text, array_to_string(p.specialties, ' '::text), services.names, public.search_category_labels(p.categories))), 'B'::"char")) || setweight(to_tsvector('english'::regconfig, concat_ws(' '::text, p.bio, services.descriptions, p.location)), 'C'::"char")) || setweight(to_tsvector('english'::regconfig, concat_ws(' '::text, array_to_string(p.products, ' '::text), array_to_string(p.certifications, ' '::text), array_to_string(p.amenities, ' '::text), p.additional_details)), 'D'::"char")) AS document,
    (((((((
        CASE
            WHEN (u.avatar_url IS NOT NULL) THEN 20
            ELSE 0
        END + (LEAST(cardinality(p.portfolio_images), 5) * 5)) +
        CASE
            WHEN (length(p.bio) >= 80) THEN 15
            ELSE 0
        END) + (LEAST(services.count, 5) * 3)) + (LEAST(cardinality(p.specialties), 3) * 3)) +
        CASE
            WHEN (hours.slots <> '{}'::integer[]) THEN 8
            ELSE 0
        END) +
        CASE
            WHEN (p.latitude IS NOT NULL) THEN 3
            ELSE 0
        END))::smallint AS quality,
        CASE
            WHEN ((p.latitude IS NOT NULL) AND (p.longitude IS NOT NULL)) THEN (public.ll_to_earth((p.latitude + (((((hashtext((u.id)::text) & 65535) - 32768))::numeric * 0.00000000003))::double precision), (p.longitude + ((((((hashtext((u.id)::text) >> 16) & 65535) - 32768))::numeric * 0.00000000003))::double precision)))::public.cube
            ELSE NULL::public.cube
        END AS earth_point,
    prices.ranges AS prices,
    (lower(prices.ranges))::double precision AS starting_price,
    hours.slots AS hours,
    ARRAY( SELECT DISTINCT folded.c
           FROM ( SELECT public.search_canonical_amenity(a.a) AS c
                   FROM unnest(p.amenities) a(a)) folded
          WHERE (folded.c <> ''::text)
          ORDER BY folded.c) AS amenities,
    concat_ws(' '::text, u.name, array_to_string(p.specialties, ' '::text), services.names, p.bio, services.descriptions, p.location, array_to_string(p.products, ' '::text), array_to_string(p.certifications, ' '::text), array_to_string(p.amenities, ' '::text), p.additional_details) AS vocabulary,
    COALESCE(p.categories, '{}'::text[]) AS categories,
    named.lexemes AS service_lexemes,
    named.prices AS service_prices
   FROM (((((public.users u
     JOIN public.provider_profiles p ON ((p.user_id = u.id)))
     CROSS JOIN LATERAL ( SELECT string_agg((e.value ->> 'service'::text), ' '::text) AS names,
            string_agg((e.value ->> 'description'::text), ' '::text) AS descriptions,
            (count(*))::integer AS count
           FROM jsonb_array_elements(
                CASE
                    WHEN (jsonb_typeof(p.pricing) = 'array'::text) THEN p.pricing
                    ELSE '[]'::jsonb
                END) e(value)
          WHERE (jsonb_typeof(e.value) = 'object'::text)) services)
     CROSS JOIN LATERAL ( SELECT public.search_price_ranges(p.pricing) AS ranges) prices)
     CROSS JOIN LATERAL ( SELECT COALESCE(array_agg(DISTINCT ((d.idx * 24) + (substr(s.slot, 1, 2))::integer)), '{}'::integer[]) AS slots
           FROM (( VALUES ('monday'::text,0), ('tuesday'::text,1), ('wednesday'::text,2), ('thursday'::text,3), ('friday'::text,4), ('saturday'::text,5), ('sunday'::text,6)) d(day, idx)
             CROSS JOIN LATERAL jsonb_array_elements_text(
                CASE
                    WHEN (jsonb_typeof((p.availability_slots -> d.day)) = 'array'::text) THEN (p.availability_slots -> d.day)
                    ELSE '[]'::jsonb
                END) s(slot))
          WHERE (s.slot ~ '^([01][0-9]|2[0-3]):00$'::text)) hours)
     CROSS JOIN LATERAL ( SELECT COALESCE(array_agg(l.lexeme ORDER BY e."position", l.lexeme), '{}'::text[]) AS lexemes,
            COALESCE(array_agg(sp.price ORDER BY e."position", l.lexeme), '{}'::numrange[]) AS prices
           FROM ((jsonb_array_elements(
                CASE
                    WHEN (jsonb_typeof(p.pricing) = 'array'::text) THEN p.pricing
                    ELSE '[]'::jsonb
                END) WITH ORDINALITY e(entry, "position")
             CROSS JOIN LATERAL public.search_service_price(e.entry) sp(price, starting_at))
             CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english'::regconfig, btrim((e.entry ->> 'service'::text))))) l(lexeme))
          WHERE ((jsonb_typeof((e.entry -> 'service'::text)) = 'string'::text) AND (btrim((e.entry ->> 'service'::text)) <> ''::text) AND (sp.price IS NOT NULL))) named)
  WHERE u.listed;

--
-- Name: search_provider_services; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.search_provider_services AS
 SELECT u.id AS provider_id,
    (e."position")::smallint AS "position",
    btrim((e.entry ->> 'service'::text)) AS name,
    to_tsvector('english'::regconfig, btrim((e.entry ->> 'service'::text))) AS document,
    sp.price,
    sp.starting_at
   FROM (((public.users u
     JOIN public.provider_profiles p ON ((p.user_id = u.id)))
     CROSS JOIN LATERAL jsonb_array_elements(
        CASE
            WHEN (jsonb_typeof(p.pricing) = 'array'::text) THEN p.pricing
            ELSE '[]'::jsonb
        END) WITH ORDINALITY e(entry, "position"))
     CROSS JOIN LATERAL public.search_service_price(e.entry) sp(price, starting_at))
  WHERE (u.listed AND (jsonb_typeof((e.entry -> 'service'::text)) = 'string'::text) AND (btrim((e.entry ->> 'service'::text)) <> ''::text) AND (sp.price IS NOT NULL));

--
-- Name: search_term_trigrams; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_term_trigrams (
    trigram text NOT NULL,
    term text NOT NULL
);

--
-- Name: search_terms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.search_terms (
    term text NOT NULL,
    lexeme text NOT NULL
);

--
-- Name: webauthn_challenges; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webauthn_challenges (
    challenge text NOT NULL,
    user_id uuid,
    purpose text NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

--
-- Name: mail_outbox id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox ALTER COLUMN id SET DEFAULT nextval('public.mail_outbox_id_seq'::regclass);

--
-- Name: push_deliveries id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_deliveries ALTER COLUMN id SET DEFAULT nextval('public.push_deliveries_id_seq'::regclass);

--
-- Name: saved_search_alert_sends id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alert_sends ALTER COLUMN id SET DEFAULT nextval('public.saved_search_alert_sends_id_seq'::regclass);

--
-- Name: search_logs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_logs ALTER COLUMN id SET DEFAULT nextval('public.search_logs_id_seq'::regclass);

--
-- Name: account_deletions account_deletions_day_user_type_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_deletions
    ADD CONSTRAINT account_deletions_day_user_type_pk PRIMARY KEY (day, user_type);

--
-- Name: blocked_clients blocked_clients_provider_id_client_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_clients
    ADD CONSTRAINT blocked_clients_provider_id_client_id_pk PRIMARY KEY (provider_id, client_id);

--
-- Name: blocked_providers blocked_providers_user_id_provider_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_providers
    ADD CONSTRAINT blocked_providers_user_id_provider_id_pk PRIMARY KEY (user_id, provider_id);

--
-- Name: booking_logs booking_logs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_logs
    ADD CONSTRAINT booking_logs_pkey PRIMARY KEY (id);

--
-- Name: catalogue_version catalogue_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.catalogue_version
    ADD CONSTRAINT catalogue_version_pkey PRIMARY KEY (id);

--
-- Name: email_tokens email_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_pkey PRIMARY KEY (id);

--
-- Name: email_tokens email_tokens_token_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_token_hash_unique UNIQUE (token_hash);

--
-- Name: favorite_services favorite_services_user_id_service_name_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.favorite_services
    ADD CONSTRAINT favorite_services_user_id_service_name_pk PRIMARY KEY (user_id, service_name);

--
-- Name: favorites favorites_user_id_provider_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_user_id_provider_id_pk PRIMARY KEY (user_id, provider_id);

--
-- Name: form_submissions form_submissions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.form_submissions
    ADD CONSTRAINT form_submissions_pkey PRIMARY KEY (id);

--
-- Name: idempotency_keys idempotency_keys_user_id_key_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_key_pk PRIMARY KEY (user_id, key);

--
-- Name: insight_counted_tokens insight_counted_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_counted_tokens
    ADD CONSTRAINT insight_counted_tokens_pkey PRIMARY KEY (nonce);

--
-- Name: insight_day_salts insight_day_salts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_day_salts
    ADD CONSTRAINT insight_day_salts_pkey PRIMARY KEY (day);

--
-- Name: insight_favorite_firsts insight_favorite_firsts_client_id_provider_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_favorite_firsts
    ADD CONSTRAINT insight_favorite_firsts_client_id_provider_id_pk PRIMARY KEY (client_id, provider_id);

--
-- Name: insight_view_keys insight_view_keys_provider_id_day_visitor_key_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_view_keys
    ADD CONSTRAINT insight_view_keys_provider_id_day_visitor_key_pk PRIMARY KEY (provider_id, day, visitor_key);

--
-- Name: login_addresses login_addresses_user_id_ip_hash_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_addresses
    ADD CONSTRAINT login_addresses_user_id_ip_hash_pk PRIMARY KEY (user_id, ip_hash);

--
-- Name: login_sessions login_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_sessions
    ADD CONSTRAINT login_sessions_pkey PRIMARY KEY (family_id);

--
-- Name: mail_outbox mail_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);

--
-- Name: message_reply_times message_reply_times_provider_id_replied_at_thread_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_reply_times
    ADD CONSTRAINT message_reply_times_provider_id_replied_at_thread_id_pk PRIMARY KEY (provider_id, replied_at, thread_id);

--
-- Name: message_reports message_reports_message_id_reporter_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_reports
    ADD CONSTRAINT message_reports_message_id_reporter_id_pk PRIMARY KEY (message_id, reporter_id);

--
-- Name: message_threads message_threads_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_threads
    ADD CONSTRAINT message_threads_pkey PRIMARY KEY (id);

--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);

--
-- Name: notification_preferences notification_preferences_user_id_kind_channel_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_preferences
    ADD CONSTRAINT notification_preferences_user_id_kind_channel_pk PRIMARY KEY (user_id, kind, channel);

--
-- Name: opening_alert_dispatches opening_alert_dispatches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opening_alert_dispatches
    ADD CONSTRAINT opening_alert_dispatches_pkey PRIMARY KEY (provider_id);

--
-- Name: opening_alert_sends opening_alert_sends_user_id_provider_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opening_alert_sends
    ADD CONSTRAINT opening_alert_sends_user_id_provider_id_pk PRIMARY KEY (user_id, provider_id);

--
-- Name: openings openings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.openings
    ADD CONSTRAINT openings_pkey PRIMARY KEY (id);

--
-- Name: passkeys passkeys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_pkey PRIMARY KEY (id);

--
-- Name: provider_cards provider_cards_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_cards
    ADD CONSTRAINT provider_cards_pkey PRIMARY KEY (provider_id);

--
-- Name: provider_insight_days provider_insight_days_provider_id_day_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_insight_days
    ADD CONSTRAINT provider_insight_days_provider_id_day_pk PRIMARY KEY (provider_id, day);

--
-- Name: provider_insight_words provider_insight_words_provider_id_day_word_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_insight_words
    ADD CONSTRAINT provider_insight_words_provider_id_day_word_pk PRIMARY KEY (provider_id, day, word);

--
-- Name: provider_profiles provider_profiles_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_profiles
    ADD CONSTRAINT provider_profiles_pkey PRIMARY KEY (user_id);

--
-- Name: provider_ratings provider_ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_ratings
    ADD CONSTRAINT provider_ratings_pkey PRIMARY KEY (provider_id);

--
-- Name: provider_search provider_search_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_search
    ADD CONSTRAINT provider_search_pkey PRIMARY KEY (provider_id);

--
-- Name: provider_search_services provider_search_services_provider_id_position_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_search_services
    ADD CONSTRAINT provider_search_services_provider_id_position_pk PRIMARY KEY (provider_id, "position");

--
-- Name: push_deliveries push_deliveries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_pkey PRIMARY KEY (id);

--
-- Name: push_opened_openings push_opened_openings_user_id_opening_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_opened_openings
    ADD CONSTRAINT push_opened_openings_user_id_opening_id_pk PRIMARY KEY (user_id, opening_id);

--
-- Name: push_subscriptions push_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);

--
-- Name: refresh_tokens refresh_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (id);

--
-- Name: refresh_tokens refresh_tokens_token_hash_unique; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_token_hash_unique UNIQUE (token_hash);

--
-- Name: review_reports review_reports_review_id_reporter_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_review_id_reporter_id_pk PRIMARY KEY (review_id, reporter_id);

--
-- Name: reviews reviews_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

--
-- Name: revoked_access_tokens revoked_access_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.revoked_access_tokens
    ADD CONSTRAINT revoked_access_tokens_pkey PRIMARY KEY (jti);

--
-- Name: saved_replies saved_replies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_replies
    ADD CONSTRAINT saved_replies_pkey PRIMARY KEY (id);

--
-- Name: saved_search_alert_sends saved_search_alert_sends_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alert_sends
    ADD CONSTRAINT saved_search_alert_sends_pkey PRIMARY KEY (id);

--
-- Name: saved_search_alerted_openings saved_search_alerted_openings_user_id_opening_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alerted_openings
    ADD CONSTRAINT saved_search_alerted_openings_user_id_opening_id_pk PRIMARY KEY (user_id, opening_id);

--
-- Name: saved_search_matches saved_search_matches_saved_search_id_opening_id_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_matches
    ADD CONSTRAINT saved_search_matches_saved_search_id_opening_id_pk PRIMARY KEY (saved_search_id, opening_id);

--
-- Name: saved_search_settings saved_search_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_settings
    ADD CONSTRAINT saved_search_settings_pkey PRIMARY KEY (user_id);

--
-- Name: saved_searches saved_searches_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_searches
    ADD CONSTRAINT saved_searches_pkey PRIMARY KEY (id);

--
-- Name: search_logs search_logs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_logs
    ADD CONSTRAINT search_logs_pkey PRIMARY KEY (id);

--
-- Name: search_term_trigrams search_term_trigrams_trigram_term_pk; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_term_trigrams
    ADD CONSTRAINT search_term_trigrams_trigram_term_pk PRIMARY KEY (trigram, term);

--
-- Name: search_terms search_terms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_terms
    ADD CONSTRAINT search_terms_pkey PRIMARY KEY (term);

--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

--
-- Name: webauthn_challenges webauthn_challenges_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webauthn_challenges
    ADD CONSTRAINT webauthn_challenges_pkey PRIMARY KEY (challenge);

--
-- Name: blocked_clients_client_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX blocked_clients_client_idx ON public.blocked_clients USING btree (client_id);

--
-- Name: blocked_providers_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX blocked_providers_provider_idx ON public.blocked_providers USING btree (provider_id);

--
-- Name: booking_logs_client_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_logs_client_provider_idx ON public.booking_logs USING btree (client_id, provider_id, created_at DESC NULLS LAST);

--
-- Name: booking_logs_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_logs_created_idx ON public.booking_logs USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: booking_logs_provider_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_logs_provider_created_idx ON public.booking_logs USING btree (provider_id, created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: email_tokens_user_purpose_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_tokens_user_purpose_idx ON public.email_tokens USING btree (user_id, purpose);

--
-- Name: favorites_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX favorites_provider_idx ON public.favorites USING btree (provider_id);

--
-- Name: favorites_user_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX favorites_user_created_idx ON public.favorites USING btree (user_id, created_at DESC NULLS LAST, provider_id DESC NULLS LAST);

--
-- Name: form_submissions_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX form_submissions_created_idx ON public.form_submissions USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: form_submissions_handled_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX form_submissions_handled_created_idx ON public.form_submissions USING btree (handled_at, created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: insight_counted_tokens_expires_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX insight_counted_tokens_expires_at_idx ON public.insight_counted_tokens USING btree (expires_at);

--
-- Name: insight_favorite_firsts_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX insight_favorite_firsts_provider_idx ON public.insight_favorite_firsts USING btree (provider_id);

--
-- Name: insight_view_keys_day_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX insight_view_keys_day_idx ON public.insight_view_keys USING btree (day);

--
-- Name: login_sessions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX login_sessions_user_idx ON public.login_sessions USING btree (user_id, last_used_at DESC NULLS LAST);

--
-- Name: mail_outbox_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_due_idx ON public.mail_outbox USING btree (status, next_attempt_at);

--
-- Name: mail_outbox_mailbox_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_mailbox_idx ON public.mail_outbox USING btree (public.mail_mailbox(to_address), created_at);

--
-- Name: mail_outbox_sender_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_outbox_sender_idx ON public.mail_outbox USING btree (sender_id) WHERE (sender_id IS NOT NULL);

--
-- Name: message_reply_times_thread_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_reply_times_thread_idx ON public.message_reply_times USING btree (thread_id);

--
-- Name: message_reports_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_reports_created_idx ON public.message_reports USING btree (created_at DESC NULLS LAST, message_id);

--
-- Name: message_reports_reporter_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_reports_reporter_idx ON public.message_reports USING btree (reporter_id);

--
-- Name: message_threads_awaiting_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_threads_awaiting_idx ON public.message_threads USING btree (provider_id, last_message_at DESC NULLS LAST, id DESC NULLS LAST) WHERE (awaiting_reply_since IS NOT NULL);

--
-- Name: message_threads_client_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_threads_client_due_idx ON public.message_threads USING btree (client_notify_due_at) WHERE (client_notify_due_at IS NOT NULL);

--
-- Name: message_threads_client_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_threads_client_idx ON public.message_threads USING btree (client_id, last_message_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: message_threads_pair_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX message_threads_pair_idx ON public.message_threads USING btree (client_id, provider_id);

--
-- Name: message_threads_provider_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_threads_provider_due_idx ON public.message_threads USING btree (provider_notify_due_at) WHERE (provider_notify_due_at IS NOT NULL);

--
-- Name: message_threads_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX message_threads_provider_idx ON public.message_threads USING btree (provider_id, last_message_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: messages_hidden_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_hidden_idx ON public.messages USING btree (hidden_at DESC NULLS LAST, id DESC NULLS LAST) WHERE (hidden_at IS NOT NULL);

--
-- Name: messages_sender_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_sender_idx ON public.messages USING btree (sender_id) WHERE (sender_id IS NOT NULL);

--
-- Name: messages_thread_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX messages_thread_created_idx ON public.messages USING btree (thread_id, created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: opening_alert_dispatches_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX opening_alert_dispatches_due_idx ON public.opening_alert_dispatches USING btree (due_at);

--
-- Name: openings_active_start_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX openings_active_start_idx ON public.openings USING btree (start_time, id) WHERE is_active;

--
-- Name: openings_provider_start_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX openings_provider_start_idx ON public.openings USING btree (provider_id, start_time);

--
-- Name: openings_reduced_start_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX openings_reduced_start_idx ON public.openings USING btree (start_time, id) WHERE (is_active AND (regular_price IS NOT NULL));

--
-- Name: openings_text_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX openings_text_idx ON public.openings USING gin (to_tsvector('english'::regconfig, ((service_type || ' '::text) || COALESCE(note, ''::text))));

--
-- Name: passkeys_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX passkeys_user_idx ON public.passkeys USING btree (user_id, created_at);

--
-- Name: provider_profiles_zip_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_profiles_zip_idx ON public.provider_profiles USING btree (zip);

--
-- Name: provider_ratings_rating_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_ratings_rating_idx ON public.provider_ratings USING btree (rating DESC NULLS LAST, review_count DESC NULLS LAST);

--
-- Name: provider_search_amenities_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_amenities_idx ON public.provider_search USING gin (amenities);

--
-- Name: provider_search_categories_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_categories_idx ON public.provider_search USING gin (categories);

--
-- Name: provider_search_document_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_document_idx ON public.provider_search USING gin (document);

--
-- Name: provider_search_earth_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_earth_idx ON public.provider_search USING gist (earth_point, document, facets) WHERE (earth_point IS NOT NULL);

--
-- Name: provider_search_hours_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_hours_idx ON public.provider_search USING gin (hours);

--
-- Name: provider_search_newest_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_newest_idx ON public.provider_search USING btree (created_at DESC, provider_id DESC);

--
-- Name: provider_search_postings_walk_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX provider_search_postings_walk_idx ON public.provider_search_postings USING btree (lexeme, quality DESC, created_at DESC, provider_id DESC, price_mask);

--
-- Name: provider_search_prices_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_prices_idx ON public.provider_search USING gist (prices);

--
-- Name: provider_search_quality_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX provider_search_quality_idx ON public.provider_search USING btree (quality DESC, created_at DESC, provider_id DESC);

--
-- Name: push_deliveries_due_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_deliveries_due_idx ON public.push_deliveries USING btree (due_at);

--
-- Name: push_deliveries_subject_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX push_deliveries_subject_idx ON public.push_deliveries USING btree (subscription_id, subject_id);

--
-- Name: push_subscriptions_endpoint_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX push_subscriptions_endpoint_idx ON public.push_subscriptions USING btree (endpoint);

--
-- Name: push_subscriptions_family_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_subscriptions_family_idx ON public.push_subscriptions USING btree (login_family_id) WHERE (login_family_id IS NOT NULL);

--
-- Name: push_subscriptions_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_subscriptions_user_idx ON public.push_subscriptions USING btree (user_id, created_at);

--
-- Name: refresh_tokens_family_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX refresh_tokens_family_idx ON public.refresh_tokens USING btree (family_id);

--
-- Name: refresh_tokens_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX refresh_tokens_user_idx ON public.refresh_tokens USING btree (user_id);

--
-- Name: review_reports_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX review_reports_created_idx ON public.review_reports USING btree (created_at DESC NULLS LAST, review_id);

--
-- Name: reviews_client_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX reviews_client_provider_idx ON public.reviews USING btree (client_id, provider_id);

--
-- Name: reviews_hidden_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_hidden_idx ON public.reviews USING btree (hidden_at DESC NULLS LAST, id DESC NULLS LAST) WHERE (hidden_at IS NOT NULL);

--
-- Name: reviews_provider_visible_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reviews_provider_visible_idx ON public.reviews USING btree (provider_id, created_at DESC NULLS LAST, id DESC NULLS LAST) WHERE (hidden_at IS NULL);

--
-- Name: revoked_access_tokens_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX revoked_access_tokens_expires_idx ON public.revoked_access_tokens USING btree (expires_at);

--
-- Name: saved_replies_provider_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_replies_provider_idx ON public.saved_replies USING btree (provider_id, created_at);

--
-- Name: saved_search_alert_sends_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_search_alert_sends_user_idx ON public.saved_search_alert_sends USING btree (user_id, sent_at);

--
-- Name: saved_search_matches_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_search_matches_created_idx ON public.saved_search_matches USING btree (created_at);

--
-- Name: saved_searches_keys_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_searches_keys_idx ON public.saved_searches USING gin (match_keys) WITH (fastupdate='false') WHERE alert;

--
-- Name: saved_searches_user_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_searches_user_idx ON public.saved_searches USING btree (user_id, created_at);

--
-- Name: search_logs_created_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_logs_created_id_idx ON public.search_logs USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST);

--
-- Name: search_logs_zero_results_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_logs_zero_results_idx ON public.search_logs USING btree (created_at DESC NULLS LAST, id DESC NULLS LAST) WHERE (result_count = 0);

--
-- Name: search_terms_lexeme_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX search_terms_lexeme_idx ON public.search_terms USING btree (lexeme);

--
-- Name: users_email_lower_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_email_lower_idx ON public.users USING btree (lower(email));

--
-- Name: users_listed_slug_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_listed_slug_idx ON public.users USING btree (routing_slug) WHERE listed;

--
-- Name: users_routing_slug_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX users_routing_slug_idx ON public.users USING btree (routing_slug);

--
-- Name: users_type_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_type_created_idx ON public.users USING btree (user_type, created_at);

--
-- Name: webauthn_challenges_expires_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webauthn_challenges_expires_idx ON public.webauthn_challenges USING btree (expires_at);

--
-- Name: openings openings_catalogue; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER openings_catalogue AFTER INSERT ON public.openings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: openings openings_catalogue_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER openings_catalogue_delete AFTER DELETE ON public.openings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: openings openings_catalogue_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER openings_catalogue_truncate AFTER TRUNCATE ON public.openings FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: openings openings_catalogue_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER openings_catalogue_update AFTER UPDATE ON public.openings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: provider_profiles provider_profiles_catalogue; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_catalogue AFTER INSERT ON public.provider_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: provider_profiles provider_profiles_catalogue_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_catalogue_delete AFTER DELETE ON public.provider_profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: provider_profiles provider_profiles_catalogue_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_catalogue_truncate AFTER TRUNCATE ON public.provider_profiles FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: provider_profiles provider_profiles_catalogue_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_catalogue_update AFTER UPDATE ON public.provider_profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: provider_profiles provider_profiles_listed_insert_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_listed_insert_delete AFTER INSERT OR DELETE ON public.provider_profiles FOR EACH ROW EXECUTE FUNCTION public.provider_profiles_listed_after();

--
-- Name: provider_profiles provider_profiles_listed_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_listed_update AFTER UPDATE ON public.provider_profiles FOR EACH ROW WHEN ((old.profile_complete IS DISTINCT FROM new.profile_complete)) EXECUTE FUNCTION public.provider_profiles_listed_after();

--
-- Name: provider_profiles provider_profiles_search_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_search_insert AFTER INSERT ON public.provider_profiles FOR EACH ROW EXECUTE FUNCTION public.search_provider_profile_changed();

--
-- Name: provider_profiles provider_profiles_search_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_profiles_search_update AFTER UPDATE ON public.provider_profiles FOR EACH ROW WHEN (((old.bio IS DISTINCT FROM new.bio) OR (old.location IS DISTINCT FROM new.location) OR (old.latitude IS DISTINCT FROM new.latitude) OR (old.longitude IS DISTINCT FROM new.longitude) OR (old.availability_slots IS DISTINCT FROM new.availability_slots) OR (old.categories IS DISTINCT FROM new.categories) OR (old.specialties IS DISTINCT FROM new.specialties) OR (old.certifications IS DISTINCT FROM new.certifications) OR (old.amenities IS DISTINCT FROM new.amenities) OR (old.products IS DISTINCT FROM new.products) OR (old.pricing IS DISTINCT FROM new.pricing) OR (old.portfolio_images IS DISTINCT FROM new.portfolio_images) OR (old.additional_details IS DISTINCT FROM new.additional_details) OR (old.created_at IS DISTINCT FROM new.created_at))) EXECUTE FUNCTION public.search_provider_profile_changed();

--
-- Name: provider_ratings provider_ratings_card; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_ratings_card AFTER INSERT OR DELETE OR UPDATE ON public.provider_ratings FOR EACH ROW EXECUTE FUNCTION public.search_card_rating_changed();

--
-- Name: provider_search provider_search_postings_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_search_postings_delete AFTER DELETE ON public.provider_search REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_search_postings_sync();

--
-- Name: provider_search provider_search_postings_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_search_postings_insert AFTER INSERT ON public.provider_search REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_search_postings_sync();

--
-- Name: provider_search provider_search_postings_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_search_postings_truncate AFTER TRUNCATE ON public.provider_search FOR EACH STATEMENT EXECUTE FUNCTION public.provider_search_postings_truncate();

--
-- Name: provider_search provider_search_postings_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER provider_search_postings_update AFTER UPDATE ON public.provider_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.provider_search_postings_sync();

--
-- Name: reviews reviews_catalogue; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reviews_catalogue AFTER INSERT ON public.reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: reviews reviews_catalogue_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reviews_catalogue_delete AFTER DELETE ON public.reviews REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: reviews reviews_catalogue_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reviews_catalogue_truncate AFTER TRUNCATE ON public.reviews FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: reviews reviews_catalogue_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reviews_catalogue_update AFTER UPDATE ON public.reviews REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump();

--
-- Name: reviews reviews_rating_insert_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reviews_rating_insert_delete AFTER INSERT OR DELETE ON public.reviews FOR EACH ROW EXECUTE FUNCTION public.reviews_changed();

--
-- Name: reviews reviews_rating_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER reviews_rating_update AFTER UPDATE ON public.reviews FOR EACH ROW WHEN (((old.rating IS DISTINCT FROM new.rating) OR (old.hidden_at IS DISTINCT FROM new.hidden_at))) EXECUTE FUNCTION public.reviews_changed();

--
-- Name: search_terms search_terms_trigrams; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER search_terms_trigrams AFTER INSERT ON public.search_terms FOR EACH ROW EXECUTE FUNCTION public.search_term_added();

--
-- Name: users users_catalogue_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_catalogue_delete AFTER DELETE ON public.users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump_users();

--
-- Name: users users_catalogue_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_catalogue_update AFTER UPDATE ON public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.catalogue_bump_users();

--
-- Name: users users_listed_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_listed_insert BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION public.users_listed_before();

--
-- Name: users users_listed_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_listed_update BEFORE UPDATE ON public.users FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.email_verified_at IS DISTINCT FROM new.email_verified_at) OR (old.user_type IS DISTINCT FROM new.user_type))) EXECUTE FUNCTION public.users_listed_before();

--
-- Name: users users_search_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER users_search_update AFTER UPDATE ON public.users FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.avatar_url IS DISTINCT FROM new.avatar_url) OR (old.email_verified_at IS DISTINCT FROM new.email_verified_at) OR (old.user_type IS DISTINCT FROM new.user_type) OR (old.listed IS DISTINCT FROM new.listed) OR (old.routing_slug IS DISTINCT FROM new.routing_slug))) EXECUTE FUNCTION public.search_user_changed();

--
-- Name: blocked_clients blocked_clients_client_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_clients
    ADD CONSTRAINT blocked_clients_client_id_users_id_fk FOREIGN KEY (client_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: blocked_clients blocked_clients_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_clients
    ADD CONSTRAINT blocked_clients_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: blocked_providers blocked_providers_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_providers
    ADD CONSTRAINT blocked_providers_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: blocked_providers blocked_providers_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blocked_providers
    ADD CONSTRAINT blocked_providers_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: booking_logs booking_logs_client_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_logs
    ADD CONSTRAINT booking_logs_client_id_users_id_fk FOREIGN KEY (client_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: booking_logs booking_logs_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_logs
    ADD CONSTRAINT booking_logs_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: email_tokens email_tokens_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_tokens
    ADD CONSTRAINT email_tokens_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: favorite_services favorite_services_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.favorite_services
    ADD CONSTRAINT favorite_services_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: favorites favorites_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: favorites favorites_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.favorites
    ADD CONSTRAINT favorites_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: idempotency_keys idempotency_keys_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: insight_favorite_firsts insight_favorite_firsts_client_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_favorite_firsts
    ADD CONSTRAINT insight_favorite_firsts_client_id_users_id_fk FOREIGN KEY (client_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: insight_favorite_firsts insight_favorite_firsts_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_favorite_firsts
    ADD CONSTRAINT insight_favorite_firsts_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: insight_view_keys insight_view_keys_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.insight_view_keys
    ADD CONSTRAINT insight_view_keys_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: login_addresses login_addresses_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_addresses
    ADD CONSTRAINT login_addresses_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: login_sessions login_sessions_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.login_sessions
    ADD CONSTRAINT login_sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: mail_outbox mail_outbox_sender_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_sender_id_users_id_fk FOREIGN KEY (sender_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: message_reply_times message_reply_times_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_reply_times
    ADD CONSTRAINT message_reply_times_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: message_reply_times message_reply_times_thread_id_message_threads_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_reply_times
    ADD CONSTRAINT message_reply_times_thread_id_message_threads_id_fk FOREIGN KEY (thread_id) REFERENCES public.message_threads(id) ON DELETE CASCADE;

--
-- Name: message_reports message_reports_message_id_messages_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_reports
    ADD CONSTRAINT message_reports_message_id_messages_id_fk FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;

--
-- Name: message_reports message_reports_reporter_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_reports
    ADD CONSTRAINT message_reports_reporter_id_users_id_fk FOREIGN KEY (reporter_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: message_threads message_threads_client_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_threads
    ADD CONSTRAINT message_threads_client_id_users_id_fk FOREIGN KEY (client_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: message_threads message_threads_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.message_threads
    ADD CONSTRAINT message_threads_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: messages messages_hidden_by_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_hidden_by_users_id_fk FOREIGN KEY (hidden_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: messages messages_sender_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_sender_id_users_id_fk FOREIGN KEY (sender_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: messages messages_thread_id_message_threads_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_thread_id_message_threads_id_fk FOREIGN KEY (thread_id) REFERENCES public.message_threads(id) ON DELETE CASCADE;

--
-- Name: notification_preferences notification_preferences_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notification_preferences
    ADD CONSTRAINT notification_preferences_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: opening_alert_dispatches opening_alert_dispatches_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opening_alert_dispatches
    ADD CONSTRAINT opening_alert_dispatches_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: opening_alert_sends opening_alert_sends_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opening_alert_sends
    ADD CONSTRAINT opening_alert_sends_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: opening_alert_sends opening_alert_sends_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opening_alert_sends
    ADD CONSTRAINT opening_alert_sends_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: openings openings_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.openings
    ADD CONSTRAINT openings_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: passkeys passkeys_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.passkeys
    ADD CONSTRAINT passkeys_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_cards provider_cards_provider_id_provider_search_provider_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_cards
    ADD CONSTRAINT provider_cards_provider_id_provider_search_provider_id_fk FOREIGN KEY (provider_id) REFERENCES public.provider_search(provider_id) ON DELETE CASCADE;

--
-- Name: provider_insight_days provider_insight_days_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_insight_days
    ADD CONSTRAINT provider_insight_days_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_insight_words provider_insight_words_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_insight_words
    ADD CONSTRAINT provider_insight_words_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_profiles provider_profiles_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_profiles
    ADD CONSTRAINT provider_profiles_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_ratings provider_ratings_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_ratings
    ADD CONSTRAINT provider_ratings_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_search provider_search_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_search
    ADD CONSTRAINT provider_search_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: provider_search_services provider_search_services_provider_id_provider_search_provider_i; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.provider_search_services
    ADD CONSTRAINT provider_search_services_provider_id_provider_search_provider_i FOREIGN KEY (provider_id) REFERENCES public.provider_search(provider_id) ON DELETE CASCADE;

--
-- Name: push_deliveries push_deliveries_subscription_id_push_subscriptions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_subscription_id_push_subscriptions_id_fk FOREIGN KEY (subscription_id) REFERENCES public.push_subscriptions(id) ON DELETE CASCADE;

--
-- Name: push_opened_openings push_opened_openings_opening_id_openings_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_opened_openings
    ADD CONSTRAINT push_opened_openings_opening_id_openings_id_fk FOREIGN KEY (opening_id) REFERENCES public.openings(id) ON DELETE CASCADE;

--
-- Name: push_opened_openings push_opened_openings_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_opened_openings
    ADD CONSTRAINT push_opened_openings_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: push_subscriptions push_subscriptions_login_family_id_login_sessions_family_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_login_family_id_login_sessions_family_id_fk FOREIGN KEY (login_family_id) REFERENCES public.login_sessions(family_id) ON DELETE CASCADE;

--
-- Name: push_subscriptions push_subscriptions_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: refresh_tokens refresh_tokens_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: review_reports review_reports_reporter_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_reporter_id_users_id_fk FOREIGN KEY (reporter_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: review_reports review_reports_review_id_reviews_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.review_reports
    ADD CONSTRAINT review_reports_review_id_reviews_id_fk FOREIGN KEY (review_id) REFERENCES public.reviews(id) ON DELETE CASCADE;

--
-- Name: reviews reviews_client_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_client_id_users_id_fk FOREIGN KEY (client_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: reviews reviews_hidden_by_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_hidden_by_users_id_fk FOREIGN KEY (hidden_by) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: reviews reviews_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reviews
    ADD CONSTRAINT reviews_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: saved_replies saved_replies_provider_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_replies
    ADD CONSTRAINT saved_replies_provider_id_users_id_fk FOREIGN KEY (provider_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: saved_search_alert_sends saved_search_alert_sends_saved_search_id_saved_searches_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alert_sends
    ADD CONSTRAINT saved_search_alert_sends_saved_search_id_saved_searches_id_fk FOREIGN KEY (saved_search_id) REFERENCES public.saved_searches(id) ON DELETE SET NULL;

--
-- Name: saved_search_alert_sends saved_search_alert_sends_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alert_sends
    ADD CONSTRAINT saved_search_alert_sends_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: saved_search_alerted_openings saved_search_alerted_openings_opening_id_openings_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alerted_openings
    ADD CONSTRAINT saved_search_alerted_openings_opening_id_openings_id_fk FOREIGN KEY (opening_id) REFERENCES public.openings(id) ON DELETE CASCADE;

--
-- Name: saved_search_alerted_openings saved_search_alerted_openings_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_alerted_openings
    ADD CONSTRAINT saved_search_alerted_openings_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: saved_search_matches saved_search_matches_opening_id_openings_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_matches
    ADD CONSTRAINT saved_search_matches_opening_id_openings_id_fk FOREIGN KEY (opening_id) REFERENCES public.openings(id) ON DELETE CASCADE;

--
-- Name: saved_search_matches saved_search_matches_saved_search_id_saved_searches_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_matches
    ADD CONSTRAINT saved_search_matches_saved_search_id_saved_searches_id_fk FOREIGN KEY (saved_search_id) REFERENCES public.saved_searches(id) ON DELETE CASCADE;

--
-- Name: saved_search_settings saved_search_settings_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_search_settings
    ADD CONSTRAINT saved_search_settings_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: saved_searches saved_searches_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_searches
    ADD CONSTRAINT saved_searches_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- Name: search_logs search_logs_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_logs
    ADD CONSTRAINT search_logs_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE SET NULL;

--
-- Name: search_term_trigrams search_term_trigrams_term_search_terms_term_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.search_term_trigrams
    ADD CONSTRAINT search_term_trigrams_term_search_terms_term_fk FOREIGN KEY (term) REFERENCES public.search_terms(term) ON DELETE CASCADE;

--
-- Name: webauthn_challenges webauthn_challenges_user_id_users_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webauthn_challenges
    ADD CONSTRAINT webauthn_challenges_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

--
-- PostgreSQL database dump complete
--
