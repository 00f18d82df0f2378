import type { z } from 'zod';
import type { MessageReplySchema, SignupBody } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';

/** POST /api/auth/signup: creates the account and emails the verification link. */
export const signup = (body: SignupBody) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/signup', { body });
