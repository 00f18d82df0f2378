import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_LIMITS } from '#domain/admin-options.ts';
import type { Submission, SubmissionsReply } from '#domain/forms.ts';
import { type AdminTableFilters, filterParams } from './admin-filters';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

export interface SubmissionsPage {
  logs: Submission[];
  total: number;
  nextCursor: string | null;
}

/**
 * GET /api/admin/submissions?limit=&cursor=&status=&from=&to= (admins): feedback, support requests
 * and investor inquiries, newest first. Shaped like the other log pages ({logs, total, nextCursor}).
 */
export async function getSubmissions(
  filters: AdminTableFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SubmissionsPage> {
  const params = filterParams(filters, { limit: String(ADMIN_LIMITS.pageDefault) });
  if (cursor) params.set('cursor', cursor);
  const { data } = await adminGet<SubmissionsReply>(`/api/admin/submissions?${params}`, signal);
  return { logs: data.submissions, total: data.total, nextCursor: data.nextCursor };
}

export const submissionsKey = (userId: string) => [...ADMIN_LOGS_KEY, 'submissions', userId] as const;

export function submissionsQuery(userId: string, filters: AdminTableFilters = {}) {
  return infiniteQueryOptions({
    queryKey: [
      ...submissionsKey(userId),
      filters.status ?? 'all',
      filters.from ?? '',
      filters.to ?? '',
    ] as const,
    queryFn: ({ pageParam, signal }) => getSubmissions(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSubmissions(userId: string, filters: AdminTableFilters = {}) {
  return useInfiniteQuery(submissionsQuery(userId, filters));
}
