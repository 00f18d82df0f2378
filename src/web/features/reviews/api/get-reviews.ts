import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewsReply } from '#domain/reviews.ts';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { api } from '#web/lib/api-client.ts';
import { reviewsKey } from './review-keys';

/** GET /api/reviews?provider_id=&limit=&cursor=: newest first, with the summary on every page. */
export const getReviews = (providerId: string, cursor: string | null) =>
  api<ReviewsReply>(
    `/api/reviews?provider_id=${encodeURIComponent(providerId)}&limit=${REVIEW_LIMITS.pageDefault}${
      cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    }`,
  );

export const reviewsQuery = (providerId: string) =>
  infiniteQueryOptions({
    queryKey: [...reviewsKey(providerId), 'list'] as const,
    queryFn: ({ pageParam }) => getReviews(providerId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useReviews(providerId: string) {
  return useInfiniteQuery(reviewsQuery(providerId));
}
