import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandleSubmissionBody } from '#domain/admin.ts';
import type { SubmissionReply } from '#domain/forms.ts';
import { api } from '#web/lib/api-client.ts';
import { adminAccessHeaders } from '../admin-access-store';
import { ADMIN_LOGS_KEY } from './admin-request';

/** PUT /api/admin/submissions/:id {handled}: mark a submission handled, or open again. */
export const setSubmissionHandled = ({ id, handled }: { id: string } & HandleSubmissionBody) =>
  api<SubmissionReply>(`/api/admin/submissions/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { handled } satisfies HandleSubmissionBody,
    auth: true,
    headers: adminAccessHeaders(),
  });

export function useSetSubmissionHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubmissionHandled,
    // Every submissions list (open, handled, all; any dates) may hold it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ADMIN_LOGS_KEY, 'submissions'] }),
  });
}
