import { ADMIN_ACCESS_HEADER } from '#domain/admin-options.ts';

/**
 * The token of the 'Admin Access' step (docs/product.md §4 'Admin page': the original kept a flag). The
 * server hands it out for the right ADMIN_PASSWORD; it lives in sessionStorage, so it ends with the
 * tab, and is sent in the x-admin-access header on admin calls until it expires or is refused.
 */
export const ADMIN_ACCESS_KEY = 'glowfind.admin-access';

interface StoredAccess {
  access_token: string;
  /** Epoch seconds, as the server sends it. */
  expires_at: number;
}

/** The stored token while it is still valid; an expired or unreadable one is dropped. */
export function getAdminAccessToken(nowMs = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(ADMIN_ACCESS_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredAccess> | null;
    if (
      typeof value?.access_token === 'string' &&
      typeof value.expires_at === 'number' &&
      value.expires_at * 1000 > nowMs
    )
      return value.access_token;
    sessionStorage.removeItem(ADMIN_ACCESS_KEY);
    return null;
  } catch {
    return null;
  }
}

export function setAdminAccess({ access_token, expires_at }: StoredAccess): void {
  try {
    sessionStorage.setItem(ADMIN_ACCESS_KEY, JSON.stringify({ access_token, expires_at }));
  } catch {
    // Storage full or blocked: the step is asked again on the next visit, nothing worse.
  }
}

export function clearAdminAccess(): void {
  try {
    sessionStorage.removeItem(ADMIN_ACCESS_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Headers for an admin call: the token when there is one. */
export function adminAccessHeaders(): Record<string, string> {
  const token = getAdminAccessToken();
  return token ? { [ADMIN_ACCESS_HEADER]: token } : {};
}
