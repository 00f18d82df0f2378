import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA_ACCESS_HEADER } from '#domain/admin-options.ts';
import { buildApp } from './app';
import { type Database, openDatabase } from './db/client';
import { buildTestApp, type TestApp, testConfig, unusedPort } from './test/build-test-app';
import { createVerifiedProvider, createVerifiedUser, DEFAULT_PASSWORD, uniqueEmail } from './test/factories';
import { dataUrl, swatch } from './test/test-images';

/**
 * Security headers and CORS on every kind of response (docs/product.md §10, 'Web').
 *
 * Every response below, whatever its status (200, 400, 401, 403, 404, 413, 415, 429, 503), its type
 * (JSON, the web app's HTML, a profile page with its server-rendered head, static assets, stored
 * uploads, the API docs) and its method (GET, POST, PUT, DELETE, HEAD, OPTIONS), must carry:
 * - one Content-Security-Policy, parsed per directive: script-src (and -elem/-attr) without
 *   'unsafe-inline', 'unsafe-eval' or wildcard sources, object-src 'none', frame-ancestors 'none',
 *   and upgrade-insecure-requests exactly when the site is served over HTTPS;
 * - X-Content-Type-Options: nosniff and a Referrer-Policy that never leaks the path cross-origin;
 * - Strict-Transport-Security (max-age ≥ 1 year, includeSubDomains) when PUBLIC_URL is https, none
 *   over plain http (a browser would then refuse http for a year);
 * - no CORS allowance for a foreign Origin: every request here carries one, and none may get
 *   Access-Control-Allow-* back, preflights included.
 *
 * Deployments: the same database and uploads served by two apps with a built web app (PUBLIC_URL
 * http and https), a locked one (BETA_PASSWORD, rate limits on, https) and one whose database is down.
 * Each test lists every (response, header) that fails, so one run names all the gaps.
 */

const FOREIGN_ORIGIN = 'https://evil.example';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Find independent beauty professionals." />
    <title>Glowfind · Search Smarter. Book Better.</title>
    <script src="/theme-init.js"></script>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-Bx7kq2Lm.js"></script></body>
</html>`;
const ASSET = '/assets/index-Bx7kq2Lm.js';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

// ---------------------------------------------------------------------------------------------
// The checks

/** Sources that would let an injected script run, in any script directive. */
const UNSAFE_SCRIPT_SOURCES = new Set([
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'unsafe-hashes'",
  '*',
  'data:',
  'blob:',
  'http:',
  'https:',
]);
/** Referrer policies that never send the path to another origin. */
const SAFE_REFERRER_POLICIES = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);
const ALL_REFERRER_POLICIES = new Set([
  ...SAFE_REFERRER_POLICIES,
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'unsafe-url',
]);
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
];

interface Csp {
  directives: Map<string, string[]>;
  /** Directives named twice: browsers ignore the second, so a header relying on it is wrong. */
  repeated: string[];
}

/** Parses a CSP header the way CSP3 §2.2.1 does: ';'-separated, names case-insensitive, first one wins. */
function parseCsp(header: string): Csp {
  const directives = new Map<string, string[]>();
  const repeated: string[] = [];
  for (const token of header.split(';')) {
    const [name, ...sources] = token.trim().split(/[\t\n\f\r ]+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (directives.has(key)) repeated.push(key);
    else
      directives.set(
        key,
        sources.map((s) => (s.startsWith("'") ? s.toLowerCase() : s)),
      );
  }
  return { directives, repeated };
}

/** The sources that govern scripts of one kind: the specific directive, else script-src, else default-src. */
function scriptSources(csp: Csp, directive: 'script-src' | 'script-src-elem' | 'script-src-attr') {
  return (
    csp.directives.get(directive) ?? csp.directives.get('script-src') ?? csp.directives.get('default-src')
  );
}

type Headers = Record<string, string | string[] | number | undefined>;

interface Sample {
  /** 'GET /api/health → 200' */
  label: string;
  status: number;
  headers: Headers;
  text: string;
}

const CHECKS_PER_RESPONSE = 15;
/** (response × header) checks made, over the whole file; printed at the end. */
let checksMade = 0;

/** Every security-header rule against one response: what failed, and how many rules were checked. */
function securityProblems(res: Sample, https: boolean): { problems: string[]; checks: number } {
  const problems: string[] = [];
  let checks = 0;
  const check = (ok: boolean, what: string) => {
    checks += 1;
    if (!ok) problems.push(`${res.label}: ${what}`);
  };
  const h = res.headers;

  const cspHeader = h['content-security-policy'];
  check(
    typeof cspHeader === 'string',
    `exactly one Content-Security-Policy (got ${JSON.stringify(cspHeader)})`,
  );
  const csp = parseCsp(typeof cspHeader === 'string' ? cspHeader : '');
  check(csp.repeated.length === 0, `CSP names a directive twice: ${csp.repeated.join(', ')}`);
  for (const directive of ['script-src', 'script-src-elem', 'script-src-attr'] as const) {
    const sources = scriptSources(csp, directive);
    check(
      sources !== undefined && sources.length > 0 && !sources.some((s) => UNSAFE_SCRIPT_SOURCES.has(s)),
      `CSP ${directive} must exist and allow no inline, eval or wildcard scripts (got ${JSON.stringify(sources)})`,
    );
  }
  check(
    JSON.stringify(csp.directives.get('object-src')) === `["'none'"]`,
    `CSP object-src 'none' (got ${JSON.stringify(csp.directives.get('object-src'))})`,
  );
  check(
    JSON.stringify(csp.directives.get('frame-ancestors')) === `["'none'"]`,
    `CSP frame-ancestors 'none' (got ${JSON.stringify(csp.directives.get('frame-ancestors'))})`,
  );
  // Over plain http the directive would send the page's own requests to an https that is not there.
  check(
    csp.directives.has('upgrade-insecure-requests') === https,
    `CSP upgrade-insecure-requests ${https ? 'present over https' : 'absent over http'}`,
  );

  check(
    h['x-content-type-options'] === 'nosniff',
    `X-Content-Type-Options nosniff (got ${h['x-content-type-options']})`,
  );

  // A comma list is allowed; the browser uses the last policy it knows.
  const referrer = String(h['referrer-policy'] ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => ALL_REFERRER_POLICIES.has(p))
    .at(-1);
  check(
    referrer !== undefined && SAFE_REFERRER_POLICIES.has(referrer),
    `Referrer-Policy (got ${h['referrer-policy']})`,
  );

  const hsts = h['strict-transport-security'];
  if (https) {
    const parts = String(hsts ?? '')
      .split(';')
      .map((p) => p.trim().toLowerCase());
    const maxAge = Number(
      /^max-age="?(\d+)"?$/.exec(parts.find((p) => p.startsWith('max-age')) ?? '')?.[1] ?? -1,
    );
    check(
      typeof hsts === 'string' && maxAge >= ONE_YEAR_S && parts.includes('includesubdomains'),
      `Strict-Transport-Security max-age ≥ 1 year; includeSubDomains (got ${JSON.stringify(hsts)})`,
    );
  } else {
    check(hsts === undefined, `no Strict-Transport-Security over http (got ${JSON.stringify(hsts)})`);
  }

  for (const name of CORS_HEADERS) {
    check(h[name] === undefined, `no ${name} for a foreign Origin (got ${JSON.stringify(h[name])})`);
  }
  return { problems, checks };
}

function expectSecure(samples: Sample[], https: boolean) {
  expect(samples.length).toBeGreaterThan(0);
  const results = samples.map((s) => securityProblems(s, https));
  for (const { checks } of results) checksMade += checks;
  expect(results.flatMap((r) => r.problems)).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Hit {
  token?: string;
  headers?: Record<string, string>;
  /** A JSON value, or a raw string sent as is (then set content-type in headers). */
  payload?: unknown;
  /** The client's socket address (X-Forwarded-For is not believed: TRUST_PROXY is unset). */
  remoteAddress?: string;
}

/** One request from a page on a foreign origin; the label names it in failures. */
async function hit(app: FastifyInstance, method: string, url: string, opts: Hit = {}): Promise<Sample> {
  const headers: Record<string, string> = { origin: FOREIGN_ORIGIN, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await app.inject({
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as string }),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  return {
    label: `${method} ${url.length > 80 ? `${url.slice(0, 80)}…` : url} → ${res.statusCode}`,
    status: res.statusCode,
    headers: res.headers,
    text: res.body,
  };
}

const statusOf = (samples: Sample[]) => samples.map((s) => s.status);

// ---------------------------------------------------------------------------------------------
// Deployments

interface Site {
  app: FastifyInstance;
  https: boolean;
  close(): Promise<void>;
}

/**
 * A second real app over the base app's database and uploads, serving a built web app (index.html,
 * a hashed asset, a favicon). buildTestApp only writes index.html, and @fastify/static lists the
 * files when it registers, so the folder must be filled before buildApp.
 */
async function buildSite(base: TestApp, publicUrl: string): Promise<Site> {
  const webDir = mkdtempSync(path.join(tmpdir(), 'glowfind-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, ASSET), 'document.documentElement.dataset.ready = "1";\n');
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = {
    ...testConfig(base.config.dataDir, base.smtp.url, { env: { PUBLIC_URL: publicUrl } }),
    webDir,
  };
  const app = await buildApp({ config, database: base.database });
  await app.ready();
  return {
    app,
    https: publicUrl.startsWith('https:'),
    async close() {
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

let base: TestApp;
let sites: Site[] = [];
let slug = '';
let avatarUrl = '';
const tokens = { client: '', provider: '' };
let reviewId = '';

beforeAll(async () => {
  base = await buildTestApp({ indexHtml: INDEX_HTML });
  const provider = await createVerifiedProvider(base, { selected_categories: ['hair'] });
  const client = await createVerifiedUser(base, { email: uniqueEmail('client') });
  tokens.client = client.session.access_token;
  tokens.provider = provider.session.access_token;
  slug = provider.user.routing_slug!;
  const upload = await base.post(
    '/api/upload/avatar',
    { userId: provider.user.id, file: dataUrl(await swatch(40, 40, 'png', { r: 200, g: 80, b: 120 })) },
    { token: tokens.provider },
  );
  expect(upload.status).toBe(200);
  avatarUrl = upload.body.avatarUrl;
  expect(avatarUrl).toMatch(/^\/uploads\/.+\.webp$/);
  reviewId = randomUUID();
  sites = [await buildSite(base, 'http://glowfind.test'), await buildSite(base, 'https://glowfind.example')];
});

afterAll(async () => {
  for (const site of sites) await site.close();
  await base?.close();
});

// ---------------------------------------------------------------------------------------------

describe('the checker itself', () => {
  it('parses a CSP per directive: case, repeats, the first of a repeated directive wins', () => {
    const csp = parseCsp(
      "  Script-Src 'self'  'SHA256-abc=' ;; object-src 'none'; script-src 'unsafe-inline'; ",
    );
    expect([...csp.directives]).toEqual([
      ['script-src', ["'self'", "'sha256-abc='"]],
      ['object-src', ["'none'"]],
    ]);
    expect(csp.repeated).toEqual(['script-src']);
  });

  it('names every rule a bad response breaks', () => {
    const bad: Sample = {
      label: 'GET /bad → 200',
      status: 200,
      text: '',
      headers: {
        'content-security-policy':
          "default-src 'self'; script-src 'self' 'unsafe-eval'; frame-ancestors 'self'",
        'referrer-policy': 'strict-origin, unsafe-url',
        'strict-transport-security': 'max-age=86400',
        'access-control-allow-origin': FOREIGN_ORIGIN,
      },
    };
    const { problems, checks } = securityProblems(bad, true);
    expect(checks).toBe(CHECKS_PER_RESPONSE);
    expect(problems.map((p) => p.replace(/ \(got .*\)$/, ''))).toEqual([
      'GET /bad → 200: CSP script-src must exist and allow no inline, eval or wildcard scripts',
      'GET /bad → 200: CSP script-src-elem must exist and allow no inline, eval or wildcard scripts',
      'GET /bad → 200: CSP script-src-attr must exist and allow no inline, eval or wildcard scripts',
      "GET /bad → 200: CSP object-src 'none'",
      "GET /bad → 200: CSP frame-ancestors 'none'",
      'GET /bad → 200: CSP upgrade-insecure-requests present over https',
      'GET /bad → 200: X-Content-Type-Options nosniff',
      'GET /bad → 200: Referrer-Policy',
      'GET /bad → 200: Strict-Transport-Security max-age ≥ 1 year; includeSubDomains',
      'GET /bad → 200: no access-control-allow-origin for a foreign Origin',
    ]);
    // Over http the same response also breaks the HSTS rule the other way round.
    expect(
      securityProblems(bad, false).problems.some((p) => p.includes('no Strict-Transport-Security')),
    ).toBe(true);
  });
});

describe.each(['http', 'https'])('PUBLIC_URL %s, with the web app', (scheme) => {
  const site = () => sites.find((s) => s.https === (scheme === 'https'))!;

  it('every operation in the OpenAPI document, called anonymously with an empty body', async () => {
    const { app, https } = site();
    const doc = await hit(app, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = JSON.parse(doc.text).paths as Record<string, Record<string, unknown>>;
    const samples: Sample[] = [doc];
    for (const [template, operations] of Object.entries(paths)) {
      const url = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'slug' ? slug : randomUUID(),
      );
      for (const method of Object.keys(operations)) {
        const write = method !== 'get';
        samples.push(await hit(app, method.toUpperCase(), url, write ? { payload: {} } : {}));
      }
    }
    // Every route of the app is in the document (hidden ones are covered below); the statuses show
    // that success, validation and authentication paths were all taken, and nothing crashed.
    expect(samples.length).toBeGreaterThanOrEqual(40);
    for (const status of [200, 400, 401]) expect(statusOf(samples)).toContain(status);
    expect(statusOf(samples).filter((s) => s >= 500)).toEqual([]);
    expectSecure(samples, https);
  });

  it('authenticated calls: 200, 400, 403 and 404', async () => {
    const { app, https } = site();
    const samples = [
      await hit(app, 'GET', '/api/auth/profile', { token: tokens.client }),
      await hit(app, 'GET', '/api/favorites', { token: tokens.client }),
      await hit(app, 'PUT', '/api/auth/profile', {
        token: tokens.provider,
        payload: { booking_link: 'javascript:x' },
      }),
      await hit(app, 'GET', '/api/admin/submissions', { token: tokens.client }),
      await hit(app, 'DELETE', `/api/reviews/${reviewId}`, { token: tokens.client }),
    ];
    expect(statusOf(samples)).toEqual([200, 200, 400, 403, 404]);
    expectSecure(samples, https);
  });

  it('requests Fastify refuses before any route code: malformed JSON, wrong type, too big, bad URL', async () => {
    const { app, https } = site();
    const json = { 'content-type': 'application/json' };
    const samples = [
      await hit(app, 'POST', '/api/auth/login', { headers: json, payload: '{"email": "a@b.c",' }),
      // text/plain is parsed as a string, which the body schema then refuses.
      await hit(app, 'POST', '/api/auth/login', {
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      await hit(app, 'POST', '/api/auth/login', {
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      }),
      // Over the app's 15 MB body limit. An upload route answers a stranger 401 from the headers,
      // before the body is read at all.
      await hit(app, 'POST', '/api/auth/login', {
        headers: json,
        payload: `"${'a'.repeat(16 * 1024 * 1024)}"`,
      }),
      await hit(app, 'POST', '/api/upload/avatar', {
        headers: json,
        payload: `"${'a'.repeat(16 * 1024 * 1024)}"`,
      }),
      // The one-click unsubscribe form parser has its own 4 KB limit.
      await hit(app, 'POST', '/api/opening-alerts/unsubscribe', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${'a'.repeat(5000)}`,
      }),
      // A %-escape that decodes to no character: refused by the router before any hook runs.
      await hit(app, 'GET', '/api/user/%E0%A4%A'),
      await hit(app, 'GET', '/%E0%A4%A'),
    ];
    expect(statusOf(samples)).toEqual([400, 400, 415, 413, 401, 413, 400, 400]);
    expect(JSON.parse(samples[0]!.text).error).toBe('VALIDATION_ERROR');
    expect(JSON.parse(samples[2]!.text).error).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(JSON.parse(samples[3]!.text).error).toBe('PAYLOAD_TOO_LARGE');
    expect(JSON.parse(samples[6]!.text)).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'The request URL is malformed.',
    });
    expectSecure(samples, https);
  });

  it('unknown API paths and methods: 404 (the app has no 405)', async () => {
    const { app, https } = site();
    const samples = [
      await hit(app, 'GET', '/api/nope'),
      await hit(app, 'POST', '/api/nope', { payload: {} }),
      await hit(app, 'GET', '/api'),
      // A route that exists with another method: Fastify answers 404, not 405.
      await hit(app, 'PATCH', '/api/health', { payload: {} }),
      await hit(app, 'DELETE', '/api/search'),
      // A parameter longer than the router allows: refused by the router before any hook runs.
      await hit(app, 'GET', `/api/user/${'a'.repeat(200)}`),
    ];
    expect(statusOf(samples)).toEqual([404, 404, 404, 404, 404, 404]);
    for (const s of samples) expect(JSON.parse(s.text).error).toBe('NOT_FOUND');
    expectSecure(samples, https);
  });

  it('pages: client routes, a profile with its server-rendered head, unknown pages, static files', async () => {
    const { app, https } = site();
    const samples = [
      await hit(app, 'GET', '/'),
      await hit(app, 'GET', '/help'),
      await hit(app, 'GET', '/reset-password?token=abc'),
      await hit(app, 'GET', `/${slug}`),
      await hit(app, 'GET', '/no-such-provider-anywhere'),
      await hit(app, 'GET', '/some/deep/unknown/page'),
      await hit(app, 'POST', '/help', { payload: {} }),
      await hit(app, 'GET', '/index.html'),
      await hit(app, 'GET', ASSET),
      await hit(app, 'GET', '/favicon.svg'),
      await hit(app, 'GET', '/assets/missing-0000.js'),
    ];
    expect(statusOf(samples)).toEqual([200, 200, 200, 200, 404, 404, 404, 200, 200, 200, 404]);
    // The profile page is the server-rendered one (its JSON-LD data block is not a script CSP runs).
    expect(samples[3]!.text).toContain('application/ld+json');
    expect(samples[3]!.headers['content-type']).toMatch(/^text\/html/);
    expect(samples[8]!.headers['content-type']).toMatch(/javascript/);
    expectSecure(samples, https);
  });

  it('stored uploads: an image, a miss, an escape attempt', async () => {
    const { app, https } = site();
    const samples = [
      await hit(app, 'GET', avatarUrl),
      await hit(app, 'GET', '/uploads/avatars/missing.webp'),
      await hit(app, 'GET', '/uploads/%2e%2e/%2e%2e/etc/passwd'),
    ];
    expect(statusOf(samples)).toEqual([200, 404, 404]);
    expect(samples[0]!.headers['content-type']).toBe('image/webp');
    expectSecure(samples, https);
  });

  it('the API docs (Swagger UI) keep a hash-based CSP with no inline scripts', async () => {
    const { app, https } = site();
    const samples = [
      await hit(app, 'GET', '/api/docs'),
      await hit(app, 'GET', '/api/docs/'),
      await hit(app, 'GET', '/api/docs/static/index.html'),
      await hit(app, 'GET', '/api/docs/static/swagger-initializer.js'),
      await hit(app, 'GET', '/api/docs/static/swagger-ui.css'),
      await hit(app, 'GET', '/api/docs/json'),
      await hit(app, 'GET', '/api/docs/static/nope.js'),
    ];
    expect(statusOf(samples)).toEqual([200, 200, 302, 200, 200, 200, 404]);
    // The page itself loads its scripts from files, so 'self' plus hashes is all it needs.
    expect(samples[0]!.text).not.toMatch(/<script>(?!\s*<\/script>)/);
    expectSecure(samples, https);
  });

  it('HEAD requests answer like GET, with the same headers', async () => {
    const { app, https } = site();
    const urls = [
      '/api/health',
      `/api/user/${slug}`,
      '/api/nope',
      '/',
      `/${slug}`,
      ASSET,
      avatarUrl,
      '/api/docs',
    ];
    const samples: Sample[] = [];
    for (const url of urls) {
      const [get, head] = [await hit(app, 'GET', url), await hit(app, 'HEAD', url)];
      expect(head.status, url).toBe(get.status);
      expect(head.text, url).toBe('');
      samples.push(head);
    }
    expect(statusOf(samples)).toEqual([200, 200, 404, 200, 200, 200, 200, 200]);
    expectSecure(samples, https);
  });

  it('CORS preflights from a foreign origin get no allowance, for API routes and pages', async () => {
    const { app, https } = site();
    const preflight = {
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    };
    const urls = [
      '/api/auth/login',
      '/api/search',
      `/api/user/${slug}`,
      '/api/nope',
      '/',
      `/${slug}`,
      avatarUrl,
    ];
    const samples: Sample[] = [];
    for (const url of urls) samples.push(await hit(app, 'OPTIONS', url, { headers: preflight }));
    // No OPTIONS route exists: the browser reads the 404 without Access-Control-Allow-* as a refusal.
    expect(statusOf(samples)).toEqual(urls.map(() => 404));
    // A credentialed simple request with a token does not open anything either.
    samples.push(
      await hit(app, 'GET', '/api/auth/profile', { token: tokens.client, headers: { cookie: 'a=b' } }),
    );
    expect(samples.at(-1)!.status).toBe(200);
    expectSecure(samples, https);
  });
});

describe('locked deployment (BETA_PASSWORD, rate limits on, https)', () => {
  let locked: TestApp;
  beforeAll(async () => {
    locked = await buildTestApp({
      indexHtml: INDEX_HTML,
      rateLimit: true,
      env: { BETA_PASSWORD: 'Security-Beta-Door-77', PUBLIC_URL: 'https://glowfind.example' },
    });
  });
  afterAll(async () => {
    await locked?.close();
  });

  it('403 from the beta gate hook, 429 from both kinds of rate limit, and the gated pages', async () => {
    const { app } = locked;
    const granted = await hit(app, 'POST', '/api/beta/access', {
      payload: { password: 'Security-Beta-Door-77' },
    });
    expect(granted.status).toBe(200);
    const beta = { [BETA_ACCESS_HEADER]: JSON.parse(granted.text).access_token as string };

    const samples = [
      granted,
      await hit(app, 'GET', '/api/search'),
      await hit(app, 'POST', '/api/auth/login', { payload: { email: 'x@example.test', password: 'x' } }),
      await hit(app, 'GET', '/'),
      await hit(app, 'GET', '/some-provider'),
      await hit(app, 'GET', '/api/beta'),
    ];
    expect(statusOf(samples)).toEqual([200, 403, 403, 200, 200, 200]);
    expect(JSON.parse(samples[1]!.text).error).toBe('BETA_LOCKED');

    // The per-IP limit of the plugin (10 password guesses in 15 minutes) …
    let guess: Sample | undefined;
    for (let i = 0; i < 11; i++) {
      guess = await hit(app, 'POST', '/api/beta/access', { payload: { password: `wrong-${i}` } });
    }
    // … and the per-account limit the login route keeps itself (10 per email).
    let login: Sample | undefined;
    const email = uniqueEmail('limited');
    for (let i = 0; i < 11; i++) {
      login = await hit(app, 'POST', '/api/auth/login', {
        headers: beta,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { email, password: `${DEFAULT_PASSWORD}-${i}` },
      });
    }
    samples.push(guess!, login!);
    expect(statusOf(samples).slice(-2)).toEqual([429, 429]);
    for (const s of samples.slice(-2)) {
      expect(JSON.parse(s.text).error).toBe('RATE_LIMITED');
      expect(Number(s.headers['retry-after'])).toBeGreaterThan(0);
    }
    expectSecure(samples, true);
  });
});

describe('database down (503)', () => {
  let database: Database;
  let down: TestApp;
  beforeAll(async () => {
    database = await openDatabase({
      databaseUrl: `postgres://nobody:nothing@127.0.0.1:${await unusedPort()}/nowhere`,
      onPoolError: () => {},
    });
    down = await buildTestApp({ database, indexHtml: INDEX_HTML });
  });
  afterAll(async () => {
    await down?.close();
    await database?.close();
  });

  it('503 SERVICE_UNAVAILABLE from the error handler keeps every header', async () => {
    const { app } = down;
    const samples = [
      await hit(app, 'GET', '/api/health'),
      await hit(app, 'POST', '/api/auth/login', {
        payload: { email: 'a@example.test', password: DEFAULT_PASSWORD },
      }),
      await hit(app, 'GET', `/api/user/${slug}`),
      await hit(app, 'GET', `/${slug}`),
    ];
    expect(statusOf(samples)).toEqual([503, 503, 503, 503]);
    for (const s of samples) expect(JSON.parse(s.text).error).toBe('SERVICE_UNAVAILABLE');
    expectSecure(samples, false);
  });
});

describe('totals', () => {
  it('checked every rule on every response', () => {
    // 8 CSP checks + nosniff + Referrer-Policy + HSTS + 4 CORS headers = 15 per response.
    expect(checksMade % CHECKS_PER_RESPONSE).toBe(0);
    expect(checksMade / CHECKS_PER_RESPONSE).toBeGreaterThan(150);
    console.info(
      `security headers: ${checksMade} (response × header) checks on ${checksMade / CHECKS_PER_RESPONSE} responses`,
    );
  });
});
