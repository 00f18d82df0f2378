import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdentityStatusReply } from '#domain/account-security.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/account/identity: may this session leave the current password out (a fresh passkey or link)? */
export const getIdentityStatus = () => api<IdentityStatusReply>('/api/account/identity', { auth: true });

export const identityStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'identity'] as const,
    queryFn: getIdentityStatus,
    // A fresh proof lasts minutes: asked again whenever a form that needs it opens.
    staleTime: 0,
  });

/** True while the current password may be left out; false until known. */
export function useFreshProof(userId: string): boolean {
  const query = useQuery(identityStatusQuery(userId));
  return query.data?.fresh_proof ?? false;
}
