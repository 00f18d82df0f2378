import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SendMessageBody, SendMessageReplySchema } from '#domain/messages.ts';
import { messagesKey } from '#web/components/layout/use-unread-messages.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/messages {providerId, message}: writes to a provider from their profile; starts the
 * conversation with them or continues it, and answers its id (the inbox's /messages/:threadId).
 */
export function sendMessage(body: SendMessageBody) {
  return api<z.infer<typeof SendMessageReplySchema>>('/api/messages', { body, auth: true });
}

/** Sends; the sender's inbox (its lists and conversations) is fetched again. */
export function useSendMessage(userId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => (userId ? queryClient.invalidateQueries({ queryKey: messagesKey(userId) }) : undefined),
  });
}
