import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThreadReply } from '#domain/messages.ts';
import { unreadMessagesKey } from '#web/components/layout/use-unread-messages.ts';
import { api } from '#web/lib/api-client.ts';
import { threadKey, threadPath } from './get-thread';
import { threadsKey } from './get-threads';

/** POST /api/threads/:id/read: the reader has read the whole conversation; answers their new unread total. */
export const markThreadRead = (threadId: string) =>
  api<{ success: true; unread: number }>(`${threadPath(threadId)}/read`, { method: 'POST', auth: true });

/** Marks a conversation read: the header's total takes the server's answer, the list is fetched again. */
export function useMarkThreadRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markThreadRead,
    onSuccess: (reply, threadId) => {
      queryClient.setQueryData(unreadMessagesKey(userId), reply.unread);
      queryClient.setQueryData<InfiniteData<ThreadReply>>(threadKey(userId, threadId), (data) =>
        data?.pages[0]
          ? {
              ...data,
              pages: data.pages.map((p) => ({ ...p, thread: { ...p.thread, unread_count: 0 } })),
            }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: threadsKey(userId) });
    },
  });
}
