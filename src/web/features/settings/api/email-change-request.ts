import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '#domain/email-change.ts';
import { api } from '#web/lib/api-client.ts';
import { accountEmailQuery } from './email-status';

/** POST /api/account/email: mails the new address a link; the answer is the same for any address. */
export const requestEmailChange = (body: ChangeEmailBody) =>
  api<{ success: true; message: string }>('/api/account/email', { method: 'POST', body, auth: true });

/** The request, then the section asks again for the change waiting for its link. */
export function useRequestEmailChange(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountEmailQuery(userId).queryKey }),
  });
}
