import type { z } from 'zod';
import type { SigninLinkReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/signin-link/verify: exchanges the emailed `?signin_token=` for a session (the refresh token arrives as a cookie). */
export const signInWithLink = (token: string) =>
  api<z.infer<typeof SigninLinkReplySchema>>('/api/auth/signin-link/verify', { body: { token } });
