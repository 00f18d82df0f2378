import { z } from 'zod';

/** Every error code the API can answer with, and its HTTP status. One catalogue for web and server. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_TOKEN: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  BETA_LOCKED: 403,
  ADMIN_ACCESS_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default human text per code; a thrower may give a more specific message. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Please check the highlighted fields.',
  INVALID_TOKEN: 'This link is invalid or has expired.',
  UNAUTHORIZED: 'Session expired. Please log in again.',
  INVALID_CREDENTIALS: 'Invalid email or password. Please check your credentials and try again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before logging in.',
  FORBIDDEN: 'You do not have access to this.',
  BETA_LOCKED: 'Enter the beta access password to continue.',
  ADMIN_ACCESS_REQUIRED: 'Enter the admin password to continue.',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This conflicts with existing data.',
  PRECONDITION_FAILED: 'This was changed elsewhere since you loaded it. Reload it and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  INTERNAL_ERROR: 'An unexpected error occurred. Please try again.',
  SERVICE_UNAVAILABLE: 'Service Temporarily Unavailable: Please try again in a few moments.',
};

/**
 * The 404 for a provider id that names no listed provider (favourites, messages, booking clicks,
 * insights, reviews), and the message of a provider id that is not a uuid.
 */
export const PROVIDER_NOT_FOUND = 'Provider not found';

export const IssueSchema = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof IssueSchema>;

/** The wire shape of every failure (docs/architecture.md 'API conventions'). */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  issues: z.array(IssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
