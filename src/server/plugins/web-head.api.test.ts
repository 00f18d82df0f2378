import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerProfiles, users } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createVerifiedProvider } from '../test/factories';

/**
 * The server-rendered head put user text in as the replacement string of
 * String.prototype.replace, so `$'` in a provider's name copied the rest of the page into the
 * <title> (and `` $` `` everything before it, `$&` the matched tag). Every `$` pattern the
 * replacement syntax knows goes into the name and the bio here, and must come out literally.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Find independent beauty professionals." />
    <title>Glowfind · Search Smarter. Book Better.</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app.js"></script></body>
</html>`;

const NAME = "Dollar $& $' $` $1 $<name> $$ Studio";
const BIO = "Bio with $& and $' and $` and $1 and $<name> and $$ in it.";

const count = (text: string, part: string) => text.split(part).length - 1;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ indexHtml: INDEX });
});
afterAll(async () => {
  await t.close();
});

describe('GET /{slug} with every $ replacement pattern in the name and the bio', () => {
  it('puts them in the head literally (escaped for HTML) and copies no part of the page', async () => {
    const provider = await createVerifiedProvider(t, { name: NAME, selected_categories: ['hair'] });
    const saved = await t.put(
      '/api/auth/profile',
      {
        name: NAME,
        bio: BIO,
        location: 'Austin, TX 78701',
        pricing: [{ service: 'Cut $1', description: 'Dry $& cut', priceType: 'fixed', minPrice: 40 }],
      },
      { token: provider.session.access_token },
    );
    expect(saved.status, saved.text).toBe(200);
    // Stored as typed: nothing was interpreted on the way in.
    const [user] = await t.db.select().from(users).where(eq(users.id, provider.user.id));
    const [profile] = await t.db
      .select()
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, provider.user.id));
    expect(user!.name).toBe(NAME);
    expect(profile!.bio).toBe(BIO);

    const res = await t.get(`/${provider.user.routing_slug}`);
    expect(res.status).toBe(200);
    const html = res.text;
    const head = html.slice(0, html.indexOf('</head>'));

    const nameInHtml = 'Dollar $&amp; $&#39; $` $1 $&lt;name&gt; $$ Studio';
    const bioInHtml = 'Bio with $&amp; and $&#39; and $` and $1 and $&lt;name&gt; and $$ in it.';
    expect(head).toContain(`<title>${nameInHtml} · Hair professional in Austin, TX 78701 | Glowfind</title>`);
    expect(head).toContain(`<meta name="description" content="${bioInHtml}" />`);
    expect(head).toContain(`<meta property="og:title" content="${nameInHtml} · Hair professional" />`);
    // JSON-LD keeps the text too (as JSON, with < and & escaped).
    expect(head).toContain('"name":"Dollar $\\u0026 $\' $` $1 $\\u003cname\\u003e $$ Studio"');

    // The page is whole and once: one of each landmark, the original title and description replaced.
    for (const part of ['<!doctype html>', '<html', '<head>', '</head>', '<title>', '<body>', '</html>']) {
      expect(count(html, part), part).toBe(1);
    }
    expect(count(html, '<meta name="description"')).toBe(1);
    expect(count(html, '/assets/app.js')).toBe(1);
    expect(html).not.toContain('Search Smarter. Book Better.');
    expect(html).not.toContain('Find independent beauty professionals.');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });
});
