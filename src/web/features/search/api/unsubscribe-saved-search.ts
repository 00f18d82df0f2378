import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** POST /api/saved-searches/unsubscribe {token}: one saved search's one-click link (no login). */
export const unsubscribeFromSavedSearch = (token: string) =>
  api<{ success: true; message: string }>('/api/saved-searches/unsubscribe', { body: { token } });

export function useUnsubscribeFromSavedSearch() {
  return useMutation({ mutationFn: unsubscribeFromSavedSearch });
}
