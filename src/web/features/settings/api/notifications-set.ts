import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSetting,
  SetNotificationBody,
  SetNotificationReply,
} from '#domain/notifications.ts';
import { api } from '#web/lib/api-client.ts';
import { notificationSettingsQuery } from './notifications-get';

/** PUT /api/account/notifications {kind, channel, enabled}. */
export const setNotification = (body: SetNotificationBody) =>
  api<SetNotificationReply>('/api/account/notifications', { method: 'PUT', body, auth: true });

/**
 * The opening-alerts switch on /account (the openings feature) reads the same store: its query,
 * ['opening-alerts', userId], is fetched again after this page changes opening alerts.
 */
const openingAlertsKey = (userId: string) => ['opening-alerts', userId] as const;

const withSwitch = (list: NotificationSetting[] | undefined, body: SetNotificationBody) =>
  list?.map((s) =>
    s.kind === body.kind
      ? {
          ...s,
          channels: s.channels.map((c) => (c.channel === body.channel ? { ...c, enabled: body.enabled } : c)),
        }
      : s,
  );

/** One switch, shown at once (optimistic) and put back if the server refuses it. */
export function useSetNotification(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = notificationSettingsQuery(userId);
  return useMutation({
    mutationFn: setNotification,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (list) => withSwitch(list, body));
      return { previous };
    },
    onError: (_error, body, context) => {
      // Only this switch goes back: another one changed meanwhile keeps its new state.
      const before = context?.previous?.find((s) => s.kind === body.kind);
      if (before)
        queryClient.setQueryData(queryKey, (list) => list?.map((s) => (s.kind === body.kind ? before : s)));
    },
    onSuccess: (reply) =>
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((s) => (s.kind === reply.setting.kind ? reply.setting : s)),
      ),
    onSettled: (_reply, _error, body) =>
      body.kind === 'opening_alerts'
        ? queryClient.invalidateQueries({ queryKey: openingAlertsKey(userId) })
        : undefined,
  });
}
