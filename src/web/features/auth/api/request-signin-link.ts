import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/signin-link, 'Email me a sign-in link': the same answer for every address. */
export const requestSigninLink = (email: string) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/signin-link', { body: { email } });
