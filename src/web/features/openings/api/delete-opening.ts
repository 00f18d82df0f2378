import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeleteOpeningReplySchema } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';
import { ifMatch } from './update-opening';

type DeleteOpeningReply = z.infer<typeof DeleteOpeningReplySchema>;

/**
 * DELETE /api/last-minute-openings?id=&permanent=: true deletes for good, false deactivates. With
 * `version`, only while the opening is still that version (else 412, and it stays).
 */
export const deleteOpening = (id: string, permanent: boolean, version?: string) =>
  api<DeleteOpeningReply>(`/api/last-minute-openings?id=${encodeURIComponent(id)}&permanent=${permanent}`, {
    method: 'DELETE',
    auth: true,
    ...ifMatch(version),
  });

export function useDeleteOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      permanent,
      version,
    }: {
      id: string;
      permanent: boolean;
      version?: string | undefined;
    }) => deleteOpening(id, permanent, version),
    // Also after a failure: a 404 means the opening went away elsewhere, a 412 that it changed
    // elsewhere, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}
