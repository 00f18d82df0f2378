import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminReview, AdminReviewStatus, AdminReviewsReply } from '#domain/reviews.ts';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** Reported, held (waiting for a moderator's first look) or hidden reviews. */
export type ModerationStatus = AdminReviewStatus;

export interface AdminReviewsPage {
  logs: AdminReview[];
  total: number;
  nextCursor: string | null;
}

/** GET /api/admin/reviews?status=&limit=&cursor= (admins), shaped for LogTable. */
export async function getAdminReviews(
  status: ModerationStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminReviewsPage> {
  const params = new URLSearchParams({ status, limit: String(REVIEW_LIMITS.adminPageDefault) });
  if (cursor) params.set('cursor', cursor);
  const data = await adminGet<AdminReviewsReply>(`/api/admin/reviews?${params}`, signal);
  return { logs: data.reviews, total: data.total, nextCursor: data.nextCursor };
}

export const adminReviewsKey = [...ADMIN_LOGS_KEY, 'reviews'] as const;

export function useAdminReviews(userId: string, status: ModerationStatus) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...adminReviewsKey, userId, status] as const,
      queryFn: ({ pageParam, signal }) => getAdminReviews(status, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
