import { z } from 'zod';

/**
 * The admin dashboard and the beta gate (SPEC.md §2 'Admin', §4 'Admin gate', §8). Unlike the
 * original, both passwords are checked by the server (DESIGN.md §5) and the admin endpoints need
 * the admin role.
 */

export const ADMIN_LIMITS = { pageDefault: 50, pageMax: 100, passwordMax: 200 } as const;

export const ADMIN_TEXTS = {
  accessTitle: 'Admin Access',
  accessDenied: 'Access Denied',
  invalidPassword: 'Invalid admin password',
  invalidPasswordForm: 'Invalid password. Please try again.',
  accessGranted: 'Access Granted',
  loggedOut: 'Logged Out',
  loadFailedTitle: 'Error',
  loadFailed: 'Failed to load analytics data',
  loadFailedInline: 'Failed to load logs',
  noSearchLogs: 'No search logs found',
  noBookingLogs: 'No booking logs found',
  passwordRequired: 'Enter the admin password',
} as const;

/** Header carrying the token that POST /api/admin/access hands out when ADMIN_PASSWORD is set. */
export const ADMIN_ACCESS_HEADER = 'x-admin-access';
/** Header carrying the token that POST /api/beta/access hands out when BETA_PASSWORD is set. */
export const BETA_ACCESS_HEADER = 'x-beta-access';
/** The browser's key for the beta-gate flag (SPEC.md §4: 'admin-auth'). It holds the server's token. */
export const BETA_STORAGE_KEY = 'admin-auth';

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

/** GET /api/search?limit=&cursor= (admin): search logs, newest first. */
export const AdminLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_LIMITS.pageMax).default(ADMIN_LIMITS.pageDefault),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});
export type AdminLogsQuery = z.input<typeof AdminLogsQuerySchema>;

export const SearchLogSchema = z.object({ id: z.string(), query: z.string(), created_at: z.string() });
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

/** First 8 characters then '...' (SPEC.md §2 admin tables). */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}...` : id;
}

/** en-US short timestamp with year, month, day, hour and minute (SPEC.md §2 'Admin'). */
export function adminTimestamp(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
