import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersionedOpeningReply } from '#domain/opening-versions.ts';
import type { UpdateOpeningBody } from '#domain/openings.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

/** The version a change was made from, as the If-Match header (none: whatever the version). */
export const ifMatch = (version: string | undefined) => (version ? { headers: { 'If-Match': version } } : {});

/** The server's 412: the opening changed (in another tab or device) since its version was loaded. */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.status === 412;

/**
 * PUT /api/last-minute-openings?id= with every field (blank optional fields as null) and, to switch
 * an opening back on, is_active: true. With `version` (the one the list showed), the server refuses
 * (412) a change over an opening changed meanwhile.
 */
export const updateOpening = (id: string, body: UpdateOpeningBody, version?: string) =>
  api<VersionedOpeningReply>(`/api/last-minute-openings?id=${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    auth: true,
    ...ifMatch(version),
  });

export function useUpdateOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
    }: {
      id: string;
      body: UpdateOpeningBody;
      version?: string | undefined;
    }) => updateOpening(id, body, version),
    // Also after a failure: a 404 means the opening went away elsewhere, a 412 that it changed
    // elsewhere, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}
