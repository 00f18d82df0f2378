import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SendMessageBody, SendMessageReplySchema } from '#domain/messages.ts';
import { messagesKey } from '#web/components/layout/use-unread-messages.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/messages {providerId, message}: the profile's Message call, from an opening (the
 * question names it); starts or continues the conversation with its provider and answers its id.
 */
export const askAboutOpening = (body: SendMessageBody) =>
  api<z.infer<typeof SendMessageReplySchema>>('/api/messages', { body, auth: true });

/** Sends; the sender's inbox (its lists and conversations) is fetched again when next shown. */
export function useAskAboutOpening(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askAboutOpening,
    onSuccess: () => (userId ? queryClient.invalidateQueries({ queryKey: messagesKey(userId) }) : undefined),
  });
}
