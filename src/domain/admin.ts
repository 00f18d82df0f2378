import { z } from 'zod';

export * from './admin-options';

import { ADMIN_LIMITS, ADMIN_TEXTS } from './admin-options';

/**
 * The admin dashboard and the beta gate (SPEC.md §2 'Admin', §4 'Admin gate', §8). Unlike the
 * original, both passwords are checked by the server (DESIGN.md §5) and the admin endpoints need
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
