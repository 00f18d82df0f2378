import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL } from '#server/test/build-test-app.ts';
import { buildSeoTestApp, type SeoTestApp } from '#server/test/sitemap-check.ts';

const INDEX =
  '<!doctype html><html><head><title>Glowfind</title></head><body><div id="root"></div></body></html>';

/** The rules of a robots.txt: one [field, value] per non-empty line. */
const rules = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as const;
    });

describe('GET /robots.txt', () => {
  let t: SeoTestApp;
  beforeAll(async () => {
    t = await buildSeoTestApp({ indexHtml: INDEX });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows the public pages, disallows the private ones and query strings, names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).not.toContain('<html');
    const lines = rules(res.body);
    expect(lines[0]).toEqual(['User-agent', '*']);
    const disallowed = lines.filter(([field]) => field === 'Disallow').map(([, value]) => value);
    for (const path of [
      '/account',
      '/settings',
      '/messages',
      '/email-change',
      '/admin',
      '/reset-password',
      '/unsubscribe',
    ])
      expect(disallowed).toEqual(expect.arrayContaining([`${path}$`, `${path}/`]));
    expect(disallowed).toEqual(expect.arrayContaining(['/api/', '/*?']));
    // Nothing public is disallowed: not the home page, a profile, a fixed page or the assets.
    expect(disallowed).not.toContain('/');
    for (const rule of disallowed)
      for (const open of ['/help', '/availability', '/about', '/jane-doe', '/adminah-hair', '/assets/app.js'])
        expect(matches(rule, open), `${rule} blocks ${open}`).toBe(false);
    // And the private ones are blocked, with their sub-paths and any query string.
    for (const closed of [
      '/account',
      '/admin/users',
      '/messages/0f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f',
      '/api/search',
      '/reset-password',
      '/settings',
      '/email-change',
      '/?q=hair',
      '/jane?x=1',
    ])
      expect(
        disallowed.some((rule) => matches(rule, closed)),
        closed,
      ).toBe(true);
    expect(lines.filter(([field]) => field === 'Sitemap')).toEqual([
      ['Sitemap', `${TEST_PUBLIC_URL}/sitemap.xml`],
    ]);
  });

  it('is not the HTML app, and HEAD answers too', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(head.body).toBe('');
  });
});

describe('GET /robots.txt behind the beta gate', () => {
  let t: SeoTestApp;
  beforeAll(async () => {
    t = await buildSeoTestApp({ env: { BETA_PASSWORD: 'early-bird-pass' }, indexHtml: INDEX });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is answered without the gate token and disallows everything, naming no sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(rules(res.body)).toEqual([
      ['User-agent', '*'],
      ['Disallow', '/'],
    ]);
    expect(res.body).not.toContain('Sitemap');
  });

  it('answers the sitemaps 404, not the app HTML', async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/providers-1.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<html');
      expect(res.body).not.toContain('<urlset');
    }
  });
});

/** A robots.txt rule against a path with its query (RFC 9309 §2.2.2–2.2.3: '*' any run, '$' the end). */
function matches(rule: string, pathAndQuery: string): boolean {
  // '$' is left as it is: it is the regular expression's end too.
  const pattern = rule.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${pattern}`).test(pathAndQuery);
}
