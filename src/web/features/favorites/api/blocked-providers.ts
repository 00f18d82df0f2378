import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BLOCK_TEXTS } from '#domain/blocks-options.ts';
import type { BlockChangeReply, BlockedProvidersReply } from '#domain/favorites.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { openingsForYouKey } from '#web/lib/query-keys.ts';
import { toastFor } from '#web/lib/toast.tsx';

const toast = toastFor('block-provider');

/** GET /api/blocked-providers: the providers the signed-in user blocked, newest first. */
export const getBlockedProviders = () => api<BlockedProvidersReply>('/api/blocked-providers', { auth: true });

export const blockedProvidersQuery = (userId: string) =>
  queryOptions({
    queryKey: ['favorites', userId, 'blocked'] as const,
    queryFn: async () => (await getBlockedProviders()).providers,
  });

export function useBlockedProviders(userId: string) {
  return useQuery(blockedProvidersQuery(userId));
}

/** POST (block) or DELETE (unblock) /api/blocked-providers {providerId}. */
export const setBlocked = (providerId: string, block: boolean) =>
  api<BlockChangeReply>('/api/blocked-providers', {
    method: block ? 'POST' : 'DELETE',
    body: { providerId },
    auth: true,
  });

/**
 * Blocks or unblocks a provider, then says so. A block also takes the provider out of the saved
 * providers and out of 'New for you', so those are fetched again.
 */
export function useSetBlocked(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, block }: { providerId: string; block: boolean }) =>
      setBlocked(providerId, block),
    onSuccess: (reply) => toast.success(reply.message),
    onError: (error) =>
      toast.error('Error', {
        description: error instanceof ApiError && error.message ? error.message : BLOCK_TEXTS.blockFailed,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['favorites', userId] }),
        queryClient.invalidateQueries({ queryKey: openingsForYouKey(userId) }),
      ]),
  });
}
