import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ThreadFilter, ThreadsReply } from '#domain/messages.ts';
import { MESSAGES_POLL_MS, messagesKey } from '#web/components/layout/use-unread-messages.ts';
import { api } from '#web/lib/api-client.ts';

/** Every list of an account's conversations (both filters): a read, a reply or a block refetches them. */
export const threadsKey = (userId: string) => [...messagesKey(userId), 'threads'] as const;

/** GET /api/threads?filter=&cursor=: the reader's conversations, the latest message first. */
export const getThreads = (filter: ThreadFilter, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams({ filter });
  if (cursor) params.set('cursor', cursor);
  return api<ThreadsReply>(`/api/threads?${params.toString()}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
};

export const threadsQuery = (userId: string, filter: ThreadFilter) =>
  infiniteQueryOptions({
    queryKey: [...threadsKey(userId), filter] as const,
    queryFn: ({ pageParam, signal }) => getThreads(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // New conversations and answers show up without a reload, while the tab is visible.
    refetchInterval: MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
  });

export function useThreads(userId: string, filter: ThreadFilter) {
  return useInfiniteQuery(threadsQuery(userId, filter));
}
