import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReportBody, MessageReportReplySchema } from '#domain/messages.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/messages/:id/report {reason, details?}: flags a message for the moderators. */
export const reportMessage = ({ id, body }: { id: string; body: MessageReportBody }) =>
  api<z.infer<typeof MessageReportReplySchema>>(`/api/messages/${encodeURIComponent(id)}/report`, {
    method: 'POST',
    body,
    auth: true,
  });

export function useReportMessage() {
  return useMutation({ mutationFn: reportMessage });
}
