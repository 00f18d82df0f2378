import { useMutation } from '@tanstack/react-query';
import type { AccessTokenReply } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { grantBeta } from '../../../lib/beta-gate';

/** POST /api/beta/access {password}: the server checks BETA_PASSWORD and grants a token. */
export const requestBetaAccess = (password: string) =>
  api<AccessTokenReply>('/api/beta/access', { body: { password } });

export function useBetaAccess() {
  return useMutation({
    mutationFn: requestBetaAccess,
    onSuccess: (reply) => grantBeta(reply.access_token),
  });
}
