import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '../../../../domain/profiles';
import { api } from '../../../lib/api-client';

/** GET /api/user/{slug}: the public profile anyone may see; an unknown slug is ApiError 404 NOT_FOUND. */
export async function getPublicProfile(slug: string, signal?: AbortSignal): Promise<PublicProfile> {
  const reply = await api<{ success: true; profile: PublicProfile }>(
    `/api/user/${encodeURIComponent(slug)}`,
    {
      ...(signal ? { signal } : {}),
    },
  );
  return reply.profile;
}

/** Key prefix shared by every public profile, so the account page can invalidate them after a save. */
export const PUBLIC_PROFILE_KEY = ['profiles', 'public'] as const;

export function publicProfileQuery(slug: string) {
  return queryOptions({
    queryKey: [...PUBLIC_PROFILE_KEY, slug],
    queryFn: ({ signal }) => getPublicProfile(slug, signal),
    // An owner who just saved the account page must see the change here; the call is cheap.
    staleTime: 0,
  });
}

export function usePublicProfile(slug: string) {
  return useQuery(publicProfileQuery(slug));
}
