import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminDateRange, AdminReviewRow, AdminReviewsListReply } from '#domain/admin.ts';
import type { AdminReviewStatus } from '#domain/reviews.ts';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { filterParams } from './admin-filters';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** Reported, held (waiting for a moderator's first look) or hidden reviews. */
export type ModerationStatus = AdminReviewStatus;

export interface AdminReviewsPage {
  logs: AdminReviewRow[];
  total: number;
  nextCursor: string | null;
}

/** GET /api/admin/reviews?status=&from=&to=&limit=&cursor= (admins), shaped for LogTable. */
export async function getAdminReviews(
  status: ModerationStatus,
  range: AdminDateRange,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminReviewsPage> {
  const params = filterParams(range, { status, limit: String(REVIEW_LIMITS.adminPageDefault) });
  if (cursor) params.set('cursor', cursor);
  const data = await adminGet<AdminReviewsListReply>(`/api/admin/reviews?${params}`, signal);
  return { logs: data.reviews, total: data.total, nextCursor: data.nextCursor };
}

export const adminReviewsKey = [...ADMIN_LOGS_KEY, 'reviews'] as const;

export function useAdminReviews(userId: string, status: ModerationStatus, range: AdminDateRange = {}) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...adminReviewsKey, userId, status, range.from ?? '', range.to ?? ''] as const,
      queryFn: ({ pageParam, signal }) => getAdminReviews(status, range, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
