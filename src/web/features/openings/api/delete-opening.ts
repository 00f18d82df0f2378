import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeleteOpeningReplySchema } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

type DeleteOpeningReply = z.infer<typeof DeleteOpeningReplySchema>;

/** DELETE /api/last-minute-openings?id=&permanent=: true deletes for good, false deactivates. */
export const deleteOpening = (id: string, permanent: boolean) =>
  api<DeleteOpeningReply>(`/api/last-minute-openings?id=${encodeURIComponent(id)}&permanent=${permanent}`, {
    method: 'DELETE',
    auth: true,
  });

export function useDeleteOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, permanent }: { id: string; permanent: boolean }) => deleteOpening(id, permanent),
    // Also after a failure: a 404 means the opening went away elsewhere, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}
