import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/forgot-password: emails a reset link (the same answer for every address). */
export const forgotPassword = (email: string) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/forgot-password', { body: { email } });
