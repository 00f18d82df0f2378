ALTER TABLE "provider_profiles" ADD COLUMN "profile_complete" boolean GENERATED ALWAYS AS (zip IS NOT NULL AND btrim(location) <> '' AND jsonb_path_exists(pricing, '$[*] ? (@.service like_regex "[^[:space:]]" && (@.priceType == "fixed" || @.priceType == "range" || @.priceType == "starting_at" || @.priceType == "contact"))')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Who anyone may see: a verified provider account with a name whose profile is
-- complete (profile_complete above). Nothing else is listed: no invented defaults stand in for a
-- missing name, place or price. users.listed keeps the answer, so every public query reads one column.
CREATE FUNCTION provider_listed(uid uuid, user_type text, verified timestamptz, name text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT user_type = 'provider' AND verified IS NOT NULL AND name ~ '[^[:space:]]'
    AND EXISTS (SELECT 1 FROM provider_profiles p WHERE p.user_id = uid AND p.profile_complete)
$$;
--> statement-breakpoint
CREATE FUNCTION users_listed_before() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := provider_listed(NEW.id, NEW.user_type, NEW.email_verified_at, NEW.name);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_listed_insert
BEFORE INSERT ON users
FOR EACH ROW EXECUTE FUNCTION users_listed_before();
--> statement-breakpoint
CREATE TRIGGER users_listed_update
BEFORE UPDATE ON users
FOR EACH ROW
WHEN (
  OLD.name IS DISTINCT FROM NEW.name
  OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
  OR OLD.user_type IS DISTINCT FROM NEW.user_type
)
EXECUTE FUNCTION users_listed_before();
--> statement-breakpoint
-- A profile written or removed decides its user's listing again.
CREATE FUNCTION provider_profiles_listed_after() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  uid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  UPDATE users u SET listed = provider_listed(u.id, u.user_type, u.email_verified_at, u.name)
  WHERE u.id = uid AND u.listed IS DISTINCT FROM provider_listed(u.id, u.user_type, u.email_verified_at, u.name);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER provider_profiles_listed_insert_delete
AFTER INSERT OR DELETE ON provider_profiles
FOR EACH ROW EXECUTE FUNCTION provider_profiles_listed_after();
--> statement-breakpoint
CREATE TRIGGER provider_profiles_listed_update
AFTER UPDATE ON provider_profiles
FOR EACH ROW
WHEN (OLD.profile_complete IS DISTINCT FROM NEW.profile_complete)
EXECUTE FUNCTION provider_profiles_listed_after();
--> statement-breakpoint
-- The listing now decides whether there is a search document (the views below); its change
-- refreshes it like a name or avatar change does.
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
)
EXECUTE FUNCTION search_user_changed();
--> statement-breakpoint
-- The one definition of a provider's search document (0012's), for listed providers only.
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
WHERE u.listed;
--> statement-breakpoint
-- The priced services of listed providers.
CREATE OR REPLACE VIEW search_provider_services AS
SELECT u.id AS provider_id, e.position::smallint AS position, btrim(e.entry ->> 'service') AS name,
  to_tsvector('english', btrim(e.entry ->> 'service')) AS document, sp.price, sp.starting_at
FROM users u
JOIN provider_profiles p ON p.user_id = u.id
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN jsonb_typeof(p.pricing) = 'array' THEN p.pricing ELSE '[]'::jsonb END
) WITH ORDINALITY AS e(entry, position)
CROSS JOIN LATERAL search_service_price(e.entry) sp
WHERE u.listed
  AND jsonb_typeof(e.entry -> 'service') = 'string' AND btrim(e.entry ->> 'service') <> ''
  AND sp.price IS NOT NULL;
--> statement-breakpoint
UPDATE users SET listed = provider_listed(id, user_type, email_verified_at, name);
--> statement-breakpoint
SELECT search_rebuild_all();
