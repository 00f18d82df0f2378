import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAVORITE_LIMITS, FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { favoriteIdsKey } from './get-favorite-ids';

const toast = toastFor('favorite');

/** POST or DELETE /api/favorites {providerId}. */
export const setFavorite = (providerId: string, save: boolean) =>
  api('/api/favorites', { method: save ? 'POST' : 'DELETE', body: { providerId }, auth: true });

interface ToggleFavoriteVariables {
  providerId: string;
  /** Named in the 'Removed' toast, so its Undo says whom it brings back. */
  providerName: string;
  save: boolean;
}

/**
 * Saves or removes a provider at once on screen (optimistic), then on the server; on failure the
 * toggle goes back and says why. The saved-providers list refetches afterwards. 'Removed' offers
 * Undo, which saves the provider again (the list is newest saved first, so they come back on top).
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? '';
  const key = favoriteIdsKey(userId);
  const mutation = useMutation({
    mutationFn: ({ providerId, save }: ToggleFavoriteVariables) => setFavorite(providerId, save),
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
    onSuccess: (_data, { providerId, providerName, save }) => {
      if (save) {
        toast.success(FAVORITE_TEXTS.saved);
        return;
      }
      // The toast outlives the card it came from (a saved-providers card goes with the removal);
      // the mutation runs without it.
      toast.success(FAVORITE_TEXTS.removed, {
        description: providerName,
        duration: FAVORITE_LIMITS.undoMs,
        action: {
          label: FAVORITE_TEXTS.undo,
          onClick: () => mutation.mutate({ providerId, providerName, save: true }),
        },
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['favorites', userId, 'list'] });
    },
  });
  return mutation;
}
