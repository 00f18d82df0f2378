import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PasskeyCreationOptionsReply,
  PasskeyRegisterOptionsBody,
  PasskeyReply,
  RegisterPasskeyBody,
} from '#domain/passkeys.ts';
import { api } from '#web/lib/api-client.ts';
import { identityStatusQuery } from './identity';
import { passkeysQuery } from './passkeys-list';

/** POST /api/account/passkeys/register/options: the current password (unless freshly proven) for the browser's options. */
export const getPasskeyCreationOptions = (body: PasskeyRegisterOptionsBody) =>
  api<PasskeyCreationOptionsReply>('/api/account/passkeys/register/options', { body, auth: true });

/** POST /api/account/passkeys/register: the browser's answer, verified and kept. */
export const registerPasskey = (body: RegisterPasskeyBody) =>
  api<PasskeyReply>('/api/account/passkeys/register', { body, auth: true });

/**
 * Adds a passkey: the options, the browser's prompt (@simplewebauthn/browser, loaded only now: no
 * page pays for it until someone adds or uses a passkey), then its answer to the server.
 */
export async function addPasskey({ current_password }: { current_password?: string | undefined }) {
  const { options } = await getPasskeyCreationOptions(current_password ? { current_password } : {});
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options });
  return registerPasskey({ response: response as RegisterPasskeyBody['response'] });
}

export function useAddPasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: identityStatusQuery(userId).queryKey }),
      ]),
  });
}
