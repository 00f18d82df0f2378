import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SavedSearchSettingsReplySchema } from '#domain/saved-searches.ts';
import { api } from '#web/lib/api-client.ts';

type SettingsReply = z.infer<typeof SavedSearchSettingsReplySchema>;

/** GET /api/saved-searches/settings: saved-search alert emails a day at most. */
export const getSavedSearchSettings = () =>
  api<SettingsReply>('/api/saved-searches/settings', { auth: true });

/** PUT /api/saved-searches/settings {dailyCap}. */
export const setSavedSearchDailyCap = (dailyCap: number) =>
  api<SettingsReply>('/api/saved-searches/settings', { method: 'PUT', body: { dailyCap }, auth: true });

export const savedSearchSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['saved-searches', userId, 'settings'] as const,
    queryFn: async () => (await getSavedSearchSettings()).dailyCap,
  });

export function useSavedSearchDailyCap(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(savedSearchSettingsQuery(userId));
  const change = useMutation({
    mutationFn: setSavedSearchDailyCap,
    onSuccess: (reply) => queryClient.setQueryData(savedSearchSettingsQuery(userId).queryKey, reply.dailyCap),
  });
  return { query, change };
}
