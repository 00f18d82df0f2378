import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PushDevicesReply, QuietHoursReplySchema, SetQuietHoursBody } from '#domain/push.ts';
import { api } from '#web/lib/api-client.ts';
import { pushDevicesQuery } from './push-devices';

/** PUT /api/push/quiet-hours {quietHours}: null turns them off. */
export const setQuietHours = (body: SetQuietHoursBody) =>
  api<z.infer<typeof QuietHoursReplySchema>>('/api/push/quiet-hours', { method: 'PUT', body, auth: true });

/** Quiet hours are read with the devices (GET /api/push/devices): the saved ones replace them there. */
export function useSetQuietHours(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuietHours,
    onSuccess: (reply) =>
      queryClient.setQueryData<PushDevicesReply>(
        pushDevicesQuery(userId).queryKey,
        (list) => list && { ...list, quietHours: reply.quietHours },
      ),
  });
}
