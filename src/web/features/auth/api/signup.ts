import type { z } from 'zod';
import type { MessageReplySchema, SignupBody } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/signup: creates the account and emails the verification link. */
export const signup = (body: SignupBody) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/signup', { body });
