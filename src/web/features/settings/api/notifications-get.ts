import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettingsReply } from '#domain/notifications.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/account/notifications: every kind of message with its switch per channel. */
export const getNotificationSettings = () =>
  api<NotificationSettingsReply>('/api/account/notifications', { auth: true });

export const notificationSettingsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'notifications'] as const,
    queryFn: async () => (await getNotificationSettings()).kinds,
  });

export function useNotificationSettings(userId: string) {
  return useQuery(notificationSettingsQuery(userId));
}
