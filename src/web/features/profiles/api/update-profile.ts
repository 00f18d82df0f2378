import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody } from '#domain/profiles.ts';
import { api } from '#web/lib/api-client.ts';
import { updateSessionUser } from '#web/lib/session.ts';
import { type AccountProfileReply, accountProfileKey, sessionUserOf } from './get-account-profile';

/** PUT /api/auth/profile with any subset of the fields (a pricing change sends the whole list). */
export const updateProfile = (body: UpdateProfileBody) =>
  api<AccountProfileReply>('/api/auth/profile', { method: 'PUT', body, auth: true });

/**
 * Saves and puts the server's answer in the cache and the session (the header shows the new name).
 * Forms decide themselves whether to reset to the answer: a pricing save must not wipe unsaved edits.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => {
      queryClient.setQueryData(accountProfileKey(reply.profile.id), reply.profile);
      updateSessionUser(sessionUserOf(reply.profile));
    },
  });
}
