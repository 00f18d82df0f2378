import type { z } from 'zod';
import type { VerifyEmailReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/verify-email: exchanges the emailed token for a verified account. */
export const verifyEmail = (temp_token: string) =>
  api<z.infer<typeof VerifyEmailReplySchema>>('/api/auth/verify-email', {
    body: { temp_token, type: 'email' },
  });
