import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * POST /api/opening-alerts/unsubscribe {token}: the one-click link from an alert email (no login).
 * The server answers the shared {success, message} reply.
 */
export const unsubscribeFromAlerts = (token: string) =>
  api<z.infer<typeof MessageReplySchema>>('/api/opening-alerts/unsubscribe', { body: { token } });

export function useUnsubscribeFromAlerts() {
  return useMutation({ mutationFn: unsubscribeFromAlerts });
}
