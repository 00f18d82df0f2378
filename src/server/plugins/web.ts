import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '#domain/brand.ts';
import { isReservedSlug } from '#domain/slug.ts';
import { escapeHtml, type PageHead } from '../lib/html';

/** Paths the web app answers itself (SPEC.md §2 route table); anything else single-segment is a slug. */
const CLIENT_ROUTES = new Set([
  '/',
  '/help',
  '/about',
  '/terms',
  '/privacy',
  '/account',
  '/availability',
  '/admin',
  '/reset-password',
  '/unsubscribe',
]);
const SLUG_PATH = /^\/([a-z0-9][a-z0-9-]{0,99})\/?$/i;

export interface WebOptions {
  /** The head of a profile page, or null when the slug is unknown (the page then answers 404). */
  profileHead: (slug: string) => Promise<PageHead | null>;
  /** The beta gate is on: the page says so (the web app shows the gate) and shows no profile data. */
  betaGate?: boolean;
  /** SUPPORT_URL: the about page's 'Support Our Mission' link, handed to the page in a meta tag. */
  supportUrl?: string | undefined;
  /** INSTAGRAM_URL: the footer's Instagram link, in a meta tag; no tag (and no link) when unset. */
  instagramUrl?: string | undefined;
}

/** Titles and descriptions of the fixed pages, in the HTML itself (issue 7: shared links, crawlers). */
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
  '/privacy': {
    title: `Privacy Policy · ${BRAND.name}`,
    description: `What ${BRAND.name} stores, why, the emails it sends, and your choices. We never sell your data.`,
  },
};

/**
 * Puts a page's title, description and extra tags into index.html's head. Every replacement is a
 * function: a replacement string would read `$&`, `$'`, `` $` ``, `$1`, `$<name>` and `$$` in a
 * provider's name or bio as patterns and copy parts of the page into the head (issue 17, item 6).
 */
export function injectHead(html: string, head: PageHead): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `  ${head.tags}\n  </head>`);
}

/**
 * Serves the built web app. Client routes get index.html; /{slug} gets it with the profile's
 * meta tags and JSON-LD (or a 404 status when unknown); unknown /api/* paths get JSON 404.
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
  ].filter(Boolean);
  const indexHtml = meta.length
    ? rawHtml.replace('</head>', () => `  ${meta.join('\n  ')}\n  </head>`)
    : rawHtml;
  const pageHtml = new Map(
    Object.entries(PAGE_HEADS).map(([url, head]) => [url, injectHead(indexHtml, { ...head, tags: '' })]),
  );
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
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // Behind the beta gate, profile pages are not described to anyone who has not passed it.
    if (CLIENT_ROUTES.has(url) || opts.betaGate) return reply.send(pageHtml.get(url) ?? indexHtml);
    const slug = SLUG_PATH.exec(url)?.[1]?.toLowerCase();
    const head = slug && !isReservedSlug(slug) ? await opts.profileHead(slug) : null;
    if (!head) return reply.status(404).send(indexHtml);
    return reply.send(injectHead(indexHtml, head));
  });
}
