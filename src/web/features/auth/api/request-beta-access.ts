import { useMutation } from '@tanstack/react-query';
import type { AccessTokenReply } from '#domain/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { grantBeta } from '#web/lib/beta-gate.ts';

/** POST /api/beta/access {password}: the server checks BETA_PASSWORD and grants a token. */
export const requestBetaAccess = (password: string) =>
  api<AccessTokenReply>('/api/beta/access', { body: { password } });

export function useBetaAccess() {
  return useMutation({
    mutationFn: requestBetaAccess,
    onSuccess: (reply) => grantBeta(reply.access_token),
  });
}
