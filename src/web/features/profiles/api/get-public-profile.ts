import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { BOOKING_LIMITS } from '#domain/bookings-options.ts';
import type { PublicProfile, PublicProfileReplySchema } from '#domain/profiles.ts';
import { api } from '#web/lib/api-client.ts';
import { PUBLIC_PROFILE_KEY } from '#web/lib/query-keys.ts';
import { getSession, useSession } from '#web/lib/session.ts';

/**
 * GET /api/user/{slug}: the public profile anyone may see; an unknown slug is ApiError 404
 * NOT_FOUND. Signed in, the call carries the session, and the reply the click token the Book
 * buttons send with the click (ADR 008).
 */
export async function getPublicProfile(slug: string, signal?: AbortSignal): Promise<PublicProfile> {
  const reply = await api<z.infer<typeof PublicProfileReplySchema>>(`/api/user/${encodeURIComponent(slug)}`, {
    auth: getSession() !== null,
    ...(signal ? { signal } : {}),
  });
  return reply.profile;
}

/**
 * A click token lives 2 hours: a page left open fetches the profile again when it is next looked
 * at after an hour (a click without a valid token still counts, but opens no review).
 */
const refetchForClickToken = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > BOOKING_LIMITS.clickTokenRefreshSeconds * 1000;

/** Keyed by the viewer too: the reply differs (the click token) for each signed-in user. */
export function publicProfileQuery(slug: string, viewerId: string | null = getSession()?.user.id ?? null) {
  return queryOptions({
    queryKey: [...PUBLIC_PROFILE_KEY, slug, viewerId],
    queryFn: ({ signal }) => getPublicProfile(slug, signal),
    // An owner who just saved the account page must see the change here; the call is cheap. A
    // visitor's copy keeps the app's usual 30 s (query-client.ts): a server-rendered profile is not
    // fetched again as soon as it hydrates (the same reply, a second render on a slow phone).
    staleTime: viewerId ? 0 : 30_000,
    refetchOnWindowFocus: viewerId ? refetchForClickToken : false,
  });
}

export function usePublicProfile(slug: string) {
  const viewerId = useSession()?.user.id ?? null;
  const query = publicProfileQuery(slug, viewerId);
  // A server-rendered profile hydrates as the visitor's view; a signed-in viewer's own reply then
  // replaces it without the page going back to its loading state (ADR 017). Only the same slug's.
  return useQuery({
    ...query,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[PUBLIC_PROFILE_KEY.length] === slug ? previous : undefined,
  });
}
