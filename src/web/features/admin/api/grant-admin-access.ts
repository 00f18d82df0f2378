import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenReply, PasswordBody } from '#domain/admin.ts';
import { api } from '#web/lib/api-client.ts';
import { setAdminAccess } from '../admin-access-store';
import { markAdminAccessGranted } from './get-admin-access';

/** POST /api/admin/access: checks ADMIN_PASSWORD; a wrong one is 403 'Invalid admin password'. */
export const grantAdminAccess = (body: PasswordBody) =>
  api<AccessTokenReply>('/api/admin/access', { body, auth: true });

/** Keeps the token for this tab and opens the dashboard. */
export function useGrantAdminAccess(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantAdminAccess,
    onSuccess: (reply) => {
      setAdminAccess(reply);
      markAdminAccessGranted(queryClient, userId);
    },
  });
}
