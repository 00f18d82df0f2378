import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchReply } from '#domain/saved-searches.ts';
import type { CreateSavedSearchBody } from '#domain/saved-searches-body.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/saved-searches {name, search, alert}. */
export const saveSearch = (body: CreateSavedSearchBody) =>
  api<SavedSearchReply>('/api/saved-searches', { method: 'POST', body, auth: true });

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
}
