import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#domain/auth.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SIGNED_IN_KEY } from '#domain/auth-options.ts';
import { stubFetch } from '#web/test/render.tsx';

/**
 * The access token lives in the page's memory only (an XSS that reads storage finds none): a page
 * load while this browser is signed in (the hint in localStorage, the user's id) gets its token
 * through the HttpOnly refresh cookie before its first signed-in call. Each test loads the modules
 * afresh, as a page load does; the modules of earlier tests still listen to storage events, so the
 * tests that send one come first, while those modules hold no session to resume.
 */

const USER_ID = 'client-1';
const fresh = (token: string): Session => ({
  access_token: token,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: {
    id: USER_ID,
    name: 'Ana Lima',
    email: 'ana@example.com',
    avatar_url: null,
    user_type: 'client',
    role: 'user',
    routing_slug: 'ana-lima',
  },
});
const REFRESHED = { body: { success: true, message: 'Session refreshed', session: fresh('from-cookie') } };
const REFUSED = {
  status: 401,
  body: { success: false, error: 'UNAUTHORIZED', message: 'Session expired. Please log in again.' },
};

/** The app's modules as a new page load finds them, with `hint` in storage (or none). */
async function loadPage(hint: string | null) {
  vi.resetModules();
  // As theme-init.js marks the page before its first paint.
  if (hint !== null) {
    localStorage.setItem(SIGNED_IN_KEY, hint);
    document.documentElement.dataset.session = 'stored';
  }
  const session = await import('./session');
  const client = await import('./api-client');
  return { session, client };
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  delete document.documentElement.dataset.session;
});

describe('another tab', () => {
  it('signing in makes this tab resume the session through the shared cookie', async () => {
    const requests = stubFetch((r) => (r.path === '/api/auth/refresh' ? REFRESHED : undefined));
    const { session } = await loadPage(null);
    localStorage.setItem(SIGNED_IN_KEY, USER_ID);
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_KEY, newValue: USER_ID }));
    await vi.waitFor(() => expect(session.getSession()?.access_token).toBe('from-cookie'));
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/refresh']);
  });

  it("signing out ends this tab's session without a call", async () => {
    const requests = stubFetch(() => undefined);
    const { session } = await loadPage(null);
    session.setSession(fresh('in-memory'));
    localStorage.removeItem(SIGNED_IN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_KEY, newValue: null }));
    expect(session.getSession()).toBeNull();
    expect(session.hasSignedInHint()).toBe(false);
    expect(requests).toEqual([]);
  });
});

describe('a page load while signed in', () => {
  it('refreshes through the cookie once, then calls with the new bearer; storage never holds a token', async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/auth/refresh') return REFRESHED;
      if (r.path === '/api/favorites/ids') return { body: { success: true, providerIds: [] } };
      return undefined;
    });
    const { session, client } = await loadPage(USER_ID);
    expect(session.getSession()).toBeNull();
    const calls = await Promise.all([
      client.api('/api/favorites/ids', { auth: true }),
      client.api('/api/favorites/ids', { auth: true }),
    ]);
    expect(calls).toHaveLength(2);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/favorites/ids',
      'GET /api/favorites/ids',
    ]);
    expect(requests[0]!.headers[CSRF_HEADER]).toBe(CSRF_HEADER_VALUE);
    expect(requests[0]!.headers.authorization).toBeUndefined();
    expect(requests[1]!.headers.authorization).toBe('Bearer from-cookie');
    expect(session.getSession()?.access_token).toBe('from-cookie');
    expect({ ...localStorage }).toEqual({ [SIGNED_IN_KEY]: USER_ID });
    // The header's visitor buttons may show again: the session is known.
    expect(document.documentElement.dataset.session).toBeUndefined();
  });

  it('ends the session when the cookie is refused: the hint goes, the expiry is announced, no call is sent', async () => {
    const requests = stubFetch((r) => (r.path === '/api/auth/refresh' ? REFUSED : undefined));
    const { session, client } = await loadPage(USER_ID);
    const expired = vi.fn();
    session.onSessionExpired(expired);
    const error = await client.api('/api/favorites/ids', { auth: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/refresh']);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(session.hasSignedInHint()).toBe(false);
    expect({ ...localStorage }).toEqual({});
    expect(document.documentElement.dataset.session).toBeUndefined();
  });

  it('keeps the hint when the refresh cannot be asked (offline): the next load tries again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { session, client } = await loadPage(USER_ID);
    expect(await client.resumeSession()).toBeNull();
    const error = await client.api('/api/favorites/ids', { auth: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(session.hasSignedInHint()).toBe(true);
    expect({ ...localStorage }).toEqual({ [SIGNED_IN_KEY]: USER_ID });
  });

  it('asks nothing of a visitor (no hint): no refresh on load', async () => {
    const requests = stubFetch(() => undefined);
    const { client } = await loadPage(null);
    expect(await client.resumeSession()).toBeNull();
    const error = await client.api('/api/favorites/ids', { auth: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(requests).toEqual([]);
  });
});
