import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteServicesReply } from '#domain/favorites.ts';
import { FAVORITE_LIMITS, FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';

const toast = toastFor('favorite-service');

/** GET /api/favorite-services: the names the user picked from the catalogue. */
export const getFavoriteServices = () => api<FavoriteServicesReply>('/api/favorite-services', { auth: true });

/** POST or DELETE /api/favorite-services {serviceName}; answers the whole list. */
export const setFavoriteService = (serviceName: string, add: boolean) =>
  api<FavoriteServicesReply>('/api/favorite-services', {
    method: add ? 'POST' : 'DELETE',
    body: { serviceName },
    auth: true,
  });

export const favoriteServicesKey = (userId: string) => ['favorite-services', userId] as const;

export const favoriteServicesQuery = (userId: string) =>
  queryOptions({
    queryKey: favoriteServicesKey(userId),
    queryFn: async () => (await getFavoriteServices()).services,
  });

export function useFavoriteServices(userId: string) {
  return useQuery(favoriteServicesQuery(userId));
}

/**
 * Adds or removes one service; membership flips when the server says so (docs/product.md §4).
 * 'Service Removed' offers Undo, which adds it again.
 */
export function useToggleFavoriteService(userId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ serviceName, add }: { serviceName: string; add: boolean }) =>
      setFavoriteService(serviceName, add),
    onSuccess: (reply, { serviceName, add }) => {
      queryClient.setQueryData(favoriteServicesKey(userId), reply.services);
      if (add) {
        toast.success(FAVORITE_TEXTS.serviceAdded, { description: serviceName });
        return;
      }
      toast.success(FAVORITE_TEXTS.serviceRemoved, {
        description: serviceName,
        duration: FAVORITE_LIMITS.undoMs,
        action: {
          label: FAVORITE_TEXTS.undo,
          onClick: () => mutation.mutate({ serviceName, add: true }),
        },
      });
    },
    onError: (error) => {
      toast.error('Error', {
        description:
          error instanceof ApiError && error.status !== 0 && error.message
            ? error.message
            : FAVORITE_TEXTS.serviceToggleFailed,
      });
    },
  });
  return mutation;
}
