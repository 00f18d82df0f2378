import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateReviewBody,
  EligibilityReply,
  ReplyBody,
  ReportBody,
  ReviewChangeReply,
  ReviewFields,
  ReviewsReply,
} from '../../../../domain/reviews';
import { REVIEW_LIMITS } from '../../../../domain/reviews-options';
import { api } from '../../../lib/api-client';
import { PUBLIC_PROFILE_KEY } from '../../profiles/api/get-public-profile';
import { PROVIDERS_LIST_KEY } from '../../search/api/list-providers';
import { SEARCH_RESULTS_KEY } from '../../search/api/search-providers';

const reviewsKey = (providerId: string) => ['reviews', providerId] as const;

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

/** GET /api/reviews/eligibility?provider_id=: may the signed-in viewer review now, and their review. */
export const getEligibility = (providerId: string) =>
  api<EligibilityReply>(`/api/reviews/eligibility?provider_id=${encodeURIComponent(providerId)}`, {
    auth: true,
  });

export function useReviewEligibility(providerId: string, userId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...reviewsKey(providerId), 'eligibility', userId] as const,
      queryFn: () => getEligibility(providerId),
      enabled: userId !== null,
    }),
  );
}

/** After any change: the list, the viewer's state and the profile's average. */
function useInvalidateReviews(providerId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewsKey(providerId) }),
      queryClient.invalidateQueries({ queryKey: PUBLIC_PROFILE_KEY }),
      // Cards show the average too.
      queryClient.invalidateQueries({ queryKey: SEARCH_RESULTS_KEY }),
      queryClient.invalidateQueries({ queryKey: PROVIDERS_LIST_KEY }),
    ]);
}

export function useSaveReview(providerId: string) {
  const invalidate = useInvalidateReviews(providerId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ReviewFields }) =>
      id
        ? api<ReviewChangeReply>(`/api/reviews/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body,
            auth: true,
          })
        : api<ReviewChangeReply>('/api/reviews', {
            body: { ...body, provider_id: providerId } satisfies CreateReviewBody,
            auth: true,
          }),
    onSettled: invalidate,
  });
}

export function useDeleteReview(providerId: string) {
  const invalidate = useInvalidateReviews(providerId);
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/reviews/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSettled: invalidate,
  });
}

/** PUT (text) or DELETE (null) /api/reviews/:id/reply: the reviewed provider's public reply. */
export function useSetReply(providerId: string) {
  const invalidate = useInvalidateReviews(providerId);
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string | null }) =>
      api<ReviewChangeReply>(`/api/reviews/${encodeURIComponent(id)}/reply`, {
        method: text === null ? 'DELETE' : 'PUT',
        ...(text === null ? {} : { body: { text } satisfies ReplyBody }),
        auth: true,
      }),
    onSettled: invalidate,
  });
}

export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportBody }) =>
      api<{ message: string }>(`/api/reviews/${encodeURIComponent(id)}/report`, { body, auth: true }),
  });
}
