import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody } from '../../../../domain/forms';
import { api } from '../../../lib/api-client';

/** POST /api/feedback: feedback, bug reports, feature ideas and support requests (no sign-in needed). */
export function sendFeedback(body: FeedbackBody) {
  return api<{ success: true; message: string }>('/api/feedback', { body });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
