import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.tsx';
import { favoriteIdsKey } from './get-favorite-ids';

/** POST or DELETE /api/favorites {providerId}. */
export const setFavorite = (providerId: string, save: boolean) =>
  api('/api/favorites', { method: save ? 'POST' : 'DELETE', body: { providerId }, auth: true });

/**
 * Saves or removes a provider at once on screen (optimistic), then on the server; on failure the
 * toggle goes back and says why. The saved-providers list refetches afterwards.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? '';
  const key = favoriteIdsKey(userId);
  return useMutation({
    mutationFn: ({ providerId, save }: { providerId: string; save: boolean }) =>
      setFavorite(providerId, save),
    onMutate: async ({ providerId, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Set<string>>(key);
      const next = new Set(before);
      if (save) next.add(providerId);
      else next.delete(providerId);
      queryClient.setQueryData(key, next);
      return { before };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(key, context?.before);
      toast.error('Error', {
        description:
          error instanceof ApiError && error.message ? error.message : 'Failed to update favorites',
      });
    },
    onSuccess: (_data, { save }) => {
      toast.success(save ? FAVORITE_TEXTS.saved : FAVORITE_TEXTS.removed);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['favorites', userId, 'list'] });
    },
  });
}
