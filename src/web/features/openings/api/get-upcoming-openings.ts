import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OpeningsReply } from '../../../../domain/openings';
import { OPENING_LIMITS } from '../../../../domain/openings-options';
import { api } from '../../../lib/api-client';

/** Key prefix of every openings list (public and the owner's): a change refetches them all. */
export const OPENINGS_KEY = ['openings'] as const;

/**
 * GET /api/last-minute-openings?limit=&cursor=: the public list (active, not ended, starting in the
 * next 5 days, soonest first). Anyone may call it.
 */
export const getUpcomingOpenings = (cursor: string | null, limit: number, signal?: AbortSignal) =>
  api<OpeningsReply>(
    `/api/last-minute-openings?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    signal ? { signal } : {},
  );

export const upcomingOpeningsQuery = (limit: number = OPENING_LIMITS.pageDefault) =>
  infiniteQueryOptions({
    queryKey: [...OPENINGS_KEY, 'upcoming', limit] as const,
    queryFn: ({ pageParam, signal }) => getUpcomingOpenings(pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Short-notice: an opening can be taken or end within minutes.
    staleTime: 60_000,
  });

export function useUpcomingOpenings(limit?: number) {
  return useInfiniteQuery(upcomingOpeningsQuery(limit));
}
