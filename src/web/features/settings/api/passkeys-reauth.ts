import type { IdentityStatusReply } from '#domain/account-security.ts';
import type { PasskeyAssertionBody, PasskeyRequestOptionsReply } from '#domain/passkeys.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/account/passkeys/reauth/options: a challenge only this account's passkeys may answer. */
export const getPasskeyReauthOptions = () =>
  api<PasskeyRequestOptionsReply>('/api/account/passkeys/reauth/options', { method: 'POST', auth: true });

/** POST /api/account/passkeys/reauth: the answer; this session is then freshly proven for a few minutes. */
export const sendPasskeyReauth = (body: PasskeyAssertionBody) =>
  api<IdentityStatusReply & { success: true }>('/api/account/passkeys/reauth', { body, auth: true });

/**
 * 'Confirm with a passkey' before a step that asks for the current password: the prompt
 * (@simplewebauthn/browser, loaded now), then the answer. Afterwards the identity query says fresh.
 */
export async function confirmWithPasskey() {
  const { options } = await getPasskeyReauthOptions();
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  return sendPasskeyReauth({ response: response as PasskeyAssertionBody['response'] });
}
