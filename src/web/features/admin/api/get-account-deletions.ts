import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDeletionsReply } from '#domain/account-data.ts';
import { ADMIN_LOGS_KEY, adminGet } from './admin-request';

/** GET /api/admin/account-deletions (admins): deleted accounts per day of the last 30, counts only. */
export const getAccountDeletions = (signal?: AbortSignal) =>
  adminGet<AccountDeletionsReply>('/api/admin/account-deletions', signal);

export const accountDeletionsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...ADMIN_LOGS_KEY, 'account-deletions', userId] as const,
    queryFn: ({ signal }) => getAccountDeletions(signal),
  });

export function useAccountDeletions(userId: string) {
  return useQuery(accountDeletionsQuery(userId));
}
