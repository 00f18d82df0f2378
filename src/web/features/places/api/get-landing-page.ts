import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LandingReply } from '#domain/places.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /api/places/{service}/{place}: one page of a landing page (24 providers, the figures, the
 * links); an unknown or empty combination is ApiError 404 NOT_FOUND.
 */
export async function getLandingPage(
  service: string,
  place: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LandingReply> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return api<LandingReply>(
    `/api/places/${encodeURIComponent(service)}/${encodeURIComponent(place)}${query}`,
    signal ? { signal } : {},
  );
}

/**
 * The cache key of one landing page. A server render seeds it with the first page as an infinite
 * query's data (`{ pages: [reply], pageParams: [null] }`), so the app starts from what the HTML shows.
 */
export const landingPageKey = (service: string, place: string) =>
  ['places', 'landing', service, place] as const;

export function landingPageQuery(service: string, place: string) {
  return infiniteQueryOptions({
    queryKey: landingPageKey(service, place),
    queryFn: ({ pageParam, signal }) => getLandingPage(service, place, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The same for everyone and cached by the server: no refetch just for coming back to the tab.
    staleTime: 60_000,
  });
}

export function useLandingPage(service: string, place: string) {
  return useInfiniteQuery(landingPageQuery(service, place));
}
