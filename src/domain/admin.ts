import { z } from 'zod';

export * from './admin-options';

import { ADMIN_LIMITS, ADMIN_TEXTS } from './admin-options';
import { AdminReviewSchema, AdminReviewsQuerySchema } from './reviews';

/**
 * The admin dashboard and the beta gate (docs/product.md §2 'Admin', §4 'Admin gate', §8). Unlike the
 * original, both passwords are checked by the server (docs/product.md §10) and the admin endpoints need
 * the admin role.
 */

export const PasswordBodySchema = z.object({
  password: z
    .string({ error: ADMIN_TEXTS.passwordRequired })
    .min(1, ADMIN_TEXTS.passwordRequired)
    .max(ADMIN_LIMITS.passwordMax, ADMIN_TEXTS.invalidPasswordForm),
});
export type PasswordBody = z.infer<typeof PasswordBodySchema>;

/** GET /api/admin/access: does this admin still need the password step? */
export const AdminAccessStatusReplySchema = z.object({
  success: z.literal(true),
  passwordRequired: z.boolean(),
  /** True when no password is needed or the request carried a valid access token. */
  granted: z.boolean(),
});
export type AdminAccessStatusReply = z.infer<typeof AdminAccessStatusReplySchema>;

/** POST /api/admin/access and POST /api/beta/access: a signed token to send in the header. */
export const AccessTokenReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  access_token: z.string(),
  expires_at: z.number().int(),
});
export type AccessTokenReply = z.infer<typeof AccessTokenReplySchema>;

/**
 * The filters a search log row keeps: those that narrowed or ordered the search, defaults left out
 * (search.service.ts `loggedFilters`). Spelled out field by field rather than as a record: the web
 * app's shared zod chunk then needs no record type (about 1 KB on every page with a form).
 */
export const LoggedSearchFiltersSchema = z.object({
  priceRange: z.array(z.number()).optional(),
  availabilityType: z.string().optional(),
  availability: z.string().optional(),
  requestedDate: z.string().optional(),
  requestedDays: z.array(z.string()).optional(),
  requestedTimes: z.array(z.string()).optional(),
  experience: z.array(z.string()).optional(),
  radiusMiles: z.number().optional(),
  minRating: z.number().optional(),
  sort: z.string().optional(),
});

/**
 * A logged search (docs/product.md §3 'Search log'): its words ('' for a search by zip or filters
 * alone), the zip searched, the filters used, and how many providers it found (null for searches
 * logged before counts were kept).
 */
export const SearchLogSchema = z.object({
  id: z.string(),
  query: z.string(),
  zip: z.string().nullable(),
  filters: LoggedSearchFiltersSchema,
  result_count: z.number().int().nullable(),
  created_at: z.string(),
});
export type SearchLog = z.infer<typeof SearchLogSchema>;

export const SearchLogsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    logs: z.array(SearchLogSchema),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
});
export type SearchLogsReply = z.infer<typeof SearchLogsReplySchema>;

/** GET /api/beta: is the beta gate on (the page shows the 'Admin Login' modal)? */
export const BetaStatusReplySchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  granted: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Admin tables: date ranges, names linked to profiles, CSV exports

/** A day of the admin filters ('YYYY-MM-DD', read as a UTC day). */
const AdminDateSchema = z
  .string({ error: ADMIN_TEXTS.invalidDate })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, ADMIN_TEXTS.invalidDate)
  // Feb 30 matches the pattern; a real day reads back as itself.
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(d);
  }, ADMIN_TEXTS.invalidDate)
  .refine((d) => d >= ADMIN_LIMITS.minDate && d <= ADMIN_LIMITS.maxDate, ADMIN_TEXTS.dateOutOfRange);

/** from/to of every admin table, both optional and inclusive; the page's form uses the same schema. */
export const AdminDateRangeShape = {
  from: AdminDateSchema.optional(),
  to: AdminDateSchema.optional(),
};

/** 'to' before 'from' is refused on the `to` field (a 400 with that issue). */
function checkDateRange(range: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (range.from && range.to && range.to < range.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: ADMIN_TEXTS.badDateRange });
}

export const AdminDateRangeSchema = z.object(AdminDateRangeShape).superRefine(checkDateRange);
export type AdminDateRange = z.infer<typeof AdminDateRangeSchema>;

const page = {
  limit: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageMax).default(ADMIN_LIMITS.pageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
};

/**
 * Admin tables name people (never 8-character ids) and link them to their public profile: `*_slug`
 * is set only when that person has one (a listed provider), else null.
 */
const providerNamed = { provider_name: z.string(), provider_slug: z.string().nullable() };
const clientNamed = { client_name: z.string(), client_slug: z.string().nullable() };

// Search logs -------------------------------------------------------------------------------

/** Every logged search, or only those that found nobody ('Zero results only'). */
export const SEARCH_LOG_RESULTS = ['all', 'zero'] as const;
export type SearchLogResults = (typeof SEARCH_LOG_RESULTS)[number];
const searchLogFilters = {
  ...AdminDateRangeShape,
  results: z
    .enum(SEARCH_LOG_RESULTS, { error: `results must be one of ${SEARCH_LOG_RESULTS.join(', ')}` })
    .default('all'),
};

/**
 * GET /api/search?limit=&cursor=&from=&to=&results= and GET /api/admin/search-logs/export?from=&to=&results=
 * (admins); results=zero keeps the searches that found nobody.
 */
export const AdminSearchLogsQuerySchema = z
  .object({ ...page, ...searchLogFilters })
  .superRefine(checkDateRange);
export const AdminSearchLogsExportQuerySchema = z.object(searchLogFilters).superRefine(checkDateRange);

// Booking logs ------------------------------------------------------------------------------

/** GET /api/admin/booking-logs?limit=&cursor=&from=&to= (admins): every click, newest first. */
export const AdminBookingLogsQuerySchema = z
  .object({ ...page, ...AdminDateRangeShape })
  .superRefine(checkDateRange);

/** GET /api/admin/booking-logs/export?from=&to= (admins): the same clicks as CSV. */
export const AdminBookingLogsExportQuerySchema = AdminDateRangeSchema;

export const AdminBookingLogSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The service whose own Book was clicked; null for the profile's Book or an opening's. */
  service_name: z.string().nullable(),
  provider_id: z.string(),
  /** Null (and the name null) once the client deleted their account. */
  client_id: z.string().nullable(),
  ...providerNamed,
  client_name: z.string().nullable(),
  client_slug: z.string().nullable(),
  created_at: z.string(),
});
export type AdminBookingLog = z.infer<typeof AdminBookingLogSchema>;

export const AdminBookingLogsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    logs: z.array(AdminBookingLogSchema),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
});
export type AdminBookingLogsReply = z.infer<typeof AdminBookingLogsReplySchema>;

// Submissions -------------------------------------------------------------------------------

export const SUBMISSION_STATUSES = ['all', 'open', 'handled'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

const submissionFilters = {
  status: z.enum(SUBMISSION_STATUSES).default('all'),
  ...AdminDateRangeShape,
};

/** GET /api/admin/submissions?status=&from=&to=&limit=&cursor= (admins), newest first. */
export const AdminSubmissionsQuerySchema = z
  .object({ ...page, ...submissionFilters })
  .superRefine(checkDateRange);

/** GET /api/admin/submissions/export?status=&from=&to= (admins): the same rows as CSV. */
export const AdminSubmissionsExportQuerySchema = z.object(submissionFilters).superRefine(checkDateRange);

export const SubmissionIdParamsSchema = z.object({ id: z.uuid({ error: ADMIN_TEXTS.submissionNotFound }) });

/** PUT /api/admin/submissions/:id: mark handled (true) or back to open (false). */
export const HandleSubmissionBodySchema = z.object({ handled: z.boolean() }).strict();
export type HandleSubmissionBody = z.infer<typeof HandleSubmissionBodySchema>;

// Reviews -----------------------------------------------------------------------------------

/** GET /api/admin/reviews?status=&from=&to=&limit=&cursor=: from/to bound the date the list is ordered by. */
export const AdminReviewsListQuerySchema =
  AdminReviewsQuerySchema.extend(AdminDateRangeShape).superRefine(checkDateRange);

/** GET /api/admin/reviews/export?status=&from=&to= (admins): the same reviews as CSV. */
export const AdminReviewsExportQuerySchema = AdminReviewsQuerySchema.pick({ status: true })
  .extend(AdminDateRangeShape)
  .superRefine(checkDateRange);

/** A review in the admin list, with its author's and provider's names and profile links. */
export const AdminReviewRowSchema = AdminReviewSchema.extend({
  client_id: z.string(),
  ...providerNamed,
  ...clientNamed,
});
export type AdminReviewRow = z.infer<typeof AdminReviewRowSchema>;

export const AdminReviewsListReplySchema = z.object({
  success: z.literal(true),
  reviews: z.array(AdminReviewRowSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminReviewsListReply = z.infer<typeof AdminReviewsListReplySchema>;
