import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersionedSavedSearch, VersionedSavedSearchReply } from '#domain/saved-search-versions.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { openingsForYouKey } from '#web/lib/query-keys.ts';
import { savedSearchesQuery } from './get-saved-searches';

const path = (id: string) => `/api/saved-searches/${encodeURIComponent(id)}`;

/**
 * The version a change was made from (the list's), as the If-Match header: the server refuses (412)
 * a change over a saved search changed meanwhile in another tab or device. None: whatever the version.
 */
const ifMatch = (version: string | undefined) => (version ? { headers: { 'If-Match': version } } : {});

/** The server's 412: the saved search changed since its version was loaded. */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.status === 412;

interface Change {
  id: string;
  version?: string | undefined;
}

/** PUT /api/saved-searches/:id {name}. */
export const renameSavedSearch = ({ id, name, version }: Change & { name: string }) =>
  api<VersionedSavedSearchReply>(path(id), {
    method: 'PUT',
    body: { name },
    auth: true,
    ...ifMatch(version),
  });

/** PUT /api/saved-searches/:id/alert {alert}. */
export const setSavedSearchAlert = ({ id, alert, version }: Change & { alert: boolean }) =>
  api<VersionedSavedSearchReply>(`${path(id)}/alert`, {
    method: 'PUT',
    body: { alert },
    auth: true,
    ...ifMatch(version),
  });

/** DELETE /api/saved-searches/:id. */
export const deleteSavedSearch = ({ id, version }: Change) =>
  api<{ success: true; message: string }>(path(id), { method: 'DELETE', auth: true, ...ifMatch(version) });

/** DELETE /api/saved-searches/history: the alerts sent and the openings they named. */
export const deleteSavedSearchHistory = () =>
  api<{ success: true; message: string }>('/api/saved-searches/history', { method: 'DELETE', auth: true });

/**
 * Rename and the alert switch: the changed search (with its new version) replaces its old self in
 * the list. A rename or a delete also changes 'New for you' (its labels, its openings), fetched again
 * when next shown.
 */
export function useChangeSavedSearch(userId: string) {
  const queryClient = useQueryClient();
  const replace = (reply: VersionedSavedSearchReply) =>
    queryClient.setQueryData<VersionedSavedSearch[]>(savedSearchesQuery(userId).queryKey, (list) =>
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
      onSuccess: (_reply, { id }) => {
        queryClient.setQueryData<VersionedSavedSearch[]>(savedSearchesQuery(userId).queryKey, (list) =>
          list?.filter((s) => s.id !== id),
        );
        return invalidateForYou();
      },
    }),
  };
}
