import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/**
 * The header's unread total (GET /api/threads/unread). In every page's first load, so it stays this
 * small: the inbox's own code (features/messages) loads with /messages and updates this cache by
 * its key when a thread is read.
 */
export const unreadMessagesKey = (userId: string) => [...messagesKey(userId), 'unread'] as const;

/**
 * Every cached piece of an account's messages (this total, the inbox's lists and conversations): a
 * message sent from a profile or an opening invalidates them by it, without importing the inbox.
 */
export const messagesKey = (userId: string) => ['messages', userId] as const;

/** How often the header and an open conversation ask again, while the tab is visible. */
export const MESSAGES_POLL_MS = 20_000;

export function useUnreadMessages(userId: string | undefined) {
  return useQuery({
    queryKey: unreadMessagesKey(userId ?? ''),
    queryFn: async () => (await api<{ unread: number }>('/api/threads/unread', { auth: true })).unread,
    enabled: Boolean(userId),
    // Only while the tab is visible (refetchIntervalInBackground is false by default: not written
    // out, as every byte here is in the first load).
    refetchInterval: MESSAGES_POLL_MS,
  }).data;
}
