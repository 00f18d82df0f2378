import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#domain/auth.ts';

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
  // A session saved by the app before the refresh token moved to the HttpOnly cookie.
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

describe('the stored session', () => {
  it('drops a refresh token left in storage by an older version, and keeps the rest', () => {
    expect(session.getSession()).toEqual({ access_token: 'a.b.c', expires_at: 1, user });
    expect(storage.getItem('glowfind.session')).not.toContain('old-refresh');
    expect(JSON.parse(storage.getItem('glowfind.session')!)).toEqual({
      access_token: 'a.b.c',
      expires_at: 1,
      user,
    });
  });

  it('stores only the access token, its expiry and the user, whatever else a reply carries', () => {
    session.setSession({ access_token: 'd.e.f', expires_at: 2, user, refresh_token: 'x' } as Session);
    expect(JSON.parse(storage.getItem('glowfind.session')!)).toEqual({
      access_token: 'd.e.f',
      expires_at: 2,
      user,
    });
  });
});
