import type { z } from 'zod';
import type { LoginBody, SessionReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/login: a session (the refresh token arrives as a cookie). */
export const login = (body: LoginBody) =>
  api<z.infer<typeof SessionReplySchema>>('/api/auth/login', { body });
