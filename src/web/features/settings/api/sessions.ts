import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionsReply } from '#domain/account-security.ts';
import { api } from '#web/lib/api-client.ts';

type Reply = { success: true; message: string };

/** GET /api/account/sessions: the account's live logins, this one marked. */
export const getSessions = () => api<SessionsReply>('/api/account/sessions', { auth: true });

/** DELETE /api/account/sessions/{id}: signs that device out. */
export const endSession = (id: string) =>
  api<Reply>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

/** POST /api/account/sessions/end-others: signs out every device but this one. */
export const endOtherSessions = () =>
  api<Reply>('/api/account/sessions/end-others', { method: 'POST', auth: true });

export const sessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'sessions'] as const,
    queryFn: async () => (await getSessions()).sessions,
  });

export function useSessions(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(sessionsQuery(userId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery(userId).queryKey });
  const endOne = useMutation({ mutationFn: endSession, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSettled: refresh });
  return { query, endOne, endOthers };
}
