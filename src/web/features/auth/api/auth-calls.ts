import type { z } from 'zod';
import type {
  LoginBody,
  MessageReplySchema,
  SessionReplySchema,
  SigninLinkReplySchema,
  SignupBody,
  VerifyEmailReplySchema,
} from '../../../../domain/auth';
import type { AccountProfileReplySchema } from '../../../../domain/profiles';
import { api } from '../../../lib/api-client';

/** One function per auth endpoint of SPEC.md §7; components use them through react-query mutations. */

type MessageReply = z.infer<typeof MessageReplySchema>;
type SessionReply = z.infer<typeof SessionReplySchema>;

export const login = (body: LoginBody) => api<SessionReply>('/api/auth/login', { body });
export const signup = (body: SignupBody) => api<MessageReply>('/api/auth/signup', { body });
export const verifyEmail = (temp_token: string) =>
  api<z.infer<typeof VerifyEmailReplySchema>>('/api/auth/verify-email', {
    body: { temp_token, type: 'email' },
  });
export const resendVerification = (email: string) =>
  api<MessageReply>('/api/auth/resend-verification', { body: { email } });
export const forgotPassword = (email: string) =>
  api<MessageReply>('/api/auth/forgot-password', { body: { email } });
export const resetPassword = (token: string, password: string) =>
  api<MessageReply>('/api/auth/reset-password', { body: { token, password } });
/** 'Email me a sign-in link': the same answer for every address. */
export const requestSigninLink = (email: string) =>
  api<MessageReply>('/api/auth/signin-link', { body: { email } });
/** Exchanges the emailed `?signin_token=` for a session (the refresh token arrives as a cookie). */
export const signInWithLink = (token: string) =>
  api<z.infer<typeof SigninLinkReplySchema>>('/api/auth/signin-link/verify', { body: { token } });
/** Revokes the refresh cookie's login and this access token; the server clears the cookie. */
export const logout = (accessToken: string) =>
  api<MessageReply>('/api/auth/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
export const getProfile = () =>
  api<z.infer<typeof AccountProfileReplySchema>>('/api/auth/profile', { auth: true });
export const upgradeToProvider = () =>
  api<MessageReply>('/api/auth/upgrade-to-provider', { method: 'POST', auth: true });
