import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteIdsReply } from '#domain/favorites.ts';
import { api } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

/** GET /api/favorites/ids: every provider the signed-in user saved (the toggles' state). */
export const getFavoriteIds = () => api<FavoriteIdsReply>('/api/favorites/ids', { auth: true });

export const favoriteIdsKey = (userId: string) => ['favorites', userId, 'ids'] as const;

export const favoriteIdsQuery = (userId: string) =>
  queryOptions({
    queryKey: favoriteIdsKey(userId),
    queryFn: async () => new Set((await getFavoriteIds()).providerIds),
    staleTime: 60_000,
  });

/** The saved ids of whoever is signed in (an empty set for visitors, without a call). */
export function useFavoriteIds() {
  const userId = useSession()?.user.id ?? '';
  return useQuery({ ...favoriteIdsQuery(userId), enabled: Boolean(userId) });
}
