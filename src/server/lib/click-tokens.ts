import { BOOKING_LIMITS } from '#domain/bookings-options.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { readPurposeToken, signPurposeToken } from './tokens';

/**
 * Click tokens (ADR 008): the profile and the openings lists hand a signed-in viewer a short-lived
 * token per provider, and the Book click sends it back. A click carrying a valid token for its
 * client and provider is logged `via_page`; only such clicks open a review. The token is a purpose
 * JWT (HS256, AUTH_SECRET): `sub` is the client, the fingerprint claim the provider. Several modules
 * hand them out (profiles, openings, saved searches) and bookings checks them, so they live here.
 */

const PURPOSE = 'booking-click' as const;

/** What signing and checking a token needs: the app's secret and clock (an AppContext has both). */
export interface TokenKeys {
  secret: Uint8Array;
  now: () => Date;
}

/** The click token for `viewer` on this provider's page; undefined for visitors and the provider. */
export async function clickTokenFor(
  ctx: TokenKeys,
  viewer: UserRow | null,
  providerId: string,
): Promise<string | undefined> {
  if (!viewer || viewer.id === providerId) return undefined;
  const { token } = await signPurposeToken(
    ctx.secret,
    { purpose: PURPOSE, sub: viewer.id, fingerprint: providerId },
    ctx.now(),
    BOOKING_LIMITS.clickTokenTtlSeconds,
  );
  return token;
}

/** Each item with the viewer's click token for its provider (one token per provider in the list). */
export async function withClickTokens<T extends { provider_id: string }>(
  ctx: TokenKeys,
  viewer: UserRow | null,
  items: T[],
): Promise<(T & { click_token?: string })[]> {
  if (!viewer) return items;
  const tokens = new Map<string, Promise<string | undefined>>();
  for (const item of items) {
    if (!tokens.has(item.provider_id))
      tokens.set(item.provider_id, clickTokenFor(ctx, viewer, item.provider_id));
  }
  return Promise.all(
    items.map(async (item) => {
      const token = await tokens.get(item.provider_id);
      return token ? { ...item, click_token: token } : item;
    }),
  );
}

/** True when `token` is an unexpired click token of this client for this provider. */
export async function isValidClickToken(
  ctx: TokenKeys,
  token: string | undefined,
  clientId: string,
  providerId: string,
): Promise<boolean> {
  if (!token) return false;
  const claims = await readPurposeToken(
    ctx.secret,
    token,
    { purpose: PURPOSE, fingerprint: providerId },
    ctx.now(),
  );
  return claims !== null && claims.sub === clientId;
}
