import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpeningReply, UpdateOpeningBody } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

/**
 * PUT /api/last-minute-openings?id= with every field (blank optional ones as null) and, to switch
 * an opening back on, is_active: true.
 */
export const updateOpening = (id: string, body: UpdateOpeningBody) =>
  api<OpeningReply>(`/api/last-minute-openings?id=${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    auth: true,
  });

export function useUpdateOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOpeningBody }) => updateOpening(id, body),
    // Also after a failure: a 404 means the opening went away elsewhere, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}
