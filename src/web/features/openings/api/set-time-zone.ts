import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetTimeZoneBody, TimeZoneReply } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

/** PUT /api/last-minute-openings/time-zone (providers, their own): a US zone, or null for the zip's. */
export const setTimeZone = (body: SetTimeZoneBody) =>
  api<TimeZoneReply>('/api/last-minute-openings/time-zone', { method: 'PUT', body, auth: true });

/** Saves, then refetches the openings lists (the owner's carries the setting). */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}
