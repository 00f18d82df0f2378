import type { z } from 'zod';
import type { SessionReplySchema } from '#domain/auth.ts';
import type { PasskeyAssertionBody, PasskeyRequestOptionsReply } from '#domain/passkeys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/passkey/options: a sign-in challenge (the browser offers the site's passkeys). */
export const getPasskeyLoginOptions = () =>
  api<PasskeyRequestOptionsReply>('/api/auth/passkey/options', { method: 'POST' });

/** POST /api/auth/passkey/login: a session, as the password login answers (the refresh token as a cookie). */
export const sendPasskeyLogin = (body: PasskeyAssertionBody) =>
  api<z.infer<typeof SessionReplySchema>>('/api/auth/passkey/login', { body });

/**
 * 'Sign in with a passkey': the options, the browser's prompt (@simplewebauthn/browser, loaded on
 * the click only: the home page's bundle is at its budget), then the answer.
 */
export async function loginWithPasskey() {
  const { options } = await getPasskeyLoginOptions();
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  return sendPasskeyLogin({ response: response as PasskeyAssertionBody['response'] });
}
