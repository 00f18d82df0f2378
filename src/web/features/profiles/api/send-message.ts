import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SendMessageBody, SendMessageReplySchema } from '#domain/messages.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/messages: emails the provider, with the signed-in sender's address as Reply-To. */
export function sendMessage(body: SendMessageBody) {
  return api<z.infer<typeof SendMessageReplySchema>>('/api/messages', { body, auth: true });
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
