import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { getSession, patchSessionUser } from '#web/lib/session.ts';
import { accountEmailQuery, getAccountEmail } from './email-status';

/** POST /api/account/email/confirm {token}: the link's address becomes the sign-in email. */
export const confirmEmailChange = (token: string) =>
  api<{ success: true; message: string }>('/api/account/email/confirm', { method: 'POST', body: { token } });

/**
 * After a confirmation, a tab signed in to some account asks for its email again: when it is the
 * account the link changed, the header and the settings page show the new address at once. (The
 * answer names no account, so it tells a link's follower nothing about whose it is.)
 */
async function refreshSignedInEmail(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  const userId = getSession()?.user.id;
  if (!userId) return;
  const reply = await getAccountEmail().catch(() => null);
  if (!reply) return;
  patchSessionUser(userId, { email: reply.email });
  queryClient.setQueryData(accountEmailQuery(userId).queryKey, reply);
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => refreshSignedInEmail(queryClient),
  });
}
