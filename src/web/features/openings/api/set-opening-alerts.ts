import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OpeningAlertsReplySchema } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { openingAlertsQuery } from './get-opening-alerts';

/** PUT /api/opening-alerts {enabled}. */
export const setOpeningAlerts = (enabled: boolean) =>
  api<z.infer<typeof OpeningAlertsReplySchema>>('/api/opening-alerts', {
    method: 'PUT',
    body: { enabled },
    auth: true,
  });

export function useSetOpeningAlerts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOpeningAlerts,
    onSuccess: (reply) => queryClient.setQueryData(openingAlertsQuery(userId).queryKey, reply.enabled),
  });
}
