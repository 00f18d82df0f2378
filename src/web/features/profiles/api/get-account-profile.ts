import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '#domain/auth.ts';
import type { VersionedProfileReply } from '#domain/profile-versions.ts';
import type { AccountProfile, AccountProfileReplySchema } from '#domain/profiles.ts';
import { api } from '#web/lib/api-client.ts';

export type AccountProfileReply = z.infer<typeof AccountProfileReplySchema>;

/**
 * The profile as this page holds it: with `version`, the ETag of the version its reply carried, which
 * a save sends back as If-Match (a save over a version changed meanwhile elsewhere is refused, not
 * lost). Absent only for a profile put in the cache by other means: the save then goes unchecked.
 */
export type VersionedAccountProfile = AccountProfile & { version?: string };

/** The reply's profile with its version (the reply's `version`, the ETag header's value). */
export function versionedProfile(reply: VersionedProfileReply): VersionedAccountProfile {
  return { ...reply.profile, version: reply.version };
}

/** GET /api/auth/profile: the signed-in user plus, for providers, every provider field, and its version. */
export const getAccountProfile = async (): Promise<
  Omit<AccountProfileReply, 'profile'> & { profile: VersionedAccountProfile }
> => {
  const reply = await api<VersionedProfileReply>('/api/auth/profile', { auth: true });
  return { ...reply, profile: versionedProfile(reply) };
};

/** Keyed by user, so a different sign-in on the same page never shows the previous person's data. */
export const accountProfileKey = (userId: string) => ['account-profile', userId] as const;

export const accountProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: accountProfileKey(userId),
    queryFn: async () => (await getAccountProfile()).profile,
  });

export function useAccountProfile(userId: string | undefined) {
  return useQuery({ ...accountProfileQuery(userId ?? ''), enabled: Boolean(userId) });
}

/** The session keeps only the user fields (the header reads them); provider fields stay out of storage. */
export function sessionUserOf(profile: AccountProfile): User {
  const { id, name, email, avatar_url, user_type, role, routing_slug } = profile;
  return { id, name, email, avatar_url, user_type, role, routing_slug };
}
