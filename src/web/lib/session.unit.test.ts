import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#domain/auth.ts';
import { SIGNED_IN_KEY } from '#domain/auth-options.ts';

/** A Storage over a Map: this project runs in node, where there is no localStorage. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  keys() {
    return this.items.keys();
  }
}

const user = {
  id: 'u-1',
  name: 'Ada',
  email: 'ada@example.test',
  avatar_url: null,
  user_type: 'client' as const,
  role: 'user' as const,
  routing_slug: 'ada',
};
const storage = new MemoryStorage();
let session: typeof import('./session');

beforeAll(async () => {
  // A session saved by an earlier version: the whole session, access token (and older still, the
  // refresh token) included.
  storage.setItem(
    'glowfind.session',
    JSON.stringify({ access_token: 'a.b.c', refresh_token: 'old-refresh', expires_at: 1, user }),
  );
  (globalThis as { localStorage?: unknown }).localStorage = storage;
  session = await import('./session');
});
// Unit files share a worker (isolate: false): leave no global behind.
afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('the session in memory, the hint in storage', () => {
  it("removes an earlier version's stored session, tokens and all, and keeps only that someone was signed in", () => {
    expect(storage.getItem('glowfind.session')).toBeNull();
    expect(storage.getItem(SIGNED_IN_KEY)).toBe('u-1');
    // No token survives the load: the page resumes through the refresh cookie instead.
    expect(session.getSession()).toBeNull();
    expect(session.hasSignedInHint()).toBe(true);
  });

  it('keeps the access token in memory only: storage holds the user id, whatever the reply carries', () => {
    session.setSession({ access_token: 'd.e.f', expires_at: 2, user, refresh_token: 'x' } as Session);
    expect(session.getSession()).toEqual({ access_token: 'd.e.f', expires_at: 2, user });
    expect([...storage.keys()]).toEqual([SIGNED_IN_KEY]);
    expect(storage.getItem(SIGNED_IN_KEY)).toBe('u-1');
    session.updateSessionUser({ ...user, name: 'Ada L.' });
    expect([...storage.keys()]).toEqual([SIGNED_IN_KEY]);
    expect(storage.getItem(SIGNED_IN_KEY)).toBe('u-1');
  });

  it('forgets both on sign-out', () => {
    session.clearSession();
    expect(session.getSession()).toBeNull();
    expect(session.hasSignedInHint()).toBe(false);
    expect([...storage.keys()]).toEqual([]);
  });
});
