import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchReply } from '#domain/saved-searches.ts';
import { api } from '#web/lib/api-client.ts';
import { openingsForYouKey } from '#web/lib/query-keys.ts';
import { savedSearchesQuery } from './get-saved-searches';

const path = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;

/** PUT /api/saved-searches/:id {name}. */
export const renameSavedSearch = ({ id, name }: { id: string; name: string }) =>
  api<SavedSearchReply>(path(id), { method: 'PUT', body: { name }, auth: true });

/** PUT /api/saved-searches/:id/alert {alert}. */
export const setSavedSearchAlert = ({ id, alert }: { id: string; alert: boolean }) =>
  api<SavedSearchReply>(`${path(id)}/alert`, { method: 'PUT', body: { alert }, auth: true });

/** DELETE /api/saved-searches/:id. */
export const deleteSavedSearch = (id: string) =>
  api<{ success: true; message: string }>(path(id), { method: 'DELETE', auth: true });

/** DELETE /api/saved-searches/history: the alerts sent and the openings they named. */
export const deleteSavedSearchHistory = () =>
  api<{ success: true; message: string }>('/api/saved-searches/history', { method: 'DELETE', auth: true });

/**
 * Rename and the alert switch: the changed search replaces its old self in the list. A rename or a
 * delete also changes 'New for you' (its labels, its openings), fetched again when next shown.
 */
export function useChangeSavedSearch(userId: string) {
  const queryClient = useQueryClient();
  const replace = (reply: SavedSearchReply) =>
    queryClient.setQueryData<SavedSearch[]>(savedSearchesQuery(userId).queryKey, (list) =>
      list?.map((s) => (s.id === reply.savedSearch.id ? reply.savedSearch : s)),
    );
  const invalidateForYou = () => queryClient.invalidateQueries({ queryKey: openingsForYouKey(userId) });
  return {
    rename: useMutation({
      mutationFn: renameSavedSearch,
      onSuccess: (reply) => {
        replace(reply);
        return invalidateForYou();
      },
    }),
    alert: useMutation({ mutationFn: setSavedSearchAlert, onSuccess: replace }),
    remove: useMutation({
      mutationFn: deleteSavedSearch,
      onSuccess: (_reply, id) => {
        queryClient.setQueryData<SavedSearch[]>(savedSearchesQuery(userId).queryKey, (list) =>
          list?.filter((s) => s.id !== id),
        );
        return invalidateForYou();
      },
    }),
  };
}
