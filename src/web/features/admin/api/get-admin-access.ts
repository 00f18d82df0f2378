import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccessStatusReply } from '#domain/admin.ts';
import { clearAdminAccess } from '../admin-access-store';
import { ADMIN_KEY, ADMIN_LOGS_KEY, adminGet } from './admin-request';

/**
 * GET /api/admin/access: is the password step on, and does the stored token pass it? A token the
 * server no longer accepts (expired, another admin's, the password changed) is dropped here.
 */
export async function getAdminAccess(signal?: AbortSignal): Promise<AdminAccessStatusReply> {
  const reply = await adminGet<AdminAccessStatusReply>('/api/admin/access', signal);
  if (!reply.granted) clearAdminAccess();
  return reply;
}

/** Keyed by user: another sign-in on the same tab is asked again. */
export const adminAccessKey = (userId: string) => [...ADMIN_KEY, 'access', userId] as const;

export const adminAccessQuery = (userId: string) =>
  queryOptions({
    queryKey: adminAccessKey(userId),
    queryFn: ({ signal }) => getAdminAccess(signal),
  });

export function useAdminAccess(userId: string | undefined) {
  return useQuery({ ...adminAccessQuery(userId ?? ''), enabled: Boolean(userId) });
}

/** Marks the step passed in the cache after POST /api/admin/access, so the dashboard shows at once. */
export function markAdminAccessGranted(queryClient: QueryClient, userId: string) {
  queryClient.setQueryData<AdminAccessStatusReply>(adminAccessKey(userId), (old) =>
    old ? { ...old, granted: true } : old,
  );
}

/**
 * Logout of the dashboard, or the server refused the token: forget the token and show the password
 * step again (when there is one). The dashboard drops its loaded logs as it unmounts (dropAdminLogs):
 * removing them while it is still shown would make it fetch them again, without a token.
 */
export function lockAdminAccess(queryClient: QueryClient, userId: string) {
  clearAdminAccess();
  queryClient.setQueryData<AdminAccessStatusReply>(adminAccessKey(userId), (old) =>
    old ? { ...old, granted: !old.passwordRequired } : old,
  );
}

export function dropAdminLogs(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: ADMIN_LOGS_KEY });
}
