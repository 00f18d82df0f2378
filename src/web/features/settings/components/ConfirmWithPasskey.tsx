import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { PASSKEY_TEXTS, passkeyPromptErrorText } from '#domain/passkeys.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { identityStatusQuery } from '../api/identity';
import { passkeysQuery } from '../api/passkeys-list';
import { confirmWithPasskey } from '../api/passkeys-reauth';

/**
 * 'Confirm with a passkey instead', under a 'Current password' field: for someone who has a passkey,
 * the passkey proves who they are for a few minutes, and every form of the page then leaves the
 * password out. Shown only when the account has a passkey and the browser can use one.
 */
export function ConfirmWithPasskey({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const passkeys = useQuery({ ...passkeysQuery(userId), enabled: supported });
  const [pending, setPending] = useState(false);
  if (!supported || !passkeys.data?.passkeys.length) return null;
  const toast = toastFor('passkey');

  const confirm = async () => {
    setPending(true);
    try {
      const reply = await confirmWithPasskey();
      queryClient.setQueryData(identityStatusQuery(userId).queryKey, reply);
      toast.success(PASSKEY_TEXTS.confirmed);
    } catch (error) {
      const prompt = error instanceof Error ? passkeyPromptErrorText(error.name) : null;
      toast.error(prompt ?? (error instanceof ApiError ? error.message : NETWORK_ERROR));
    } finally {
      setPending(false);
    }
  };

  return (
    <Button type="button" variant="link" disabled={pending} onClick={() => void confirm()}>
      <Fingerprint className="h-4 w-4" aria-hidden="true" />
      Confirm with a passkey instead
    </Button>
  );
}
