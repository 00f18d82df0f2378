import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/reset-password: sets a new password with the emailed token. */
export const resetPassword = (token: string, password: string) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/reset-password', { body: { token, password } });
