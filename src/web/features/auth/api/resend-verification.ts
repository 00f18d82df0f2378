import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/resend-verification: a new verification link for an unverified account. */
export const resendVerification = (email: string) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/resend-verification', { body: { email } });
