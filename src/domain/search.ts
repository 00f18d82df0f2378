import { z } from 'zod';
import { WEEKDAYS } from './availability';
import { PositionSchema } from './fields';
import { MAP_TEXTS, MapAreaSchema } from './map-area';
import {
  AVAILABILITY_TYPES,
  isPriceFilterActive,
  MIN_RATING_OPTIONS,
  priceLabel,
  SEARCH_LIMITS,
  SEARCH_SORTS,
  SEARCH_TEXTS,
} from './search-options';

export * from './search-options';

/**
 * The request schemas' messages: answers to bad input, which the web app shows from the API's reply
 * (so they stay out of the home page's first load, unlike SEARCH_TEXTS).
 */
export const SEARCH_ERRORS = {
  queryOrZipRequired: 'Enter a service, a name or a zip code, or choose a filter, to search',
  sortInvalid: 'Sort must be relevance, distance, price or rating',
  distanceNeedsZip: 'Sorting by distance needs a zip code',
  coordinatesInvalid: 'Latitude must be between -90 and 90 and longitude between -180 and 180',
  minRatingInvalid: 'Minimum rating must be 0, 3, 3.5, 4 or 4.5',
  priceRange: `Price range must be between ${priceLabel(SEARCH_LIMITS.priceMin)} and ${priceLabel(SEARCH_LIMITS.priceMax)}, lowest first`,
  experienceMax: `You can choose up to ${SEARCH_LIMITS.experienceMax} experience filters`,
  experienceItem: `Each experience filter must be 1 to ${SEARCH_LIMITS.experienceItemMax} characters`,
  radius: `Radius must be between ${SEARCH_LIMITS.radiusMinMiles} and ${SEARCH_LIMITS.radiusMaxMiles} miles`,
  dateRequired: "Choose 'Today', 'Tomorrow' or a date",
  dateInvalid: "The date must be 'today', 'tomorrow' or YYYY-MM-DD",
  daysRequired: 'Choose at least one day',
  timesRequired: 'Choose at least one time',
  dayOrTimeRequired: 'Choose at least one day or time',
  timeInvalid: 'Times are whole hours like 17:00',
  cursorInvalid: 'This page of results is no longer available. Please search again.',
  limit: `Ask for 1 to ${SEARCH_LIMITS.pageMax} results at a time`,
} as const;

/** POST /api/search and GET /api/providers (docs/product.md §3 'Search filters', §5 'Search', §7). */

const QuerySchema = z
  .string({ error: 'The search query must be text' })
  .trim()
  .max(SEARCH_LIMITS.queryMax, SEARCH_TEXTS.queryTooLong);

const ZipSchema = z
  .string({ error: SEARCH_TEXTS.zipInvalid })
  .trim()
  .refine((v) => v === '' || /^\d{5}$/.test(v), SEARCH_TEXTS.zipInvalid);

const PriceSchema = z
  .number({ error: SEARCH_ERRORS.priceRange })
  .min(SEARCH_LIMITS.priceMin, SEARCH_ERRORS.priceRange)
  .max(SEARCH_LIMITS.priceMax, SEARCH_ERRORS.priceRange);

/** [min, max] within 15–500; 500 means no upper bound. */
export const PriceRangeSchema = z
  .tuple([PriceSchema, PriceSchema], { error: SEARCH_ERRORS.priceRange })
  .refine(([min, max]) => min <= max, SEARCH_ERRORS.priceRange);

const isCalendarDate = (value: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
};

/** 'today' and 'tomorrow' follow the server's clock; a client that knows its own date sends YYYY-MM-DD. */
export const RequestedDateSchema = z
  .string({ error: SEARCH_ERRORS.dateInvalid })
  .trim()
  .toLowerCase()
  .refine((v) => v === 'today' || v === 'tomorrow' || isCalendarDate(v), SEARCH_ERRORS.dateInvalid);

export const RequestedTimeSchema = z
  .string({ error: SEARCH_ERRORS.timeInvalid })
  .regex(/^([01]\d|2[0-3]):00$/, SEARCH_ERRORS.timeInvalid);

const ExperienceSchema = z
  .array(
    z
      .string({ error: SEARCH_ERRORS.experienceItem })
      .trim()
      .min(1, SEARCH_ERRORS.experienceItem)
      .max(SEARCH_LIMITS.experienceItemMax, SEARCH_ERRORS.experienceItem),
    { error: SEARCH_ERRORS.experienceMax },
  )
  .max(SEARCH_LIMITS.experienceMax, SEARCH_ERRORS.experienceMax)
  .transform((items) => [...new Map(items.map((i) => [i.toLowerCase(), i])).values()]);

const tokensOf = (availability: string) =>
  new Set(
    availability
      .toLowerCase()
      .split(',')
      .map((s) => s.trim()),
  );

/**
 * True when a filter narrows the list by itself (price, availability, experience, minimum rating):
 * a search may then go without text or zip. The sort alone is not something to search by.
 */
export function hasNarrowingFilter(body: {
  priceRange?: readonly [number, number] | undefined;
  availabilityType?: string | undefined;
  experience?: readonly string[] | undefined;
  minRating?: number | undefined;
}): boolean {
  return (
    isPriceFilterActive(body.priceRange) ||
    (body.availabilityType ?? 'flexible') !== 'flexible' ||
    (body.experience?.length ?? 0) > 0 ||
    (body.minRating ?? 0) > 0
  );
}

/**
 * The search filters. Every field is optional except that a query, a zip or a narrowing filter is needed. The
 * availability lists may be left empty when `availability` names the quick option
 * ('weekdays', 'weekends', 'evenings'): the server fills them in.
 */
export const SearchBodySchema = z
  .object({
    query: QuerySchema.optional().default(''),
    locationZip: ZipSchema.optional().default(''),
    priceRange: PriceRangeSchema.optional(),
    /** The popover's quick options, comma-joined (e.g. 'weekdays,evenings'); informative. */
    availability: z
      .string({ error: 'Availability must be text' })
      .trim()
      .max(SEARCH_LIMITS.availabilityTextMax, 'Availability is too long')
      .optional()
      .default(''),
    availabilityType: z
      .enum(AVAILABILITY_TYPES, {
        error: `Availability type must be one of ${AVAILABILITY_TYPES.join(', ')}`,
      })
      .optional()
      .default('flexible'),
    requestedDate: RequestedDateSchema.optional(),
    requestedDays: z
      .array(z.enum(WEEKDAYS, { error: 'Days are monday to sunday' }), { error: 'Days are monday to sunday' })
      .max(7, 'Days are monday to sunday')
      .optional()
      .default([])
      .transform((days) => [...new Set(days)]),
    requestedTimes: z
      .array(RequestedTimeSchema, { error: SEARCH_ERRORS.timeInvalid })
      .max(24, SEARCH_ERRORS.timeInvalid)
      .optional()
      .default([])
      .transform((times) => [...new Set(times)]),
    experience: ExperienceSchema.optional().default([]),
    /**
     * The map's visible area ('Search this area'), instead of a zip and radius: providers whose map
     * position is inside it. Not with a zip (locationZip or one in the words): a 400.
     */
    bbox: MapAreaSchema.optional(),
    radiusMiles: z
      .number({ error: SEARCH_ERRORS.radius })
      .min(SEARCH_LIMITS.radiusMinMiles, SEARCH_ERRORS.radius)
      .max(SEARCH_LIMITS.radiusMaxMiles, SEARCH_ERRORS.radius)
      .optional()
      .default(SEARCH_LIMITS.radiusDefaultMiles),
    /** SEARCH_SORTS; 'distance' needs a zip (in locationZip or the query) or a bbox (from its centre). */
    sort: z.enum(SEARCH_SORTS, { error: SEARCH_ERRORS.sortInvalid }).optional().default('relevance'),
    /** Only providers whose average (one decimal) is at least this; 0 = any. */
    minRating: z
      .number({ error: SEARCH_ERRORS.minRatingInvalid })
      .refine((v) => (MIN_RATING_OPTIONS as readonly number[]).includes(v), SEARCH_ERRORS.minRatingInvalid)
      .optional()
      .default(0),
    /** The browser's anonymous session id, for the search log. */
    sessionId: z
      .string({ error: 'Session id must be text' })
      .trim()
      .max(SEARCH_LIMITS.sessionIdMax, 'Session id is too long')
      .optional(),
    cursor: z.string({ error: SEARCH_ERRORS.cursorInvalid }).max(200, SEARCH_ERRORS.cursorInvalid).optional(),
    limit: z
      .number({ error: SEARCH_ERRORS.limit })
      .int(SEARCH_ERRORS.limit)
      .min(1, SEARCH_ERRORS.limit)
      .max(SEARCH_LIMITS.pageMax, SEARCH_ERRORS.limit)
      .optional()
      .default(SEARCH_LIMITS.pageDefault),
  })
  .superRefine((body, ctx) => {
    if (!body.query && !body.locationZip && !body.bbox && !hasNarrowingFilter(body)) {
      ctx.addIssue({ code: 'custom', path: ['query'], message: SEARCH_ERRORS.queryOrZipRequired });
    }
    if (body.bbox && body.locationZip) {
      ctx.addIssue({ code: 'custom', path: ['bbox'], message: MAP_TEXTS.areaWithZip });
    }
    const tokens = tokensOf(body.availability);
    switch (body.availabilityType) {
      case 'specific_date':
        if (!body.requestedDate)
          ctx.addIssue({ code: 'custom', path: ['requestedDate'], message: SEARCH_ERRORS.dateRequired });
        break;
      case 'days_pattern':
        if (body.requestedDays.length === 0 && !tokens.has('weekdays') && !tokens.has('weekends'))
          ctx.addIssue({ code: 'custom', path: ['requestedDays'], message: SEARCH_ERRORS.daysRequired });
        break;
      case 'time_pattern':
        if (body.requestedTimes.length === 0 && !tokens.has('evenings'))
          ctx.addIssue({ code: 'custom', path: ['requestedTimes'], message: SEARCH_ERRORS.timesRequired });
        break;
      case 'custom_pattern':
        if (body.requestedDays.length === 0 && body.requestedTimes.length === 0)
          ctx.addIssue({ code: 'custom', path: ['requestedDays'], message: SEARCH_ERRORS.dayOrTimeRequired });
        break;
      default:
        break;
    }
  });
export type SearchBody = z.input<typeof SearchBodySchema>;
export type SearchFilters = z.output<typeof SearchBodySchema>;

/** The quick-option words inside `availability` ('weekdays,evenings' → {'weekdays', 'evenings'}). */
export function availabilityTokens(availability: string): Set<string> {
  return tokensOf(availability);
}

/** GET /api/providers?limit=&cursor= */
export const ProvidersQuerySchema = z.object({
  limit: z.coerce
    .number({ error: SEARCH_ERRORS.limit })
    .int(SEARCH_ERRORS.limit)
    .min(1, SEARCH_ERRORS.limit)
    .max(SEARCH_LIMITS.pageMax, SEARCH_ERRORS.limit)
    .optional()
    .default(SEARCH_LIMITS.pageDefault),
  cursor: z.string().max(200, SEARCH_ERRORS.cursorInvalid).optional(),
});

/**
 * One provider card (docs/product.md §2 'Provider card', §9). Up to 3 specialties and 2 portfolio images
 * are sent, with the full portfolio count for '+N'. `startingPrice` is the lowest priced service.
 * Ratings are real (visible reviews only): null with 0 reviews, and the card shows 'New'.
 */
export const ProviderCardSchema = z.object({
  id: z.string(),
  routing_slug: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  location: z.string(),
  specialties: z.array(z.string()),
  categories: z.array(z.string()),
  startingPrice: z.number().nullable(),
  portfolio_images: z.array(z.string()),
  portfolio_count: z.number().int(),
  amenities: z.array(z.string()),
  /**
   * The provider's service that the query names, with its own price: what the card shows ('Balayage
   * · from $180') and what the price filter and the price sort use. Null when the query names none
   * of the provider's priced services (or there is no query): then startingPrice is used.
   */
  matched_service: z
    .object({
      name: z.string(),
      min_price: z.number(),
      max_price: z.number(),
      /** A 'Starting at $X' price: min and max are both X, and the card says 'from $X'. */
      starting_at: z.boolean(),
      /** The service's duration in minutes (a range with duration_max); null when it has none. */
      duration_min: z.number().int().nullable(),
      duration_max: z.number().int().nullable(),
    })
    .nullable(),
  /** Miles from the searched zip's centroid (or the searched map area's centre), one decimal; null without either. */
  distance_miles: z.number().nullable(),
  /** The provider's point on the map: their own pin or their zip's centre (3 decimals); null without a zip. */
  position: PositionSchema.nullable(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  /** Listed providers are active (verified email); the flag is kept from docs/product.md §3. */
  active: z.boolean(),
});
export type ProviderCard = z.infer<typeof ProviderCardSchema>;

const PageShape = {
  /** Matches counted up to SEARCH_LIMITS.totalCap; `totalCapped` says there are more ('1000+'). */
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
};

export const ProvidersReplySchema = z.object({
  success: z.literal(true),
  providers: z.array(ProviderCardSchema),
  ...PageShape,
});
export type ProvidersReply = z.infer<typeof ProvidersReplySchema>;

/** What the server searched for after reading the body (zip taken from the query, typos fixed). */
export const SearchedSchema = z.object({
  query: z.string(),
  locationZip: z.string().nullable(),
  radiusMiles: z.number(),
  /** The map area searched instead of a zip and radius (the body's bbox); null for a zip or text search. */
  bbox: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }).nullable(),
  /** Query words that matched nothing and the indexed words searched instead ('balayge' → ['balayage']). */
  corrections: z.array(z.object({ word: z.string(), suggestions: z.array(z.string()) })),
});

/**
 * When a service word matches few providers, providers of that service's category who did not match
 * ('More hair stylists near 78704'), shown after the results and never counted in `total`.
 */
export const RelatedSchema = z.object({
  category: z.string(),
  title: z.string(),
  results: z.array(ProviderCardSchema),
});

export const SearchReplySchema = z.object({
  success: z.literal(true),
  /**
   * Always sent: this reply's own signed token for provider insights (the providers it returned, the
   * words searched). The page that renders the results sends it back once in its beacon.
   */
  insight_token: z.string().optional(),
  results: z.array(ProviderCardSchema),
  ...PageShape,
  searched: SearchedSchema,
  /** Only on the first page; null when not widened. */
  related: RelatedSchema.nullable(),
  /**
   * The landing page of what was searched in the zip's city ('See all balayage in Austin',
   * /balayage/austin-tx), when the words name a known service or category and that page has
   * providers; first page only, else null.
   */
  landing: z.object({ path: z.string(), label: z.string() }).nullable(),
});
export type SearchReply = z.infer<typeof SearchReplySchema>;

/**
 * A coordinate as a query carries it: a plain decimal ('30.2672', '-97.7431'), and none of the other
 * forms Number() also reads ('0x1E' hexadecimal, '3e1', 'Infinity', spaces, a leading '+').
 */
const DECIMAL_COORDINATE = /^-?\d{1,3}(\.\d{1,15})?$/;

/** A plain decimal coordinate within ±`limit` degrees, as a number. */
function decimalCoordinate(limit: number) {
  return z
    .string({ error: SEARCH_ERRORS.coordinatesInvalid })
    .regex(DECIMAL_COORDINATE, SEARCH_ERRORS.coordinatesInvalid)
    .transform(Number)
    .refine((degrees) => Math.abs(degrees) <= limit, SEARCH_ERRORS.coordinatesInvalid);
}

/** GET /api/zips/nearest?latitude=&longitude=: the nearest US zip to a position ('Use my location'). */
export const NearestZipQuerySchema = z.object({
  latitude: decimalCoordinate(90),
  longitude: decimalCoordinate(180),
});

export const NearestZipReplySchema = z.object({
  success: z.literal(true),
  zip: z.string(),
  /** 'Austin, TX'. */
  place: z.string(),
  /** Miles from the position to the zip's centroid, one decimal. */
  distance_miles: z.number(),
});
export type NearestZipReply = z.infer<typeof NearestZipReplySchema>;
