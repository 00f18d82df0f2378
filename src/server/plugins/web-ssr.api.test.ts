import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { SSR_STATE_ID, type SsrRenderer } from '#domain/ssr.ts';
import { reviews, users } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '../test/factories';
import { webRenderer } from '../test/web-renderer';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

/**
 * Profiles rendered on the server (ADR 017): the web app's own components, from
 * the data the page then embeds for hydration, kept under the catalogue version like the API's
 * public replies, compressed once, with an ETag per coding.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Find independent beauty professionals." />
    <title>Glowfind · Search Smarter. Book Better.</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/assets/app.js"></script>
  </body>
</html>`;

const HOSTILE = '</script><script>alert(1)</script><!--';

let t: TestApp;
let provider: VerifiedUser;
let real: SsrRenderer;
/** Every address the server asked the app to render, in order. */
const rendered: string[] = [];
beforeAll(async () => {
  real = await webRenderer();
  const renderer: SsrRenderer = {
    render: (url, page, links) => {
      rendered.push(url);
      return real.render(url, page, links);
    },
  };
  t = await buildTestApp({ indexHtml: INDEX, renderer });
  provider = await createVerifiedProvider(t, { name: 'Amara Okafor', selected_categories: ['hair'] });
  const saved = await t.put(
    '/api/auth/profile',
    {
      bio: `Loc specialist. ${HOSTILE}`,
      pricing: [
        {
          service: 'Starter Locs',
          description: 'Comb coils',
          priceType: 'fixed',
          minPrice: 150,
          durationMin: 180,
          bookingLink: 'https://book.example.com/amara/starter-locs',
        },
        {
          service: 'Retwist',
          description: 'Palm roll',
          priceType: 'range',
          minPrice: 80,
          maxPrice: 120,
          durationMin: 90,
          durationMax: 120,
        },
      ],
    },
    { token: provider.session.access_token },
  );
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const slugOf = () => provider.user.routing_slug as string;

/**
 * The server's not-found answer: its head, never indexed, and the state to hydrate it as it is
 * ('empty-landing' for a known service in a known place with nobody there, else 'not-found').
 */
function expectNotFoundPage(html: string, path: string, route: 'not-found' | 'empty-landing' = 'not-found') {
  expect(html, path).toContain('<title>Page not found · Glowfind</title>');
  expect(html, path).toContain('<meta name="robots" content="noindex" />');
  expect(stateOf(html), path).toEqual({ route, queries: [] });
}
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script id="${SSR_STATE_ID}"`));
const stateOf = (html: string) => {
  const match = new RegExp(`<script id="${SSR_STATE_ID}" type="application/json">(.*?)</script>`, 's').exec(
    html,
  );
  return JSON.parse(match![1]!) as {
    route: string;
    queries: { key: unknown[]; data: Record<string, unknown> }[];
  };
};

// First in the file: which not-found page the server keeps must not depend on the first address asked.
describe('a single segment that is no slug', () => {
  it("is the profile route's not-found page naming it, and does not become the 'Oops!' page kept for longer addresses", async () => {
    const res = await t.get('/favicon-x.ico');
    expect(res.status).toBe(404);
    expectNotFoundPage(res.text, '/favicon-x.ico');
    expect(rootOf(res.text)).toMatch(/<h1[^>]*>Profile Not Found<\/h1>/);
    expect(rootOf(res.text).replaceAll('<!-- -->', '')).toContain('Could not find user favicon-x.ico');
    const longer = await t.get('/no/such-page-after-x');
    expect(longer.status).toBe(404);
    expect(rootOf(longer.text)).toMatch(/<h1[^>]*>Oops!<\/h1>/);
  });
});

describe('GET /{slug} rendered on the server', () => {
  it('has the profile in the HTML: one h1 with the name, the services, the bio, and the head', async () => {
    const res = await t.get(`/${slugOf()}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const root = rootOf(res.text);
    expect(root.match(/<h1[^>]*>/g)).toHaveLength(1);
    expect(root).toMatch(/<h1[^>]*>Amara Okafor<\/h1>/);
    for (const text of [
      'Starter Locs',
      '$150',
      'Retwist',
      '$80 - $120',
      'Loc specialist.',
      'Book Appointment',
      // Each service's duration, as the one formatter writes it.
      '3 h',
      '1 h 30 min–2 h',
    ]) {
      expect(root, text).toContain(text);
    }
    // Starter Locs has a link of its own: its Book, named for it, behind the same login wall (a
    // visitor gets the button asking to log in, not the link). Retwist has none.
    expect(root).toMatch(/Book<span class="sr-only"> (<!-- -->)?Starter Locs<\/span><\/button>/);
    expect(root).not.toMatch(/sr-only"> (<!-- -->)?Retwist</);
    // The head is the profile's (profiles.seo.ts), and the page stays whole.
    expect(res.text).toContain(
      '<title>Amara Okafor · Hair professional in Austin, TX 78701 | Glowfind</title>',
    );
    expect(res.text).toContain(`<link rel="canonical" href="${t.config.publicUrl}/${slugOf()}" />`);
    expect(res.text.split('<div id="root">')).toHaveLength(2);
    expect(res.text.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('loads its script at low priority, after the stylesheet and pictures; a client-rendered page does not', async () => {
    const res = await t.get(`/${slugOf()}`);
    expect(res.text).toContain('<script type="module" fetchpriority="low" src="/assets/app.js"></script>');
    expect(res.text.match(/<script type="module"/g)).toHaveLength(1);
    // The account page is drawn by the script: it keeps its default priority.
    const account = await t.get('/account');
    expect(account.status).toBe(200);
    expect(account.text).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('embeds the data it was rendered from once, as the visitor sees it, for hydration', async () => {
    const res = await t.get(`/${slugOf()}`);
    const state = stateOf(res.text);
    expect(state.queries).toHaveLength(2);
    const [query, reviewsQuery] = state.queries;
    // The key the browser's first render asks for: the visitor's view (no viewer id).
    expect(query!.key).toEqual(['profiles', 'public', slugOf(), null]);
    const api = await t.get(`/api/user/${slugOf()}`);
    expect(query!.data).toEqual(api.body.profile);
    expect(query!.data).not.toHaveProperty('click_token');
    // The first page of reviews, as GET /api/reviews answers it, so the page does not ask again.
    expect(reviewsQuery!.key).toEqual(['reviews', provider.user.id, 'list']);
    const reviewsApi = await t.get(
      `/api/reviews?provider_id=${provider.user.id}&limit=${REVIEW_LIMITS.pageDefault}`,
    );
    expect(reviewsQuery!.data).toEqual({ pages: [reviewsApi.body], pageParams: [null] });
  });

  it('has the first page of reviews in the HTML, and a new review on the very next request', async () => {
    const before = await t.get(`/${slugOf()}`);
    expect(rootOf(before.text)).toContain('No reviews yet');
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Robin Client' } });
    await t.db.insert(reviews).values({
      providerId: provider.user.id,
      clientId: client.user.id,
      rating: 4,
      text: 'Neat parts and gentle on my edges.',
    });
    const after = await t.get(`/${slugOf()}`);
    const root = rootOf(after.text);
    expect(root).toContain('Neat parts and gentle on my edges.');
    expect(root).toContain('Robin C.');
    expect(root).not.toContain('No reviews yet');
    const data = stateOf(after.text).queries[1]!.data as { pages: { reviews: { text: string }[] }[] };
    expect(data.pages[0]!.reviews.map((r) => r.text)).toEqual(['Neat parts and gentle on my edges.']);
    await t.db.delete(reviews).where(eq(reviews.providerId, provider.user.id));
  });

  it("shows a reviewer's new name on the very next request, though reviewers are never listed", async () => {
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Dana Client' } });
    await t.db.insert(reviews).values({
      providerId: provider.user.id,
      clientId: client.user.id,
      rating: 5,
      text: 'Crisp line-up.',
    });
    const reviewers = async () => {
      const api = await t.get(`/api/reviews?provider_id=${provider.user.id}`);
      return {
        page: rootOf((await t.get(`/${slugOf()}`)).text),
        api: api.body.reviews.map((r: { reviewer_name: string }) => r.reviewer_name),
      };
    };
    const before = await reviewers();
    expect(before.page).toContain('Dana C.');
    expect(before.api).toEqual(['Dana C.']);
    const renamed = await t.put(
      '/api/auth/profile',
      { name: 'Morgan Client' },
      { token: client.session.access_token },
    );
    expect(renamed.status, renamed.text).toBe(200);
    const after = await reviewers();
    expect(after.page).toContain('Morgan C.');
    expect(after.page).not.toContain('Dana C.');
    expect(after.api).toEqual(['Morgan C.']);
    await t.db.delete(reviews).where(eq(reviews.providerId, provider.user.id));
  });

  it('lets no user text end a script or open markup: the bio is text in both places', async () => {
    const res = await t.get(`/${slugOf()}`);
    // In the app's HTML, escaped as text…
    expect(rootOf(res.text)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    // …and in the JSON, with <, > and & as \u escapes.
    expect(res.text).not.toContain(HOSTILE);
    expect(stateOf(res.text).queries[0]!.data.bio).toBe(`Loc specialist. ${HOSTILE}`);
    // Only the page's own scripts: the module entry, the JSON-LD (business, breadcrumbs) and the state.
    expect(res.text.match(/<script\b/g)).toHaveLength(4);
  });

  it('answers 304 to its ETag and shows a change on the very next request', async () => {
    const first = await t.get(`/${slugOf()}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=5');
    const again = await t.get(`/${slugOf()}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const saved = await t.put(
      '/api/auth/profile',
      { bio: 'Loc specialist, now also silk presses.' },
      { token: provider.session.access_token },
    );
    expect(saved.status).toBe(200);
    const changed = await t.get(`/${slugOf()}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(rootOf(changed.text)).toContain('Loc specialist, now also silk presses.');
    expect(stateOf(changed.text).queries[0]!.data.bio).toBe('Loc specialist, now also silk presses.');
  });

  it('sends brotli or gzip as accepted, each with its own ETag, and the same page inside', async () => {
    const plain = await t.get(`/${slugOf()}`);
    const br = await t.app.inject({
      method: 'GET',
      url: `/${slugOf()}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.text);
    expect(br.rawPayload.length).toBeLessThan(plain.text.length / 3);
    const gz = await t.app.inject({
      method: 'GET',
      url: `/${slugOf()}`,
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.text);
    const etags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(etags.size).toBe(3);
    const again = await t.app.inject({
      method: 'GET',
      url: `/${slugOf()}`,
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 with the profile's not-found page for a profile that is not listed or a slug that names nobody", async () => {
    const unlisted = await createVerifiedProvider(t, { name: 'Not Yet Listed' }, { listed: false });
    for (const path of [`/${unlisted.user.routing_slug}`, '/no-such-provider-here']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(404);
      expectNotFoundPage(res.text, path);
      // Readable without JavaScript: the profile route's own not-found state, in the HTML.
      expect(rootOf(res.text), path).toMatch(/<h1[^>]*>Profile Not Found<\/h1>/);
      expect(rootOf(res.text), path).not.toContain('Not Yet Listed');
    }
  });
});

describe('GET /{topic}/{place} rendered on the server', () => {
  it('has the heading, the figures, the cards and the JSON-LD in the HTML, and the data for hydration', async () => {
    // A picture for the card, and so for the page's Open Graph image, named in its alt text.
    await t.db
      .update(users)
      .set({ avatarUrl: '/uploads/avatar/x/amara.webp' })
      .where(eq(users.id, provider.user.id));
    const res = await t.get('/hair-stylists/austin-tx');
    expect(res.text).toContain(
      `<meta property="og:image" content="${t.config.publicUrl}/uploads/avatar/x/amara.webp" />`,
    );
    expect(res.text).toContain('<meta property="og:image:alt" content="Amara Okafor" />');
    expect(res.status).toBe(200);
    const root = rootOf(res.text);
    expect(root.match(/<h1[^>]*>/g)).toHaveLength(1);
    expect(root).toMatch(/<h1[^>]*>Hair Stylists in Austin, TX<\/h1>/);
    expect(root).toContain('Amara Okafor');
    expect(root).toContain(`href="/${slugOf()}"`);
    expect(res.text).toContain('<title>Hair Stylists in Austin, TX | Glowfind</title>');
    expect(res.text).toContain(
      `<link rel="canonical" href="${t.config.publicUrl}/hair-stylists/austin-tx" />`,
    );
    const jsonLd = [...res.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const list = jsonLd.find((j) => j['@type'] === 'ItemList') as {
      itemListElement: { url: string; item: Record<string, unknown> }[];
    };
    const entry = list.itemListElement.find((e) => e.url === `${t.config.publicUrl}/${slugOf()}`);
    expect(entry?.item.name).toBe('Amara Okafor');
    // No reviews: no rating is claimed.
    expect(entry?.item).not.toHaveProperty('aggregateRating');
    expect(jsonLd.some((j) => j['@type'] === 'BreadcrumbList')).toBe(true);

    const api = await t.get('/api/places/hair-stylists/austin-tx');
    const [query] = stateOf(res.text).queries;
    expect(query!.key).toEqual(['places', 'landing', 'hair-stylists', 'austin-tx']);
    expect(query!.data).toEqual({ pages: [api.body], pageParams: [null] });
  });

  it('answers 404 with a not-found page for an empty or unknown page, and 301 to the lower-case address', async () => {
    // A service and a place we know, with nobody there yet: the landing route says so.
    for (const path of ['/barbers/austin-tx', '/hair-stylists/nome-ak', '/balayage/chicago-il']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(404);
      expectNotFoundPage(res.text, path, 'empty-landing');
      expect(rootOf(res.text), path).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(rootOf(res.text), path).toContain('We have no providers for this service in this place yet.');
      expect(rootOf(res.text), path).not.toContain('Oops!');
    }
    // Two segments that are not a known service and a known place (though shaped like one), or more
    // segments: the app's 'Oops!' page.
    for (const path of [
      '/hair-stylists/nowhere-zz',
      '/balayage/atlantis-zz',
      '/no-such-topic/austin-tx',
      '/no/such-page-x',
      '/some/deeper/path',
    ]) {
      const res = await t.get(path);
      expect(res.status, path).toBe(404);
      expectNotFoundPage(res.text, path);
      expect(rootOf(res.text), path).toMatch(/<h1[^>]*>Oops!<\/h1>/);
      expect(rootOf(res.text), path).toContain('Return home');
      expect(rootOf(res.text), path).not.toContain('We have no providers');
    }
    const moved = await t.get('/Hair-Stylists/Austin-TX/?ref=mail');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/hair-stylists/austin-tx?ref=mail');
    const profile = await t.get(`/${slugOf().toUpperCase()}`);
    expect(profile.status).toBe(301);
    expect(profile.headers.location).toBe(`/${slugOf()}`);
  });
});

describe('not-found pages', () => {
  const NOT_FOUND = { kind: 'fixed', route: 'not-found' } as const;
  const EMPTY_LANDING = { kind: 'fixed', route: 'empty-landing' } as const;

  it("are the same page for every address of a kind (a profile's names its slug), which is what lets the server keep them", async () => {
    const html = async (url: string, page: typeof NOT_FOUND | typeof EMPTY_LANDING = NOT_FOUND) =>
      (await real.render(url, page, {})).html;
    // The 'Oops!' page, whichever address it is first rendered at: a place we do not know is one.
    const oops = await html('/no/such-page-x');
    expect(oops).toMatch(/<h1[^>]*>Oops!<\/h1>/);
    expect(await html('/some/deeper/path')).toBe(oops);
    expect(await html('/hair-stylists/nowhere-zz')).toBe(oops);
    const empty = await html('/barbers/austin-tx', EMPTY_LANDING);
    expect(empty).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(await html('/hair-stylists/nome-ak', EMPTY_LANDING)).toBe(empty);
    const one = await html('/nobody-one');
    expect(one).toContain('nobody-one');
    expect((await html('/nobody-two')).replaceAll('nobody-two', 'nobody-one')).toBe(one);
  });

  it('are rendered once per kind of address: a flood of unknown addresses costs no render each', async () => {
    // Per kind, the addresses asked first, then others of the same kind, and the state they hydrate as.
    const kinds = [
      {
        first: ['/flood/a-1', '/flood/a-2', '/flood/a/3', '/hair-stylists/nowhere-aa'],
        others: ['/flood/a-1-again', '/flood/a/3-again', '/barbers/nowhere-bb', '/balayage/nowhere-cc'],
        route: 'not-found',
      },
      {
        first: ['/hair-stylists/boise-id', '/barbers/dallas-tx'],
        others: ['/massage/boise-id', '/nail-techs/dallas-tx', '/balayage/nome-ak'],
        route: 'empty-landing',
      },
      {
        first: ['/nobody-flood-1', '/nobody-flood-2', '/nobody-flood-3'],
        others: ['/nobody-flood-1-again', '/nobody-flood-2-again', '/nobody-flood-3-again'],
        route: 'not-found',
      },
    ] as const;
    for (const { first } of kinds) {
      for (const path of first) expect((await t.get(path)).status, path).toBe(404);
    }
    const before = rendered.length;
    for (const { others, route } of kinds) {
      for (const path of others) {
        const res = await t.get(path);
        expect(res.status, path).toBe(404);
        expectNotFoundPage(res.text, path, route);
      }
    }
    expect(rendered.slice(before)).toEqual([]);
    // The profile's page names the slug that was asked for, and no other.
    const res = await t.get('/nobody-flood-2-again');
    expect(rootOf(res.text).replaceAll('<!-- -->', '')).toContain('Could not find user nobody-flood-2-again');
    expect(res.text).not.toContain('nobody-flood-1');
    expect(res.text).not.toContain('glowfind-not-found-slug');
  });
});

describe('the fixed pages rendered on the server: home, help, about, terms, privacy', () => {
  const FIXED = [
    { path: '/', h1: 'Your beauty, your way', title: 'Glowfind · Search Smarter. Book Better.' },
    { path: '/help', h1: 'How Can We Help You?', title: 'Help Center · Glowfind' },
    { path: '/about', h1: 'About Glowfind', title: 'About Us · Glowfind' },
    { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service · Glowfind' },
    { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy · Glowfind' },
  ];

  it('have their content and title in the HTML, and the route to hydrate with no data', async () => {
    for (const { path, h1, title } of FIXED) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      const root = rootOf(res.text);
      expect(root.match(/<h1[^>]*>/g), path).toHaveLength(1);
      expect(root.replace(/<!-- -->/g, ''), path).toMatch(
        new RegExp(`<h1[^>]*>${h1.replace(/[?.]/g, '\\$&')}</h1>`),
      );
      expect(res.text, path).toContain(`<title>${title}</title>`);
      expect(stateOf(res.text), path).toEqual({ route: path === '/' ? 'home' : path.slice(1), queries: [] });
      expect(res.text, path).toContain('<script type="module" fetchpriority="low" src="/assets/app.js">');
      expect(res.headers['cache-control'], path).toBe(PUBLIC_CACHE_CONTROL);
    }
    // The home page as a visitor first sees it: the search panel and the results' loading state.
    const home = rootOf((await t.get('/')).text);
    expect(home).toContain('placeholder="Service, style or name"');
    expect(home).toContain('Beauty Professionals');
    expect(home).not.toContain('Amara Okafor');
  });

  it("answer 304 to their ETag, and the app's own page with a query string", async () => {
    const first = await t.get('/help');
    const again = await t.get('/help', { headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // A shared search or an emailed link: the app reads the query in the browser.
    for (const path of ['/?q=locs', '/help?from=mail', '/?temp_token=abc&type=email']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain(SSR_STATE_ID);
      expect(res.text, path).toContain('<div id="root"></div>');
    }
  });

  it('name their canonical address; a search state or a link with a query points to it and is not indexed', async () => {
    // /availability is drawn in the browser (and left out of the sitemap), but names its address too.
    for (const path of [...FIXED.map((f) => f.path), '/availability']) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text.match(/<link rel="canonical"[^>]*>/g), path).toEqual([
        `<link rel="canonical" href="${t.config.publicUrl}${path}" />`,
      ]);
      expect(res.text, path).not.toContain('noindex');
    }
    for (const [path, canonical] of [
      ['/?q=locs&zip=78704', '/'],
      ['/?q=balayage', '/'],
      ['/help?from=mail', '/help'],
      ['/privacy?utm_source=x', '/privacy'],
      ['/availability?zip=78704&radius=10', '/availability'],
      ['/availability?q=balayage&day=tomorrow', '/availability'],
    ] as const) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text.match(/<link rel="canonical"[^>]*>/g), path).toEqual([
        `<link rel="canonical" href="${t.config.publicUrl}${canonical}" />`,
      ]);
      expect(res.text, path).toContain('<meta name="robots" content="noindex, follow" />');
    }
    // A shared link names it.
    const availability = await t.get('/availability');
    expect(availability.text).toContain('<title>All Available Openings · Glowfind</title>');
    expect(availability.text).toContain('<div id="root"></div>');
  });

  it("leave the pages for one person (signed in, or an emailed link's token) out of search engines: noindex, no canonical, as robots.txt disallows them", async () => {
    for (const path of [
      '/account',
      '/settings',
      '/messages',
      '/messages/0f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f',
      '/admin',
      '/email-change?token=abc',
      '/email-change?token=abc&undo=1',
      '/reset-password?token=abc',
      '/unsubscribe?token=abc',
      '/settings?tab=push',
      '/unsubscribe',
    ]) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text.match(/<meta name="robots"[^>]*>/g), path).toEqual([
        '<meta name="robots" content="noindex" />',
      ]);
      expect(res.text, path).not.toContain('rel="canonical"');
      expect(res.text, path).toContain('<div id="root"></div>');
    }
    const robots = (await t.get('/robots.txt')).text;
    for (const path of [
      '/account',
      '/settings',
      '/messages',
      '/admin',
      '/email-change',
      '/reset-password',
      '/unsubscribe',
    ])
      expect(robots, path).toContain(`Disallow: ${path}$`);
  });

  it('answer 301 to the bare address when asked with a trailing slash, keeping the query', async () => {
    for (const path of ['/about', '/help', '/terms', '/privacy', '/availability']) {
      const res = await t.get(`${path}/`);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toBe(path);
    }
    const res = await t.get('/help/?from=mail');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/help?from=mail');
  });

  it('are not rendered behind the beta gate', async () => {
    const gated = await buildTestApp({
      indexHtml: INDEX,
      renderer: await webRenderer(),
      env: { BETA_PASSWORD: 'Fixed-Pages-Gate-41' },
    });
    try {
      for (const { path } of FIXED) {
        const res = await gated.get(path);
        expect(res.status, path).toBe(200);
        expect(res.text, path).not.toContain(SSR_STATE_ID);
        expect(res.text, path).toContain('<div id="root"></div>');
      }
    } finally {
      await gated.close();
    }
  });
});
