import type { z } from 'zod';
import type { LoginBody, SessionReplySchema } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/login: a session (the refresh token arrives as a cookie). */
export const login = (body: LoginBody) =>
  api<z.infer<typeof SessionReplySchema>>('/api/auth/login', { body });
