import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BRAND } from '#domain/brand.ts';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { isLandingPath } from '#domain/places-options.ts';
import { PRIVATE_PAGES } from '#domain/private-pages.ts';
import { isReservedSlug } from '#domain/slug.ts';
import {
  type FixedPageRoute,
  SSR_CHUNKS_ATTRIBUTE,
  SSR_STATE_ID,
  type SsrPage,
  type SsrRenderer,
} from '#domain/ssr.ts';
import type { Db } from '../db/client';
import type { CachedReply, PublicReplies } from '../lib/catalogue-cache';
import { etagOf, matchesEtag } from '../lib/catalogue-cache';
import { codingFor } from '../lib/content-coding';
import { escapeHtml, type PageHead } from '../lib/html';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

/**
 * Paths the web app answers itself (docs/product.md §2 route table); anything else single-segment is a
 * slug.
 */
const CLIENT_ROUTES = new Set([
  '/',
  '/help',
  '/about',
  '/terms',
  '/privacy',
  '/account',
  '/settings',
  '/messages',
  '/email-change',
  '/availability',
  '/admin',
  '/reset-password',
  '/unsubscribe',
]);
const SLUG_PATH = /^\/([a-z0-9][a-z0-9-]{0,99})\/?$/i;
/** The slug a profile's not-found page is rendered for, once, before the asked-for slug is written in. */
const NOT_FOUND_SLUG = 'glowfind-not-found-slug-0f3a9c';
const ONE_SEGMENT = /^\/[^/]+\/?$/;
/** A conversation's address (/messages/<thread id>): the inbox page, whoever asks (the app checks access). */
const THREAD_PATH = /^\/messages\/[0-9a-f-]{36}$/i;

/**
 * The client routes the server renders from no data (ADR 017): the home page as a visitor first sees
 * it (hero, search panel, the results' loading state) and the pages of the app's own texts. Only at
 * their bare address: a query string (a shared search, an emailed link) gets the app's page.
 */
const FIXED_PAGE_ROUTES: Record<string, FixedPageRoute> = {
  '/': 'home',
  '/help': 'help',
  '/about': 'about',
  '/terms': 'terms',
  '/privacy': 'privacy',
};

/**
 * The public pages that name their canonical address: the fixed pages and /availability (drawn in
 * the browser). The pages for one person (PRIVATE_PAGES) name none and are never indexed.
 */
const CANONICAL_PAGES = new Set([...Object.keys(FIXED_PAGE_ROUTES), '/availability']);
const PRIVATE = new Set(PRIVATE_PAGES);

/** A page the server renders: its head, what the web app renders it from, and when time changes it. */
export interface ServerPage {
  head: PageHead;
  page: SsrPage;
  /** Epoch ms when time alone changes the page (an opening ends). */
  expiresAt?: number;
}

export interface WebOptions {
  /** PUBLIC_URL: the canonical links name pages under it. */
  publicUrl: string;
  /**
   * A provider's page, or null when the slug is unknown or not listed (the page then answers 404),
   * read on `db` (the primary, or a replica the public reply cache chose).
   */
  profilePage: (slug: string, db: Db) => Promise<ServerPage | null>;
  /**
   * A landing page /{topic}/{place}; 'empty' when its topic and place are known but nobody is there
   * (404 with the landing route's own explanation, never a thin page); null when the topic or the
   * place is unknown (404: the address names nothing).
   */
  landingPage: (topic: string, place: string, db: Db) => Promise<ServerPage | 'empty' | null>;
  /**
   * The web app's server-rendering entry (dist/ssr; ADR 017). Without it (no SSR build) a page has
   * only its head, and the app renders the rest in the browser.
   */
  renderer: SsrRenderer | null;
  /** The process's cache of public replies: a rendered page is kept under the catalogue version. */
  replies: PublicReplies;
  /** The beta gate is on: the page says so (the web app shows the gate) and shows no profile data. */
  betaGate?: boolean;
  /** SUPPORT_URL: the about page's 'Support Our Mission' link, handed to the page in a meta tag. */
  supportUrl?: string | undefined;
  /** INSTAGRAM_URL: the footer's Instagram link, in a meta tag; no tag (and no link) when unset. */
  instagramUrl?: string | undefined;
  /** MAP_TILE_URL: the results map's tile template, in a meta tag the map's chunk reads. */
  mapTileUrl?: string | undefined;
}

/** Titles and descriptions of the fixed pages, in the HTML itself (for shared links and crawlers). */
const PAGE_HEADS: Record<string, { title: string; description: string }> = {
  '/help': {
    title: `Help Center · ${BRAND.name}`,
    description: `Answers about searching, saving favourites, openings and alerts, booking, and provider profiles on ${BRAND.name}.`,
  },
  '/about': {
    title: `About Us · ${BRAND.name}`,
    description: `${BRAND.name} helps you find the independent beauty professional who fits you: honest, inclusive and free during beta.`,
  },
  '/terms': {
    title: `Terms of Service · ${BRAND.name}`,
    description: `The terms for using ${BRAND.name}, the directory of independent beauty professionals.`,
  },
  // Drawn in the browser, but a shared link shows what it is.
  '/availability': {
    title: `${OPENING_TEXTS.pageTitle} · ${BRAND.name}`,
    description: `Short-notice openings from independent beauty professionals in the next ${OPENING_LIMITS.windowDays} days, soonest first.`,
  },
  '/privacy': {
    title: `Privacy Policy · ${BRAND.name}`,
    description: `What ${BRAND.name} stores, why, the emails it sends, and your choices. We never sell your data.`,
  },
};

/** The head of the not-found page (404): never indexed. */
const NOT_FOUND_HEAD: PageHead = {
  title: `Page not found · ${BRAND.name}`,
  description: "We couldn't find the page you're looking for.",
  tags: '<meta name="robots" content="noindex" />',
};

/**
 * Puts a page's title, description and extra tags into index.html's head. Every replacement is a
 * function: a replacement string would read `$&`, `$'`, `` $` ``, `$1`, `$<name>` and `$$` in a
 * provider's name or bio as patterns and copy parts of the page into the head.
 */
export function injectHead(html: string, head: PageHead): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => (head.tags ? `  ${head.tags}\n  </head>` : '</head>'));
}

/**
 * What loads a route with the entry, from Vite's manifest (dist/web/.vite/manifest.json): `tags`, the
 * <link>s for the head (the CSS of its chunk and every chunk it imports statically, and a
 * modulepreload of the route's own chunk only), and `chunks`, the files of those imports, which the
 * page's script preloads once the page has painted (main.tsx). Preloading its ~20 small imports from
 * the head started them beside the stylesheet and put the first paint of a profile at 2.7–2.9 s on
 * Lighthouse's mobile link (1.5–1.6 s without); the entry's own preloading of them appends all their
 * links in one task (about 60 ms on this VM, 250 ms on Lighthouse's phone), which the script instead
 * spreads over one task each. The route's chunk loads at low priority, as the entry does on these
 * pages (renderPage).
 */
interface RouteAssets {
  tags: string;
  chunks: string[];
}

function routeAssets(webDir: string): (modules: string[]) => RouteAssets {
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => ({ tags: '', chunks: [] });
  type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
  const assets = new Map<string, RouteAssets>();
  return (modules) => {
    const key = modules.join(' ');
    let cached = assets.get(key);
    if (cached !== undefined) return cached;
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      // The entry (index.html) is loaded by the page already.
      if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const m of modules) visit(m);
    const routes = modules.map((m) => manifest[m]?.file).filter((f): f is string => Boolean(f));
    cached = {
      tags: [
        ...[...css].map((f) => `<link rel="stylesheet" href="/${escapeHtml(f)}" />`),
        ...routes.map((f) => `<link rel="modulepreload" fetchpriority="low" href="/${escapeHtml(f)}" />`),
      ].join('\n  '),
      chunks: [...files].filter((f) => !routes.includes(f)).map((f) => `/${f}`),
    };
    assets.set(key, cached);
    return cached;
  };
}

/** Which not-found page answers an address (sendNotFound). */
type NotFoundKind = 'page' | 'profile' | 'landing';

class PageNotFound extends Error {
  constructor(readonly kind: NotFoundKind) {
    super(kind);
  }
}

/**
 * A rendered page as it is kept: compressed once when made (about 40 KB of HTML → 7 KB brotli, 9 KB
 * gzip), not per request, and not kept as text (a browser or crawler that accepts neither gets the
 * gzip copy unpacked). The body the cache holds is the text's hash: the ETag comes from it.
 */
interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

function encode(html: string): Encoded {
  return {
    br: brotliCompressSync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip: gzipSync(html, { level: 6 }),
  };
}

/**
 * Sends a server-rendered page: compressed as the browser accepts, with its ETag (one per coding: each
 * is its own representation), the shared-cache policy, and 304 when the browser has it.
 */
function sendPage(req: FastifyRequest, reply: FastifyReply, cached: CachedReply<Encoded>): FastifyReply {
  const coding = codingFor(req.headers['accept-encoding']);
  const etag = coding ? `${cached.etag.slice(0, -1)}-${coding}"` : cached.etag;
  reply.header('ETag', etag).header('Cache-Control', PUBLIC_CACHE_CONTROL).header('Vary', 'Accept-Encoding');
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  if (!coding) return reply.send(gunzipSync(cached.value.gzip).toString('utf8'));
  return reply.header('Content-Encoding', coding).send(cached.value[coding]);
}

/**
 * Serves the built web app. Client routes get index.html; /{slug} and /{topic}/{place} get the
 * profile or the landing page rendered on the server with its meta tags and JSON-LD; an address
 * that names nothing gets the app's not-found page rendered at it, with a 404 status; unknown
 * /api/* paths get JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDir: string, opts: WebOptions) {
  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  const rawHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const meta = [
    opts.betaGate ? '<meta name="glowfind-beta-gate" content="on" />' : '',
    opts.supportUrl ? `<meta name="glowfind-support-url" content="${escapeHtml(opts.supportUrl)}" />` : '',
    opts.instagramUrl
      ? `<meta name="glowfind-instagram-url" content="${escapeHtml(opts.instagramUrl)}" />`
      : '',
    opts.mapTileUrl ? `<meta name="glowfind-map-tile-url" content="${escapeHtml(opts.mapTileUrl)}" />` : '',
  ].filter(Boolean);
  const indexHtml = meta.length
    ? rawHtml.replace('</head>', () => `  ${meta.join('\n  ')}\n  </head>`)
    : rawHtml;
  // Every public client page names its canonical address; the same page at another address (a search
  // state such as /?q=locs&zip=78704 or /availability?zip=78704, an emailed link's query) points to it
  // and is not indexed itself. A page for one person is never indexed, with or without a query.
  const canonicalTags = (url: string, variant: 'page' | 'query') => {
    if (PRIVATE.has(url)) return '<meta name="robots" content="noindex" />';
    return CANONICAL_PAGES.has(url)
      ? `<link rel="canonical" href="${escapeHtml(`${opts.publicUrl}${url}`)}" />${
          variant === 'query' ? '\n    <meta name="robots" content="noindex, follow" />' : ''
        }`
      : '';
  };
  /** A client route's head: its title and description (index.html's own for home) and canonical tags. */
  const withHead = (html: string, url: string, variant: 'page' | 'query') => {
    const head = PAGE_HEADS[url];
    const tags = canonicalTags(url, variant);
    if (head) return injectHead(html, { ...head, tags });
    return tags ? html.replace('</head>', () => `  ${tags}\n  </head>`) : html;
  };
  const pageHtml = new Map(
    [...CLIENT_ROUTES].flatMap((url) => [
      [url, withHead(indexHtml, url, 'page')],
      [`${url}?`, withHead(indexHtml, url, 'query')],
    ]),
  );
  // A rendered page reads without its script: the stylesheet and the pictures load first on a slow
  // link, and the script that hydrates it (and its route's chunk, routeAssets) after them.
  const renderedHtml = indexHtml.replace(
    '<script type="module"',
    () => '<script type="module" fetchpriority="low"',
  );
  const assetsFor = routeAssets(webDir);
  const links = { 'support-url': opts.supportUrl, 'instagram-url': opts.instagramUrl };

  /**
   * index.html with the page's head (index.html's own without one), and its content rendered by the
   * app when there is a renderer.
   */
  async function renderPage(
    url: string,
    page: SsrPage,
    head: PageHead | ((html: string) => string),
  ): Promise<string> {
    const headed = (html: string) => (typeof head === 'function' ? head(html) : injectHead(html, head));
    if (!opts.renderer) return headed(indexHtml);
    const withHead = headed(renderedHtml);
    const rendered = await opts.renderer.render(url, page, links);
    const { tags, chunks } = assetsFor(rendered.modules);
    const preload = chunks.length ? ` ${SSR_CHUNKS_ATTRIBUTE}="${escapeHtml(chunks.join(' '))}"` : '';
    return withHead
      .replace('</head>', () => (tags ? `  ${tags}\n  </head>` : '</head>'))
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${rendered.html}</div>\n    <script id="${SSR_STATE_ID}" type="application/json"${preload}>${rendered.state}</script>`,
      );
  }

  /**
   * The fixed pages, each rendered once on its first request and kept: they change only with the
   * build and the configuration, not with the catalogue (a failed render is tried again next time).
   */
  const fixedPages = new Map<string, Promise<CachedReply<Encoded>>>();
  function fixedPage(url: string, route: FixedPageRoute): Promise<CachedReply<Encoded>> {
    let kept = fixedPages.get(url);
    if (!kept) {
      kept = renderPage(url, { kind: 'fixed', route }, (html) => withHead(html, url, 'page')).then((html) => {
        const hash = createHash('sha256').update(html).digest('base64url');
        return { body: hash, etag: etagOf(hash), value: encode(html), expiresAt: Number.POSITIVE_INFINITY };
      });
      kept.catch(() => fixedPages.delete(url));
      fixedPages.set(url, kept);
    }
    return kept;
  }

  /**
   * 404 for an address that names nothing, or a landing page with nobody there: the app's not-found
   * page of that kind of address (the page reads whole without JavaScript), or index.html with its
   * head when there is no renderer. Addresses are unbounded, so a kind whose page names nothing of
   * the address is rendered once and kept, as the fixed pages are: the 'Oops!' page (two or more
   * segments that are no landing page, a known topic with a place we do not know among them) and
   * the landing route's for a known topic and place with nobody there ('empty-landing'). A
   * profile's names its slug: rendered once under NOT_FOUND_SLUG, then the slug is written in (a
   * slug is [a-z0-9-], nothing to escape). A flood of unknown addresses costs a string replace each,
   * not a render. Any other single segment ('/favicon.ico') is the app's profile route too, naming
   * the segment as the browser decodes it, so it is rendered at its address each time (`kind` null).
   */
  const notFoundPages = new Map<NotFoundKind, Promise<string>>();
  async function sendNotFound(url: string, reply: FastifyReply, kind: NotFoundKind | null) {
    if (!kind) {
      const html = await renderPage(url, { kind: 'fixed', route: 'not-found' }, NOT_FOUND_HEAD);
      return reply
        .status(404)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    }
    let kept = notFoundPages.get(kind);
    if (!kept) {
      const at = kind === 'profile' ? `/${NOT_FOUND_SLUG}` : url;
      const route = kind === 'landing' ? 'empty-landing' : 'not-found';
      kept = renderPage(at, { kind: 'fixed', route }, NOT_FOUND_HEAD);
      kept.catch(() => notFoundPages.delete(kind));
      notFoundPages.set(kind, kept);
    }
    const page = await kept;
    const html = kind === 'profile' ? page.replaceAll(NOT_FOUND_SLUG, url.slice(1)) : page;
    return reply.status(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || !isRead || !hasWeb) {
      return reply
        .status(404)
        .send({ success: false, error: 'NOT_FOUND', message: `No route ${request.method} ${url}` });
    }
    // One address per page: /about/ is /about, as /Kai-Nakamura/ is /kai-nakamura below.
    if (url.length > 1 && url.endsWith('/') && CLIENT_ROUTES.has(url.slice(0, -1))) {
      const query = request.url.slice(url.length);
      return reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).redirect(`${url.slice(0, -1)}${query}`, 301);
    }
    const fixed = FIXED_PAGE_ROUTES[url];
    if (fixed && opts.renderer && !opts.betaGate && request.url === url) {
      return sendPage(request, reply, await fixedPage(url, fixed));
    }
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // Behind the beta gate, profile pages are not described to anyone who has not passed it.
    if (CLIENT_ROUTES.has(url) || THREAD_PATH.test(url) || opts.betaGate) {
      const route = THREAD_PATH.test(url) ? '/messages' : url;
      const key = request.url === url ? route : `${route}?`;
      return reply.send(pageHtml.get(key) ?? indexHtml);
    }
    const path = url.toLowerCase().replace(/\/$/, '');
    const slug = SLUG_PATH.exec(url)?.[1]?.toLowerCase();
    const find =
      slug && !isReservedSlug(slug)
        ? (db: Db) => opts.profilePage(slug, db)
        : isLandingPath(path)
          ? (db: Db) => {
              const [, topic, place] = path.split('/') as [string, string, string];
              return opts.landingPage(topic, place, db);
            }
          : null;
    // One segment that is no slug ('/favicon.ico') is still the app's profile route ('/:slug').
    if (!find) return sendNotFound(url, reply, ONE_SEGMENT.test(url) ? null : 'page');
    // One address per page: the app reads its data by the path's exact words, so /Kai-Nakamura/ is
    // sent to /kai-nakamura (a crawler keeps one URL; the page hydrates with the data it was made from).
    const canonical = slug ? `/${slug}` : path;
    if (url !== canonical) {
      const query = request.url.slice(url.length);
      return reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).redirect(`${canonical}${query}`, 301);
    }
    // The page is the same for everyone (the visitor's view; a signed-in viewer's own details come
    // from the API after hydration), so it is kept like the public API replies (ADR 014).
    const cached = await opts.replies
      .get(
        `page:${canonical}`,
        async (db) => {
          const page = await find(db);
          if (!page) throw new PageNotFound(slug ? 'profile' : 'page');
          if (page === 'empty') throw new PageNotFound('landing');
          const html = await renderPage(canonical, page.page, page.head);
          const encoded = encode(html);
          return {
            value: encoded,
            reply: createHash('sha256').update(html).digest('base64url'),
            valueBytes: encoded.br.length + encoded.gzip.length,
            ...(page.expiresAt !== undefined ? { expiresAt: page.expiresAt } : {}),
          };
        },
        (html) => html as string,
      )
      .catch((error: unknown) => {
        if (error instanceof PageNotFound) return error;
        throw error;
      });
    if (cached instanceof PageNotFound) return sendNotFound(canonical, reply, cached.kind);
    return sendPage(request, reply, cached);
  });
}
