import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeleteAccountBody } from '#domain/account-data.ts';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { clearSession } from '#web/lib/session.ts';

type MessageReply = z.infer<typeof MessageReplySchema>;

/** DELETE /api/account {current_password?, confirm: 'DELETE'}: deletes the account at once. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api<MessageReply>('/api/account', { method: 'DELETE', body, auth: true });

/** On success the session is gone on the server: it is cleared here too, with every cached answer. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession();
      queryClient.clear();
    },
  });
}
