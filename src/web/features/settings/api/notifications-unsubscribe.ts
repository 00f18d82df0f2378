import { useMutation } from '@tanstack/react-query';
import type { NotificationUnsubscribeReply } from '#domain/notifications.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/account/notifications/unsubscribe {token}: the one-click link of an email a person can
 * turn off (no login); the reply names the kind it turned off.
 */
export const unsubscribeFromNotification = (token: string) =>
  api<NotificationUnsubscribeReply>('/api/account/notifications/unsubscribe', { body: { token } });

export function useUnsubscribeFromNotification() {
  return useMutation({ mutationFn: unsubscribeFromNotification });
}
