import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider } from '#server/test/factories.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Find independent beauty professionals." />
    <title>Glowfind · Search Smarter. Book Better.</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ indexHtml: INDEX });
});
afterAll(async () => {
  await t.close();
});

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('GET /{slug} (the HTML document)', () => {
  it('carries the title, description, canonical URL, Open Graph and JSON-LD before any script runs', async () => {
    const provider = await createVerifiedProvider(t, {
      name: 'Maya <Lopez> Hair',
      selected_categories: ['hair'],
    });
    const token = provider.session.access_token;
    await t.put(
      '/api/auth/profile',
      {
        location: 'East Austin, TX 78702',
        bio: 'Curly hair specialist. </script><script>alert(1)</script>',
        booking_link: 'https://book.example.com/maya',
        specialties: ['Curly cuts'],
        pricing: [
          { service: 'Curly Cut', description: 'Dry cut', priceType: 'fixed', minPrice: 85 },
          { service: 'Balayage', description: 'Color', priceType: 'range', minPrice: 180, maxPrice: 320 },
        ],
      },
      { token },
    );
    const slug = provider.user.routing_slug;
    const res = await t.get(`/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.text;
    expect(html).toContain(
      '<title>Maya &lt;Lopez&gt; Hair · Hair professional in East Austin, TX 78702 | Glowfind</title>',
    );
    expect(html).toContain('<meta name="description" content="Curly hair specialist. &lt;/script&gt;');
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/${slug}" />`);
    expect(html).toContain(`<meta property="og:url" content="${TEST_PUBLIC_URL}/${slug}" />`);
    expect(html).toContain(
      '<meta property="og:title" content="Maya &lt;Lopez&gt; Hair · Hair professional" />',
    );
    // The user's text can never close a JSON-LD script element: the business and its breadcrumbs.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const breadcrumbs = JSON.parse(
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)][1]![1]!,
    ) as { '@type': string; itemListElement: { position: number; name: string; item: string }[] };
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    expect(breadcrumbs.itemListElement.map(({ position, name, item }) => [position, name, item])).toEqual([
      [1, 'Glowfind', `${TEST_PUBLIC_URL}/`],
      [2, 'Hair Stylists in Austin, TX', `${TEST_PUBLIC_URL}/hair-stylists/austin-tx`],
      [3, 'Maya <Lopez> Hair', `${TEST_PUBLIC_URL}/${slug}`],
    ]);

    const ld = jsonLd(html);
    expect(ld['@type']).toBe('HairSalon');
    expect(ld.name).toBe('Maya <Lopez> Hair');
    expect(ld.url).toBe(`${TEST_PUBLIC_URL}/${slug}`);
    expect(ld.potentialAction).toEqual({
      '@type': 'ReserveAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://book.example.com/maya' },
    });
    expect(ld.hasOfferCatalog.itemListElement).toEqual([
      {
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: 'Curly Cut', description: 'Dry cut' },
        price: 85,
        priceCurrency: 'USD',
      },
      {
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: 'Balayage', description: 'Color' },
        priceSpecification: {
          '@type': 'PriceSpecification',
          minPrice: 180,
          maxPrice: 320,
          priceCurrency: 'USD',
        },
      },
    ]);
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('uses the avatar (or first portfolio image) as the Open Graph image', async () => {
    const provider = await createVerifiedProvider(t);
    const { users } = await import('#server/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.db
      .update(users)
      .set({ avatarUrl: '/uploads/avatar/x/abc.webp' })
      .where(eq(users.id, provider.user.id));
    const res = await t.get(`/${provider.user.routing_slug}`);
    expect(res.text).toContain(
      `<meta property="og:image" content="${TEST_PUBLIC_URL}/uploads/avatar/x/abc.webp" />`,
    );
  });

  it('answers 404 (with the app, which shows Profile Not Found) for an unknown slug', async () => {
    const res = await t.get('/nobody-by-this-name');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('og:title');
  });

  it('serves client routes with 200 and unknown deeper paths with 404', async () => {
    for (const path of ['/', '/help', '/account', '/reset-password', '/messages']) {
      expect((await t.get(path)).status).toBe(200);
    }
    // A conversation's address is the inbox page (the app asks for the thread); anything else under it names nothing.
    expect((await t.get('/messages/0f8e7d6c-5b4a-4c3d-9e2f-1a0b9c8d7e6f')).status).toBe(200);
    expect((await t.get('/messages/not-a-thread')).status).toBe(404);
    expect((await t.get('/some/deeper/path')).status).toBe(404);
    expect((await t.get('/api/nope')).body.error).toBe('NOT_FOUND');
  });
});

describe('site links from the configuration', () => {
  it('INSTAGRAM_URL reaches the page in a meta tag (escaped); unset, there is no tag and no footer link', async () => {
    const withLink = await buildTestApp({
      indexHtml: INDEX,
      env: { INSTAGRAM_URL: 'https://www.instagram.com/glowfind?a=1&b="2"' },
    });
    try {
      const html = (await withLink.get('/help')).text;
      expect(html).toContain(
        '<meta name="glowfind-instagram-url" content="https://www.instagram.com/glowfind?a=1&amp;b=&quot;2&quot;" />',
      );
    } finally {
      await withLink.close();
    }
    expect((await t.get('/help')).text).not.toContain('glowfind-instagram-url');
  });

  it('refuses an INSTAGRAM_URL that is not http(s)', async () => {
    await expect(
      buildTestApp({ indexHtml: INDEX, env: { INSTAGRAM_URL: 'javascript:alert(1)' } }),
    ).rejects.toThrow(/INSTAGRAM_URL/);
  });
});
