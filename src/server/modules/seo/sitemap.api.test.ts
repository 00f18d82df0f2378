import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/client.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { TEST_PUBLIC_URL } from '#server/test/build-test-app.ts';
import { completeProfile, insertProvider, insertUser } from '#server/test/factories.ts';
import { buildSeoTestApp, checkSitemap, type SeoTestApp } from '#server/test/sitemap-check.ts';
import type { PlacePage } from './seo.service';

const INDEX =
  '<!doctype html><html><head><title>Glowfind</title></head><body><div id="root"></div></body></html>';
const PAGE_SIZE = 3;

/** The landing pages the sitemap is handed (the app hands it the real ones from modules/places). */
let places: PlacePage[] = [];

let t: SeoTestApp;
/** The routing slugs of the listed providers, in the order the files list them. */
let listed: string[] = [];
let unlisted: string[] = [];

beforeAll(async () => {
  t = await buildSeoTestApp({
    indexHtml: INDEX,
    sitemap: {
      pageSize: PAGE_SIZE,
      // Smaller than a file, so a file takes several keyset batches.
      batchSize: 2,
      // The landing-page list is made again at every catalogue version here; the describe below
      // tests the interval.
      placesRefreshMs: 0,
      placePages: async function* () {
        yield* places;
      },
    },
  });
  // 8 listed providers: files of 3, 3 and 2. One slug carries '&' (the API never makes one, the
  // database takes it): the XML must escape it.
  for (const name of ['Ada Hair', 'Bea Nails', 'Cy Barber', 'Dee Brows', 'Eve Lashes', 'Fay Spa', 'Gus Cuts'])
    listed.push((await insertProvider(t.db, { name })).routingSlug);
  listed.push((await insertProvider(t.db, { name: 'Hal & Co', routingSlug: 'hal&co' })).routingSlug);
  // Not listed: a provider without a priced service, an unverified one, and a client.
  const noService = await insertUser(t.db, { name: 'Ana No Service', userType: 'provider' });
  await t.db.insert(providerProfiles).values({ ...completeProfile(noService.id), pricing: [] });
  const unverified = await insertUser(t.db, {
    name: 'Ben Unverified',
    userType: 'provider',
    emailVerifiedAt: null,
  });
  await t.db.insert(providerProfiles).values(completeProfile(unverified.id));
  const client = await insertUser(t.db, { name: 'Cal Client' });
  unlisted = [noService.routingSlug, unverified.routingSlug, client.routingSlug];
  // The order the database sorts them in (its collation), which is the files' order.
  listed = rowsOf<{ slug: string }>(
    await t.db.execute(sql`SELECT routing_slug AS slug FROM users WHERE listed ORDER BY routing_slug`),
  ).map((r) => r.slug);
  expect(listed).toHaveLength(8);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function providerFiles() {
  const files: { name: string; entries: ReturnType<typeof checkSitemap> }[] = [];
  for (let n = 1; n <= 3; n++) {
    const res = await get(`/sitemaps/providers-${n}.xml`);
    expect(res.statusCode, res.body).toBe(200);
    files.push({ name: `providers-${n}.xml`, entries: checkSitemap(res.body, 'urlset') });
  }
  return files;
}

describe('GET /sitemap.xml', () => {
  it('is a sitemap index naming the pages and one providers file per 3 listed providers', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).not.toContain('<html');
    const entries = checkSitemap(res.body, 'sitemapindex');
    // No places file while the landing pages yield nothing.
    expect(entries.map((e) => e.loc)).toEqual([
      `${TEST_PUBLIC_URL}/sitemaps/pages.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/providers-1.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/providers-2.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/providers-3.xml`,
    ]);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
  });

  it('is no API route: left out of the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/health');
    expect(paths.filter((p) => /robots|sitemap/.test(p))).toEqual([]);
  });

  it('lists the fixed public pages in pages.xml, those the server renders (not /availability, drawn in the browser)', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    expect(checkSitemap(res.body, 'urlset').map((e) => e.loc)).toEqual(
      ['/', '/help', '/about', '/terms', '/privacy'].map((p) => `${TEST_PUBLIC_URL}${p}`),
    );
  });

  it('lists every listed provider once, 3 a file in slug order, with its last change, and no one else', async () => {
    const files = await providerFiles();
    expect(files.map((f) => f.entries.length)).toEqual([3, 3, 2]);
    const locs = files.flatMap((f) => f.entries.map((e) => e.loc));
    expect(locs).toEqual(listed.map((slug) => `${TEST_PUBLIC_URL}/${slug}`));
    for (const slug of unlisted) expect(locs).not.toContain(`${TEST_PUBLIC_URL}/${slug}`);
    // lastmod: the later of the account's and the profile's last update, to the second.
    const stored = rowsOf<{ slug: string; at: number }>(
      await t.db.execute(sql`
        SELECT u.routing_slug AS slug, extract(epoch FROM greatest(u.updated_at, p.updated_at))::float8 AS at
        FROM users u JOIN provider_profiles p ON p.user_id = u.id WHERE u.listed`),
    );
    const bySlug = new Map(files.flatMap((f) => f.entries).map((e) => [e.loc, e.lastmod]));
    expect(stored).toHaveLength(8);
    for (const row of stored) {
      const lastmod = bySlug.get(`${TEST_PUBLIC_URL}/${row.slug}`)!;
      expect(Math.floor(row.at) * 1000).toBe(Date.parse(lastmod));
    }
  });

  it('sends a file compressed as the client accepts, each coding with its own ETag', async () => {
    const plain = await get('/sitemaps/providers-1.xml');
    for (const [accept, coding, unpack] of [
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sitemaps/providers-1.xml',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(unpack(res.rawPayload).toString('utf8')).toBe(plain.body);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url: '/sitemaps/providers-1.xml',
        headers: { 'accept-encoding': accept, 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    // Refused by q=0: sent as it is.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    checkSitemap(refused.body, 'sitemapindex');
  });

  it("escapes '&' in a URL", async () => {
    const file = listed.indexOf('hal&co');
    const res = await get(`/sitemaps/providers-${Math.floor(file / PAGE_SIZE) + 1}.xml`);
    expect(res.body).toContain(`<loc>${TEST_PUBLIC_URL}/hal&amp;co</loc>`);
    expect(res.body).not.toContain('hal&co');
  });

  it('answers 404 for a providers file past the last one and for names it does not serve', async () => {
    for (const name of ['providers-4.xml', 'providers-0.xml', 'providers-01.xml', 'places-1.xml', 'x.xml']) {
      const res = await get(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    }
  });

  it('answers 304 to If-None-Match while nothing changed, and 200 with a new ETag after a listed provider changes', async () => {
    const first = await get('/sitemaps/providers-1.xml');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/sitemaps/providers-1.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Each file has its own validator.
    expect((await get('/sitemaps/providers-2.xml', { 'if-none-match': etag })).statusCode).toBe(200);

    const changed = listed[0]!;
    const [user] = await t.db.select().from(users).where(eq(users.routingSlug, changed));
    t.clock.advance(5_000);
    await t.db
      .update(providerProfiles)
      .set({ bio: 'Now with balayage.', updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(providerProfiles.userId, user!.id));
    const after = await get('/sitemaps/providers-1.xml', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const entry = checkSitemap(after.body, 'urlset').find((e) => e.loc === `${TEST_PUBLIC_URL}/${changed}`);
    const before = checkSitemap(first.body, 'urlset').find((e) => e.loc === `${TEST_PUBLIC_URL}/${changed}`);
    expect(Date.parse(entry!.lastmod!)).toBeGreaterThan(Date.parse(before!.lastmod!));
  });

  it('gives Last-Modified once its second is over and answers 304 to If-Modified-Since', async () => {
    await get('/sitemap.xml');
    t.clock.advance(2_000);
    const res = await get('/sitemap.xml');
    const lastModified = res.headers['last-modified'] as string;
    expect(Date.parse(lastModified)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await get('/sitemap.xml', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get('/sitemap.xml', { 'if-modified-since': older })).statusCode).toBe(200);
    // If-None-Match decides alone when both are sent.
    const both = await get('/sitemap.xml', { 'if-modified-since': lastModified, 'if-none-match': '"other"' });
    expect(both.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/sitemaps/providers-2.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers.etag).toBe((await get('/sitemaps/providers-2.xml')).headers.etag);
    expect(res.body).toBe('');
  });

  it('answers HEAD with the Content-Length of the bytes the GET sends, in each coding (it said 0)', async () => {
    for (const url of [
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/providers-1.xml',
      '/sitemaps/providers-3.xml',
    ]) {
      for (const accept of ['', 'gzip', 'gzip, br']) {
        const headers = accept ? { 'accept-encoding': accept } : {};
        const full = await t.app.inject({ method: 'GET', url, headers });
        expect(full.statusCode, url).toBe(200);
        // Asked twice: the second answer comes from the length kept under the ETag.
        for (const round of [1, 2]) {
          const head = await t.app.inject({ method: 'HEAD', url, headers });
          expect(head.statusCode, `${url} ${accept} ${round}`).toBe(200);
          expect(head.headers['content-length'], `${url} ${accept} ${round}`).toBe(
            String(full.rawPayload.length),
          );
          expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
          expect(head.headers.etag).toBe(full.headers.etag);
          expect(head.headers['content-encoding']).toBe(full.headers['content-encoding']);
          expect(head.rawPayload.length).toBe(0);
        }
      }
    }
  });

  it('answers HEAD with 304 while the client holds the file, and 404 for a file it does not serve', async () => {
    const etag = String((await get('/sitemaps/providers-1.xml')).headers.etag);
    const held = await t.app.inject({
      method: 'HEAD',
      url: '/sitemaps/providers-1.xml',
      headers: { 'if-none-match': etag },
    });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);
    expect((await t.app.inject({ method: 'HEAD', url: '/sitemaps/providers-9.xml' })).statusCode).toBe(404);
  });

  it('follows a provider who leaves the listing: files shrink and the last one goes', async () => {
    const gone = listed.pop()!;
    const [user] = await t.db.select().from(users).where(eq(users.routingSlug, gone));
    await t.db
      .update(providerProfiles)
      .set({ pricing: [], updatedAt: new Date() })
      .where(eq(providerProfiles.userId, user!.id));
    const removed = listed.splice(1, 1)[0]!;
    await t.db.delete(users).where(eq(users.routingSlug, removed));
    const index = checkSitemap((await get('/sitemap.xml')).body, 'sitemapindex');
    expect(index.map((e) => e.loc)).not.toContain(`${TEST_PUBLIC_URL}/sitemaps/providers-3.xml`);
    expect((await get('/sitemaps/providers-3.xml')).statusCode).toBe(404);
    // The second file first: its start is found without the first file having been read.
    const second = checkSitemap((await get('/sitemaps/providers-2.xml')).body, 'urlset');
    const first = checkSitemap((await get('/sitemaps/providers-1.xml')).body, 'urlset');
    expect([...first, ...second].map((e) => e.loc)).toEqual(
      listed.map((slug) => `${TEST_PUBLIC_URL}/${slug}`),
    );
  });

  it('lists the landing pages in places files once the source yields some', async () => {
    places = [
      { path: '/balayage/austin-tx', lastmod: new Date('2026-11-20T10:00:00Z') },
      { path: '/barbers/chicago-il', lastmod: new Date('2026-11-21T10:00:00Z') },
      { path: '/nails/austin-tx', lastmod: new Date('2026-11-22T10:00:00Z') },
      { path: '/hair-&-makeup/austin-tx', lastmod: new Date('2026-11-23T10:00:00Z') },
    ];
    // Landing pages follow the catalogue: a change to it is what brings new ones.
    await insertProvider(t.db, { name: 'Ivy Hair' });
    const index = checkSitemap((await get('/sitemap.xml')).body, 'sitemapindex');
    expect(index.map((e) => e.loc).slice(-2)).toEqual([
      `${TEST_PUBLIC_URL}/sitemaps/places-1.xml`,
      `${TEST_PUBLIC_URL}/sitemaps/places-2.xml`,
    ]);
    const first = checkSitemap((await get('/sitemaps/places-1.xml')).body, 'urlset');
    expect(first).toEqual([
      { loc: `${TEST_PUBLIC_URL}/balayage/austin-tx`, lastmod: '2026-11-20T10:00:00Z' },
      { loc: `${TEST_PUBLIC_URL}/barbers/chicago-il`, lastmod: '2026-11-21T10:00:00Z' },
      { loc: `${TEST_PUBLIC_URL}/nails/austin-tx`, lastmod: '2026-11-22T10:00:00Z' },
    ]);
    const second = await get('/sitemaps/places-2.xml');
    expect(second.body).toContain('/hair-&amp;-makeup/austin-tx</loc>');
    expect(checkSitemap(second.body, 'urlset')).toHaveLength(1);
    expect((await get('/sitemaps/places-3.xml')).statusCode).toBe(404);
  });
});

describe('the landing-page list at a large catalogue', () => {
  const REFRESH_MS = 15 * 60_000;
  const WAIT_MS = 300;
  let app: SeoTestApp;
  let source: PlacePage[] = [{ path: '/balayage/austin-tx', lastmod: new Date('2026-11-20T10:00:00Z') }];
  /** While set, making the list waits for it (an aggregate that takes longer than a request waits). */
  let hold: Promise<void> | null = null;
  let made = 0;

  beforeAll(async () => {
    app = await buildSeoTestApp({
      indexHtml: INDEX,
      sitemap: {
        pageSize: PAGE_SIZE,
        placesRefreshMs: REFRESH_MS,
        placesWaitMs: WAIT_MS,
        placePages: async function* () {
          made++;
          if (hold) await hold;
          yield* source;
        },
      },
    });
    await insertProvider(app.db, { name: 'Ada Hair' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const fetchText = async (url: string) => {
    const res = await app.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body, etag: res.headers.etag };
  };
  const placeLocs = async () => {
    const res = await fetchText('/sitemaps/places-1.xml');
    expect(res.status, res.body).toBe(200);
    return checkSitemap(res.body, 'urlset').map((e) => e.loc);
  };

  it('is made once for many files and requests, and again only after the interval once the catalogue changed', async () => {
    expect(await placeLocs()).toEqual([`${TEST_PUBLIC_URL}/balayage/austin-tx`]);
    await fetchText('/sitemap.xml');
    await placeLocs();
    expect(made).toBe(1);

    // A change to the catalogue within the interval: the list stays as it was.
    source = [...source, { path: '/barbers/chicago-il', lastmod: new Date('2026-11-21T10:00:00Z') }];
    await insertProvider(app.db, { name: 'Bea Nails' });
    expect(await placeLocs()).toEqual([`${TEST_PUBLIC_URL}/balayage/austin-tx`]);
    expect(made).toBe(1);

    // Past the interval it is made again, and the file's ETag follows it.
    const before = (await fetchText('/sitemaps/places-1.xml')).etag;
    app.clock.advance(REFRESH_MS + 1_000);
    expect(await placeLocs()).toEqual([
      `${TEST_PUBLIC_URL}/balayage/austin-tx`,
      `${TEST_PUBLIC_URL}/barbers/chicago-il`,
    ]);
    expect(made).toBe(2);
    expect((await fetchText('/sitemaps/places-1.xml')).etag).not.toBe(before);

    // Past the interval without a change to the catalogue: nothing to make.
    app.clock.advance(REFRESH_MS + 1_000);
    await placeLocs();
    expect(made).toBe(2);
  });

  it('answers from the previous list while a new one takes longer than a request waits', async () => {
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    source = [...source, { path: '/nails/austin-tx', lastmod: new Date('2026-11-22T10:00:00Z') }];
    await insertProvider(app.db, { name: 'Cy Barber' });
    app.clock.advance(REFRESH_MS + 1_000);

    const started = Date.now();
    expect(await placeLocs()).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
    // Another request joins the list being made rather than starting a second one.
    expect(await placeLocs()).toHaveLength(2);
    expect(made).toBe(3);

    hold = null;
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await placeLocs()).toHaveLength(3);
    expect(made).toBe(3);
  });
});
