import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ConfigData, HtmlValidate, type Message } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '#domain/brand.ts';
import { reviews } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';
import { webRenderer } from '#server/test/web-renderer.ts';

/**
 * Every page type the server sends as HTML is valid HTML (html-validate's recommended rules, 0
 * errors): the fixed pages, a profile with reviews and openings, a landing page, and /availability
 * (the app's shell with its head; the browser draws the rest). Rendered by the web app's own SSR
 * entry into the real index.html template, as `vite build` turns it out.
 */

/**
 * The recommended rules, with the style rules set to how Vite and React write valid HTML (each one a
 * spelling the HTML standard allows); every other rule of the preset stays an error.
 */
const CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // `<!doctype html>` in lower case is as valid as upper case, and how index.html spells it.
    'doctype-style': ['error', { style: 'lowercase' }],
    // The standard allows both `<meta …>` and `<meta … />`; Vite writes one, React and index.html the other.
    'void-style': 'off',
    // React writes some attributes by their prop names (`autoComplete`); HTML attribute names ignore case.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes a true boolean attribute as `disabled=""`, one of the standard's two spellings.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // An empty value is written both ways (Vite's bare `crossorigin`, React's `hidden=""`), both valid.
    'attribute-empty-style': 'off',
    // React's useId ids (`_R_hd_`) are valid: the standard asks only for no whitespace, not a letter first.
    'valid-id': ['error', { relaxed: true }],
    // Sizes computed per element (the price slider's marks, the rating bars, an avatar) are valid style attributes.
    'no-inline-style': 'off',
    // Radix's accordion panel is a div with role="region" labelled by its trigger (the WAI-ARIA accordion pattern).
    'prefer-native-element': ['error', { exclude: ['region'] }],
    // Lists named by aria-label (a profile's highlights, a card's specialties): ARIA in HTML allows naming a list.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
};
const validator = new HtmlValidate(CONFIG);

/** src/web/index.html as `vite build` writes it: the brand and theme colours filled in, the entry script and stylesheet in the head. */
function builtIndexHtml(): string {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), 'utf8');
  return (
    source
      .replaceAll('%BRAND_NAME%', () => BRAND.name)
      .replaceAll('%BRAND_TAGLINE%', () => BRAND.tagline)
      // vite.config.ts fills in the themes' --bg colours from styles.css.
      .replaceAll('%THEME_LIGHT%', '#fdfbf9')
      .replaceAll('%THEME_DARK%', '#14110f')
      .replace(/\s*<script type="module" src="\/main\.tsx"><\/script>/, '')
      .replace(
        '</head>',
        () =>
          '  <script type="module" crossorigin src="/assets/index-abc123.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">\n  </head>',
      )
  );
}

/** Each error with its rule, message and the line it is on, so a failure says what to fix. */
async function errorsOf(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  const lines = html.split('\n');
  return report.results.flatMap((result) =>
    result.messages
      .filter((m: Message) => m.severity === 2)
      .map((m: Message) => {
        const line = lines[m.line - 1] ?? '';
        const excerpt = line.slice(Math.max(0, m.column - 60), m.column + 100).trim();
        return `${m.ruleId}: ${m.message} (line ${m.line}:${m.column}) … ${excerpt} …`;
      }),
  );
}

let t: TestApp;
let provider: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp({ indexHtml: builtIndexHtml(), renderer: await webRenderer() });
  provider = await createVerifiedProvider(t, { name: 'Maya Lopez Hair', selected_categories: ['hair'] });
  const token = provider.session.access_token;
  const saved = await t.put(
    '/api/auth/profile',
    {
      bio: 'Curly hair specialist with ten years behind the chair.',
      booking_link: 'https://book.example.com/maya',
      license_details: 'Texas Cosmetology License #123456',
      additional_details: 'Street parking on Cesar Chavez.',
      availability: 'Mon-Fri 9AM-5PM, Sat 10AM-2PM | Please arrive 5 minutes early',
      specialties: ['Curly cuts', 'Balayage'],
      certifications: ['DevaCurl Certified'],
      amenities: ['LGBTQIA+ Friendly', 'Wheelchair Accessible'],
      products: ['Olaplex', 'Redken'],
      pricing: [
        {
          service: 'Balayage',
          description: 'Hand-painted color',
          priceType: 'range',
          minPrice: 180,
          maxPrice: 320,
        },
        { service: 'Curly Cut', description: 'Dry cut, curl by curl', priceType: 'fixed', minPrice: 85 },
        { service: 'Color correction', description: 'Quote after consultation', priceType: 'contact' },
      ],
    },
    { token },
  );
  expect(saved.status, saved.text).toBe(200);
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  for (const [start, end] of [
    [2 * HOUR, 3.5 * HOUR],
    [26 * HOUR, 27 * HOUR],
  ] as const) {
    const opening = await t.post(
      '/api/last-minute-openings',
      {
        service_type: 'Balayage',
        start_time: at(start),
        end_time: at(end),
        price: '$150',
        note: 'Bring a scarf',
      },
      { token },
    );
    expect(opening.status, opening.text).toBe(200);
  }
  for (const [name, rating, reply] of [
    ['Robin Client', 5, 'Thank you, Robin!'],
    ['Sam Client', 4, null],
  ] as const) {
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name } });
    await t.db.insert(reviews).values({
      providerId: provider.user.id,
      clientId: client.user.id,
      rating,
      text: 'Neat parts and gentle on my edges.',
      service: 'Balayage',
      ...(reply ? { reply, replyCreatedAt: t.clock.now(), replyUpdatedAt: t.clock.now() } : {}),
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('the validator', () => {
  it('reports a page with known errors by rule, so the checks below bite', async () => {
    const page = builtIndexHtml().replace(
      '<div id="root"></div>',
      '<div id="root"><ul><div>Not a list item</div></ul><p id="root">Same id</p></div>',
    );
    const errors = await errorsOf(page);
    expect(errors.map((error) => error.split(':')[0])).toEqual(['element-permitted-content', 'no-dup-id']);
    expect(errors[0]).toContain('<ul><div>Not a list item</div></ul>');
    expect(await errorsOf(builtIndexHtml())).toEqual([]);
  });
});

describe('every server-rendered page type is valid HTML', () => {
  // [page, its address, text that shows it is that page rendered with its data rather than a fallback]
  const PAGES: [string, () => string, string][] = [
    ['home', () => '/', 'Find a beauty professional'],
    ['help', () => '/help', '<h1'],
    ['about', () => '/about', '<h1'],
    ['terms', () => '/terms', '<h1'],
    ['privacy', () => '/privacy', '<h1'],
    ['a profile with reviews and openings', () => `/${provider.user.routing_slug}`, 'Thank you, Robin!'],
    ['a landing page', () => '/balayage/austin-tx', 'Maya Lopez Hair'],
    // Drawn by the browser: the server sends the app's shell with the page's head.
    ['/availability', () => '/availability', '<div id="root"></div>'],
    // 404 pages, rendered at the address that names nothing.
    ['the not-found page', () => '/no/such-page-x', 'Oops!'],
    ["a profile's not-found page", () => '/nobody-by-this-name', 'Profile Not Found'],
  ];

  it.each(PAGES)('%s has 0 errors', async (label, url, marker) => {
    const res = await t.get(url());
    expect(res.status, label).toBe(label.includes('not-found') ? 404 : 200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text, label).toContain(marker);
    expect(await errorsOf(res.text), `${label} (${url()})`).toEqual([]);
  });
});
