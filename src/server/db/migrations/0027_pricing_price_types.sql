-- Every service package gets its price type and numbers, and nothing reads a price from its text
-- any more. Packages saved before price types existed held only the text ('$45', '$45 - $90',
-- 'Starting at $45', 'From $45', '$45+'); search read it back in search_service_price() and the
-- account page in TypeScript, each time. They are read here once, by the same rules, and written
-- as the API writes them: a type, minPrice for all but 'contact', maxPrice for 'range'. The text
-- the provider wrote stays. A CHECK then refuses a package without one of the four types.
CREATE FUNCTION pricing_entry_typed(entry jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  kind text;
  lo numeric;
  hi numeric;
  label text;
  m text[];
BEGIN
  kind := entry ->> 'priceType';
  IF kind IN ('fixed', 'range', 'starting_at', 'contact') THEN
    RETURN entry;
  END IF;
  lo := CASE WHEN jsonb_typeof(entry -> 'minPrice') = 'number' THEN (entry ->> 'minPrice')::numeric END;
  hi := CASE WHEN jsonb_typeof(entry -> 'maxPrice') = 'number' THEN (entry ->> 'maxPrice')::numeric END;
  IF kind IS NULL AND lo IS NULL THEN
    label := btrim(coalesce(entry ->> 'price', ''));
    IF label !~* 'infinity|nan' THEN
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
  END IF;
  -- As search priced them: no amount is 'contact'; a range that is not one is its lower price.
  IF kind = 'contact' OR lo IS NULL OR lo < 0 THEN
    RETURN entry || jsonb_build_object('priceType', 'contact', 'minPrice', NULL, 'maxPrice', NULL);
  END IF;
  lo := trim_scale(round(lo, 2));
  hi := trim_scale(round(hi, 2));
  IF kind = 'range' AND hi > lo THEN
    RETURN entry || jsonb_build_object('priceType', 'range', 'minPrice', lo, 'maxPrice', hi);
  END IF;
  RETURN entry || jsonb_build_object(
    'priceType', CASE WHEN kind = 'starting_at' THEN 'starting_at' ELSE 'fixed' END,
    'minPrice', lo,
    'maxPrice', NULL);
END
$$;
--> statement-breakpoint
UPDATE provider_profiles SET pricing = CASE WHEN jsonb_typeof(pricing) = 'array' THEN (
  SELECT coalesce(jsonb_agg(pricing_entry_typed(x.entry) ORDER BY x.i), '[]'::jsonb)
  FROM jsonb_array_elements(pricing) WITH ORDINALITY AS x(entry, i)
  WHERE jsonb_typeof(x.entry) = 'object'
) ELSE '[]'::jsonb END
WHERE jsonb_typeof(pricing) IS DISTINCT FROM 'array'
  OR jsonb_path_exists(pricing, '$[*] ? (!(@.priceType == "fixed" || @.priceType == "range" || @.priceType == "starting_at" || @.priceType == "contact"))');
--> statement-breakpoint
DROP FUNCTION pricing_entry_typed(jsonb);
--> statement-breakpoint
-- One price list entry as a range, and whether it is a 'starting at' price; a null range for
-- 'contact'. From the package's type and numbers only (every package has them: the CHECK below).
CREATE OR REPLACE FUNCTION search_service_price(entry jsonb, OUT price numrange, OUT starting_at boolean)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
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
--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_pricing_typed" CHECK (NOT jsonb_path_exists("provider_profiles"."pricing", '$[*] ? (!(@.priceType == "fixed" || @.priceType == "range" || @.priceType == "starting_at" || @.priceType == "contact"))'));