import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FeedbackBody, FormReplySchema } from '#domain/forms.ts';
import { api } from '#web/lib/api-client.ts';

/** The {success, message} reply of every public form. */
export type FormReply = z.infer<typeof FormReplySchema>;

/**
 * POST /api/feedback: feedback, bug reports and feature ideas (the about page's form) and support
 * requests (the Contact Support dialog); no sign-in needed.
 */
export const sendFeedback = (body: FeedbackBody) => api<FormReply>('/api/feedback', { body });

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
