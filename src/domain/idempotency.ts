import { z } from 'zod';

/** The request header that makes a write safe to retry (POST /api/booking-logs, POST /api/last-minute-openings). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_TEXTS = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  keyReused: 'This Idempotency-Key was already used for a different request.',
} as const;

/** Optional on every write that takes it; a client sends a fresh random value (a UUID) per logical write. */
export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_TEXTS.invalidKey)
    .optional(),
});
