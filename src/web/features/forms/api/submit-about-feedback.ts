import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FeedbackBody, FormReplySchema } from '../../../../domain/forms';
import { api } from '../../../lib/api-client';

export type FormReply = z.infer<typeof FormReplySchema>;

/** The about page's form: {type: feedback | bug | feature, message, email?} plus the honeypot. */
export type AboutFeedbackBody = Pick<FeedbackBody, 'type' | 'message' | 'email' | 'website'>;

/** POST /api/feedback from the about page (no sign-in needed). */
export const submitAboutFeedback = (body: AboutFeedbackBody) => api<FormReply>('/api/feedback', { body });

export function useSubmitAboutFeedback() {
  return useMutation({ mutationFn: submitAboutFeedback });
}
