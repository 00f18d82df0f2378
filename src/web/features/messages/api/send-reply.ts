import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PostedMessageReplySchema, ThreadReply } from '#domain/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { threadKey, threadPath } from './get-thread';
import { threadsKey } from './get-threads';

type PostedMessageReply = z.infer<typeof PostedMessageReplySchema>;

/** POST /api/threads/:id/messages {message}: answers in the conversation. */
export const sendReply = ({ threadId, message }: { threadId: string; message: string }) =>
  api<PostedMessageReply>(`${threadPath(threadId)}/messages`, { body: { message }, auth: true });

/** Sends a reply; the sent message joins the conversation at once and the list is fetched again. */
export function useSendReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: (reply, { threadId }) => {
      queryClient.setQueryData<InfiniteData<ThreadReply>>(threadKey(userId, threadId), (data) => {
        if (!data?.pages[0]) return data;
        const [latest, ...older] = data.pages;
        if (latest.messages.some((m) => m.id === reply.message.id)) return data;
        return { ...data, pages: [{ ...latest, messages: [...latest.messages, reply.message] }, ...older] };
      });
      return queryClient.invalidateQueries({ queryKey: threadsKey(userId) });
    },
  });
}
