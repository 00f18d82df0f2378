import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BOOKING_LIMITS } from '#domain/bookings-options.ts';
import { formatBbox, type GeoBounds } from '#domain/map-options.ts';
import type { OpeningsReply } from '#domain/openings.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { api } from '#web/lib/api-client.ts';
import { getSession, useSession } from '#web/lib/session.ts';

/** Key prefix of every openings list (public and the owner's): a change refetches them all. */
export const OPENINGS_KEY = ['openings'] as const;

/** /availability's filters, as the URL and the API both spell them (all optional). */
export interface OpeningFilters {
  q?: string;
  zip?: string;
  radius?: string;
  category?: string;
  day?: string;
  /** 'true': only openings at a reduced price. */
  reduced?: string;
  /** The map's area ('Search this area', read from the URL by the page), used instead of a zip. */
  bbox?: GeoBounds;
}

/**
 * The query parameters that ask the API for openings in a map area. The one place that spells them,
 * so a change of the API's names is a change here only.
 */
export function bboxParams(area: GeoBounds): Record<string, string> {
  return { bbox: formatBbox(area) };
}

const FILTER_KEYS = ['q', 'zip', 'radius', 'category', 'day', 'reduced'] as const;

/**
 * GET /api/last-minute-openings?limit=&cursor=&q=&zip=&radius=&category=&day=&reduced= (or a map area,
 * bboxParams, instead of the zip): the public list
 * (active, not ended, starting in the next 5 days, soonest first), filtered on the server. Anyone
 * may call it; signed in, each opening also carries its provider's click token for the Book
 * button (ADR 008).
 */
export const getUpcomingOpenings = (
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
  filters: OpeningFilters = {},
) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value && (key !== 'radius' || filters.zip)) params.set(key, value);
  }
  if (filters.bbox && !filters.zip)
    for (const [key, value] of Object.entries(bboxParams(filters.bbox))) params.set(key, value);
  return api<OpeningsReply>(`/api/last-minute-openings?${params.toString()}`, {
    auth: getSession() !== null,
    ...(signal ? { signal } : {}),
  });
};

/** A list left open for an hour is fetched again when next looked at: click tokens live 2 hours. */
export const refetchForClickToken = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > BOOKING_LIMITS.clickTokenRefreshSeconds * 1000;

export const upcomingOpeningsQuery = (
  limit: number = OPENING_LIMITS.pageDefault,
  viewerId: string | null = getSession()?.user.id ?? null,
  filters: OpeningFilters = {},
) =>
  infiniteQueryOptions({
    // Keyed by the viewer: the click tokens are each signed-in user's own.
    queryKey: [...OPENINGS_KEY, 'upcoming', limit, viewerId, filters] as const,
    queryFn: ({ pageParam, signal }) => getUpcomingOpenings(pageParam, limit, signal, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Short-notice: an opening can be taken or end within minutes.
    staleTime: 60_000,
    refetchOnWindowFocus: viewerId ? refetchForClickToken : false,
  });

export function useUpcomingOpenings(limit?: number, filters: OpeningFilters = {}) {
  const viewerId = useSession()?.user.id ?? null;
  return useInfiniteQuery(upcomingOpeningsQuery(limit, viewerId, filters));
}
