import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageItem, ThreadReply } from '#domain/messages.ts';
import { MESSAGES_POLL_MS, messagesKey } from '#web/components/layout/use-unread-messages.ts';
import { api } from '#web/lib/api-client.ts';

export const threadKey = (userId: string, threadId: string) =>
  [...messagesKey(userId), 'thread', threadId] as const;

export const threadPath = (threadId: string) => `/api/threads/${encodeURIComponent(threadId)}`;

/**
 * GET /api/threads/:id?before=: the conversation and a page of its messages, oldest first; `before`
 * (the reply's olderCursor) asks for the page before those.
 */
export const getThread = (threadId: string, before: string | null, signal?: AbortSignal) =>
  api<ThreadReply>(`${threadPath(threadId)}${before ? `?before=${encodeURIComponent(before)}` : ''}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });

/**
 * The latest page first, earlier ones as 'next' pages ('Load earlier messages'). A refetch asks
 * for the latest page again and each earlier one from its fresh cursor, so the pages stay contiguous.
 */
export const threadQuery = (userId: string, threadId: string) =>
  infiniteQueryOptions({
    queryKey: threadKey(userId, threadId),
    queryFn: ({ pageParam, signal }) => getThread(threadId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.olderCursor,
    refetchInterval: MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
  });

export function useThread(userId: string, threadId: string) {
  return useInfiniteQuery(threadQuery(userId, threadId));
}

/** The loaded messages in order, oldest first, once each (a page boundary may move between fetches). */
export function threadMessages(data: InfiniteData<ThreadReply> | undefined): MessageItem[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: MessageItem[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}
