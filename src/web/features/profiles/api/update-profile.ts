import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VersionedProfileReply } from '#domain/profile-versions.ts';
import type { UpdateProfileBody } from '#domain/profiles.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { updateSessionUser } from '#web/lib/session.ts';
import {
  accountProfileKey,
  accountProfileQuery,
  sessionUserOf,
  type VersionedAccountProfile,
  versionedProfile,
} from './get-account-profile';

/**
 * PUT /api/auth/profile with any subset of the fields (a pricing change sends the whole list). With
 * `version` (the ETag of the profile the edit started from) it is sent as If-Match: the server then
 * refuses (412) a save over a version changed meanwhile.
 */
export const updateProfile = async (body: UpdateProfileBody, version?: string) => {
  const reply = await api<VersionedProfileReply>('/api/auth/profile', {
    method: 'PUT',
    body,
    auth: true,
    ...(version ? { headers: { 'If-Match': version } } : {}),
  });
  return { ...reply, profile: versionedProfile(reply) };
};

/** The server's 412: the profile is no longer the version the edit started from. */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.status === 412;

/** A save refused because the profile changed elsewhere in a way this edit has not seen: `theirs` is now saved. */
export class ProfileConflictError extends Error {
  constructor(
    readonly theirs: VersionedAccountProfile,
    readonly refusal: ApiError,
  ) {
    super(refusal.message);
  }
}

export interface SaveProfileInput {
  body: UpdateProfileBody;
  /** The profile the edit started from: its version goes as If-Match. */
  base: VersionedAccountProfile;
  /**
   * Whether the latest saved profile holds nothing the form has not seen (it differs from `base`
   * only in what this page keeps up to date on its own: the avatar, the portfolio). Then the save
   * is sent again over the latest version, and no conflict is shown.
   */
  isUnseenChangeFree?: (latest: VersionedAccountProfile) => boolean;
}

/**
 * Saves and puts the server's answer in the cache and the session (the header shows the new name).
 * Forms decide themselves whether to reset to the answer: a pricing save must not wipe unsaved edits.
 * A 412 loads the latest profile into the cache and fails with a ProfileConflictError naming it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, base, isUnseenChangeFree }: SaveProfileInput) => {
      try {
        return await updateProfile(body, base.version);
      } catch (error) {
        if (!isStaleVersion(error)) throw error;
        const latest = await queryClient.fetchQuery({ ...accountProfileQuery(base.id), staleTime: 0 });
        if (isUnseenChangeFree?.(latest)) return updateProfile(body, latest.version);
        throw new ProfileConflictError(latest, error as ApiError);
      }
    },
    onSuccess: (reply) => {
      queryClient.setQueryData(accountProfileKey(reply.profile.id), reply.profile);
      updateSessionUser(sessionUserOf(reply.profile));
    },
  });
}
