import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BlockReplySchema } from '#domain/messages.ts';
import { messagesKey } from '#web/components/layout/use-unread-messages.ts';
import { api } from '#web/lib/api-client.ts';
import { threadPath } from './get-thread';

/** PUT /api/threads/:id/block {blocked}: blocks or unblocks the conversation's other party. */
export const setPartyBlocked = ({ threadId, blocked }: { threadId: string; blocked: boolean }) =>
  api<z.infer<typeof BlockReplySchema>>(`${threadPath(threadId)}/block`, {
    method: 'PUT',
    body: { blocked },
    auth: true,
  });

/** Blocking changes who may write in every conversation with that person: all of the account's are fetched again. */
export function useBlockParty(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPartyBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(userId) }),
  });
}
