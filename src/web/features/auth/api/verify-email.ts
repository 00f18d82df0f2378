import type { z } from 'zod';
import type { VerifyEmailReplySchema } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/verify-email: exchanges the emailed token for a verified account. */
export const verifyEmail = (temp_token: string) =>
  api<z.infer<typeof VerifyEmailReplySchema>>('/api/auth/verify-email', {
    body: { temp_token, type: 'email' },
  });
