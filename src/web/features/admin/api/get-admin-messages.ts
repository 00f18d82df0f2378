import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ADMIN_MESSAGE_STATUSES, AdminMessagesReplySchema } from '#domain/messages.ts';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** Reported messages (latest report first) or hidden ones. */
export type MessageModerationStatus = (typeof ADMIN_MESSAGE_STATUSES)[number];

type AdminMessagesReply = z.infer<typeof AdminMessagesReplySchema>;

/** GET /api/admin/messages?status=&cursor= (admins, with the admin step's token). */
export function getAdminMessages(
  status: MessageModerationStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminMessagesReply> {
  const params = new URLSearchParams({ status });
  if (cursor) params.set('cursor', cursor);
  return adminGet<AdminMessagesReply>(`/api/admin/messages?${params}`, signal);
}

/** Under the logs' key, so the dashboard's Logout drops them with the rest. */
export const adminMessagesKey = [...ADMIN_LOGS_KEY, 'messages'] as const;

export function useAdminMessages(userId: string, status: MessageModerationStatus) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...adminMessagesKey, userId, status] as const,
      queryFn: ({ pageParam, signal }) => getAdminMessages(status, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
