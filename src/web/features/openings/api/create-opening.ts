import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOpeningBody, OpeningReply } from '#domain/openings.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

/** POST /api/last-minute-openings (providers): 400 with field issues, 409 when they have too many. */
export const createOpening = (body: CreateOpeningBody) =>
  api<OpeningReply>('/api/last-minute-openings', { method: 'POST', body, auth: true });

/** Creates, then refetches every openings list (the owner's and the public ones). */
export function useCreateOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOpening,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}
