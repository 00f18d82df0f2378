import { useMutation } from '@tanstack/react-query';
import type { ReplyBody, ReviewChangeReply } from '#domain/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateReviews } from './review-keys';

/** PUT (text) or DELETE (null) /api/reviews/:id/reply: the reviewed provider's public reply. */
export const setReviewReply = ({ id, text }: { id: string; text: string | null }) =>
  api<ReviewChangeReply>(`/api/reviews/${encodeURIComponent(id)}/reply`, {
    method: text === null ? 'DELETE' : 'PUT',
    ...(text === null ? {} : { body: { text } satisfies ReplyBody }),
    auth: true,
  });

export function useSetReply(providerId: string) {
  const invalidate = useInvalidateReviews(providerId);
  return useMutation({ mutationFn: setReviewReply, onSettled: invalidate });
}
