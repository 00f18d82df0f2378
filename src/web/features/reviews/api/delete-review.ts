import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReviewDeleteReplySchema } from '#domain/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { useInvalidateReviews } from './review-keys';

/** DELETE /api/reviews/:id: the viewer's own review. */
export const deleteReview = (id: string) =>
  api<z.infer<typeof ReviewDeleteReplySchema>>(`/api/reviews/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });

export function useDeleteReview(providerId: string) {
  const invalidate = useInvalidateReviews(providerId);
  return useMutation({ mutationFn: deleteReview, onSettled: invalidate });
}
