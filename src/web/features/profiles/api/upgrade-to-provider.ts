import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';
import { updateSessionUser } from '#web/lib/session.ts';
import { accountProfileKey, getAccountProfile, sessionUserOf } from './get-account-profile';

/** POST /api/auth/upgrade-to-provider: a client becomes a provider (idempotent on the server). */
export const upgradeToProvider = () =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/upgrade-to-provider', { method: 'POST', auth: true });

/** Upgrades, then reloads the profile and the session user (docs/product.md §7: both are reloaded). */
export function useUpgradeToProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reply = await upgradeToProvider();
      const { profile } = await getAccountProfile();
      return { message: reply.message, profile };
    },
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(accountProfileKey(profile.id), profile);
      updateSessionUser(sessionUserOf(profile));
    },
  });
}
