import { useMutation } from '@tanstack/react-query';
import type { CreateReviewBody, ReviewChangeReply, ReviewFields } from '#domain/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateReviews } from './review-keys';

/** POST /api/reviews (a new review) or PUT /api/reviews/:id (the viewer's own, edited). */
export const saveReview = (providerId: string, { id, body }: { id: string | null; body: ReviewFields }) =>
  id
    ? api<ReviewChangeReply>(`/api/reviews/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
        auth: true,
      })
    : api<ReviewChangeReply>('/api/reviews', {
        body: { ...body, provider_id: providerId } satisfies CreateReviewBody,
        auth: true,
      });

export function useSaveReview(providerId: string) {
  const invalidate = useInvalidateReviews(providerId);
  return useMutation({
    mutationFn: (change: { id: string | null; body: ReviewFields }) => saveReview(providerId, change),
    onSettled: invalidate,
  });
}
