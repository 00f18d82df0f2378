import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '#domain/account-security.ts';
import { api } from '#web/lib/api-client.ts';
import { sessionsQuery } from './sessions';

/** POST /api/account/password: ends every other session; the server mails a notice. */
export const changePassword = (body: ChangePasswordBody) =>
  api<{ success: true; message: string }>('/api/account/password', { method: 'POST', body, auth: true });

/** The change ends every other session: the session list is asked again. */
export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery(userId).queryKey }),
  });
}
