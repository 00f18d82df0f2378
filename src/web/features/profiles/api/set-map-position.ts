import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MapPositionBody } from '#domain/map-area.ts';
import type { VersionedProfileReply } from '#domain/profile-versions.ts';
import { api } from '#web/lib/api-client.ts';
import { accountProfileKey, versionedProfile } from './get-account-profile';

/** PUT /api/auth/profile/map-position: the provider's zip centre, or their own pin. */
export const setMapPosition = async (body: MapPositionBody) => {
  const reply = await api<VersionedProfileReply>('/api/auth/profile/map-position', {
    method: 'PUT',
    body,
    auth: true,
  });
  return { ...reply, profile: versionedProfile(reply) };
};

/** Saves, and puts the answered profile (its new version too) in the account page's cache. */
export function useSetMapPosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMapPosition,
    onSuccess: (reply) => queryClient.setQueryData(accountProfileKey(reply.profile.id), reply.profile),
  });
}
