import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';
import { loginWithCookie, logoutWithCookie, refreshWithCookie } from '#server/test/session-cookie.ts';
import { PRIVATE_CACHE_CONTROL } from './auth';
import { requiresSignIn } from './openapi';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

/**
 * Replies to a signed-in request carry `Cache-Control: private, no-store`, so no shared cache (a
 * CDN, a company proxy) keeps one person's profile, favourites or CSV for the next person, and the
 * browser keeps no copy on disk. One hook sends it (plugins/auth.ts); this walks every GET the
 * OpenAPI document marks as needing a bearer, so a route added later is covered without a new test.
 */

const ADMIN_EMAIL = uniqueEmail('private-admin');

let t: TestApp;
let client: VerifiedUser;
let provider: VerifiedUser;
let admin: VerifiedUser;
/** The client's conversation with the provider. */
let threadId: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  client = await createVerifiedUser(t);
  provider = await createVerifiedProvider(t);
  admin = await createVerifiedUser(t, { email: ADMIN_EMAIL });
  const sent = await t.post(
    '/api/messages',
    { providerId: provider.user.id, message: 'Hello' },
    { token: client.session.access_token },
  );
  expect(sent.status, sent.text).toBe(200);
  threadId = sent.body.threadId;
});
afterAll(() => t?.close());

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
}

/** The value a required parameter gets: the listed provider (the provider caller's own id), their conversation with the client. */
function parameterValue(parameter: Parameter): string {
  if (parameter.name === 'provider_id') return provider.user.id;
  if (parameter.name === 'id') return threadId;
  throw new Error(`no value for the required ${parameter.in} parameter ${parameter.name}: add one here`);
}

/** Every GET of the document that needs a bearer, as a URL with its required parameters filled in. */
async function authenticatedGets(): Promise<string[]> {
  const doc = (await t.get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) => {
    const op = operations.get;
    if (!op || !requiresSignIn(op.security)) return [];
    const required = (op.parameters ?? []).filter((p) => p.required);
    let url = path;
    const query = new URLSearchParams();
    for (const parameter of required) {
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, parameterValue(parameter));
      else if (parameter.in === 'query') query.set(parameter.name, parameterValue(parameter));
    }
    return [query.size > 0 ? `${url}?${query}` : url];
  });
}

describe('every authenticated GET of the OpenAPI document', () => {
  it("answers its own role 200 with 'private, no-store', and every other role's refusal the same way", async () => {
    const urls = await authenticatedGets();
    // The document lists the signed-in reads the review named, among others.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/auth/profile',
        '/api/favorites',
        '/api/saved-searches',
        '/api/blocked-providers',
        '/api/opening-alerts',
        `/api/reviews/eligibility?provider_id=${provider.user.id}`,
        '/api/booking-logs',
        `/api/insights?provider_id=${provider.user.id}`,
        `/api/insights/export?provider_id=${provider.user.id}`,
        '/api/admin/booking-logs/export',
        '/api/threads',
        `/api/threads/${threadId}`,
        '/api/push/devices',
      ]),
    );
    const roles = { client, provider, admin };
    const answered: Record<string, string[]> = {};
    for (const url of urls) {
      answered[url] = [];
      for (const [role, caller] of Object.entries(roles)) {
        const res = await t.get(url, { token: caller.session.access_token });
        expect(res.status, `${role} GET ${url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        expect(res.headers['cache-control'], `${role} GET ${url} (${res.status})`).toBe(
          PRIVATE_CACHE_CONTROL,
        );
        if (res.status === 200) answered[url].push(role);
      }
    }
    // Each read was seen answered for real, not only refused, by the role it is for.
    for (const url of urls) expect(answered[url], url).not.toEqual([]);
    expect(answered['/api/admin/booking-logs/export']).toEqual(['admin']);
    expect(answered[`/api/threads/${threadId}`]).toEqual(['client', 'provider']);
    expect(answered[`/api/insights/export?provider_id=${provider.user.id}`]).toEqual(['provider']);
  });

  it('answers a bearer that is not valid (401) privately too', async () => {
    for (const url of await authenticatedGets()) {
      const bogus = await t.get(url, { headers: { authorization: 'Bearer not-a-token' } });
      expect(bogus.status, url).toBe(401);
      expect(bogus.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
    }
  });
});

describe('replies that are public for visitors', () => {
  it('turn private for a signed-in viewer (the profile and the openings list), and stay public for a visitor', async () => {
    const slug = (await t.get('/api/auth/profile', { token: provider.session.access_token })).body.profile
      .routing_slug as string;
    for (const url of [`/api/user/${slug}`, '/api/last-minute-openings?zip=78701']) {
      const anonymous = await t.get(url);
      expect(anonymous.status, url).toBe(200);
      expect(anonymous.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      const signedIn = await t.get(url, { token: client.session.access_token });
      expect(signedIn.status, url).toBe(200);
      expect(signedIn.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
    }
    const reviews = `/api/reviews?provider_id=${provider.user.id}`;
    expect((await t.get(reviews)).headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const withBearer = await t.get(reviews, { token: client.session.access_token });
    expect(withBearer.status).toBe(200);
    expect(withBearer.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("the provider's own openings list (a bearer and ?provider_id=) is private", async () => {
    const res = await t.get(`/api/last-minute-openings?provider_id=${provider.user.id}`, {
      token: provider.session.access_token,
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });
});

describe('replies that hand out a session', () => {
  it('login, refresh and logout (the refresh cookie, the access token) are private', async () => {
    const login = await t.post('/api/auth/login', { email: client.email, password: client.password });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    const { refreshToken, session } = await loginWithCookie(t, client.email, client.password);
    const refreshed = await refreshWithCookie(t, refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    const out = await logoutWithCookie(t, undefined, session.access_token);
    expect(out.status).toBe(200);
    expect(out.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
  });
});
