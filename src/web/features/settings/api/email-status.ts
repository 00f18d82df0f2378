import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountEmailReply } from '#domain/email-change.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/account/email: the sign-in email and a change waiting for its link, if any. */
export const getAccountEmail = () => api<AccountEmailReply>('/api/account/email', { auth: true });

export const accountEmailQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'email'] as const,
    queryFn: getAccountEmail,
  });

export function useAccountEmail(userId: string) {
  return useQuery(accountEmailQuery(userId));
}
