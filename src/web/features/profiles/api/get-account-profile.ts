import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '#domain/auth.ts';
import type { AccountProfile, AccountProfileReplySchema } from '#domain/profiles.ts';
import { api } from '#web/lib/api-client.ts';

export type AccountProfileReply = z.infer<typeof AccountProfileReplySchema>;

/** GET /api/auth/profile: the signed-in user plus, for providers, every provider field. */
export const getAccountProfile = () => api<AccountProfileReply>('/api/auth/profile', { auth: true });

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
