import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FavoritesReply } from '#domain/favorites.ts';
import { api } from '#web/lib/api-client.ts';

const PAGE_SIZE = 12;

/** GET /api/favorites?limit=&cursor=: saved providers, newest saved first. */
export const getFavorites = (cursor: string | null) =>
  api<FavoritesReply>(
    `/api/favorites?limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { auth: true },
  );

export const favoritesQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['favorites', userId, 'list'] as const,
    queryFn: ({ pageParam }) => getFavorites(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useFavorites(userId: string) {
  return useInfiniteQuery(favoritesQuery(userId));
}
