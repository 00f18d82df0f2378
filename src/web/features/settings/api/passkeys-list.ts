import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasskeysReply } from '#domain/passkeys.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/account/passkeys: the account's passkeys, oldest first, and how many it may keep. */
export const getPasskeys = () => api<PasskeysReply>('/api/account/passkeys', { auth: true });

export const passkeysQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'passkeys'] as const,
    queryFn: getPasskeys,
  });

export function usePasskeys(userId: string) {
  return useQuery(passkeysQuery(userId));
}
