import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { matchesEtag } from '#server/lib/catalogue-cache.ts';
import { PUBLIC_CACHE_CONTROL } from '#server/plugins/public-cache.ts';
import { parseSitemapFile, robotsTxt, type SitemapFile, type SitemapOptions, Sitemaps } from './seo.service';

/** A file can cost a second of database work at a million providers: a crawler needs a few a minute. */
const SITEMAP_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };
/** Not API routes: left out of /api/openapi.json (and so of its fuzzing). */
const schema = { hide: true };

/**
 * /robots.txt, the sitemap index at /sitemap.xml and its files under /sitemaps/ (issue 22 items 1
 * and 2). Registered before the web app, whose not-found handler would answer them with its HTML.
 */
export async function seoRoutes(app: FastifyInstance, options: Partial<SitemapOptions> = {}) {
  const { ctx } = app;
  const betaGate = Boolean(ctx.config.betaPassword);
  const robots = robotsTxt(ctx.config.publicUrl, betaGate);
  const sitemaps = new Sitemaps(ctx, options);

  app.get('/robots.txt', { schema }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(robots),
  );

  const sendSitemap = async (req: FastifyRequest, reply: FastifyReply, file: SitemapFile | null) => {
    const arrival = ctx.now().getTime();
    // Behind the beta gate the catalogue is not described to anyone.
    if (betaGate || !file) throw new AppError('NOT_FOUND');
    const answer = await sitemaps.answer(file);
    if (!answer) throw new AppError('NOT_FOUND');
    const { etag } = answer;
    // HTTP dates count whole seconds: a version first seen in the second the request arrived in
    // could be followed by another in that same second, which a client holding this date would
    // then never fetch. So the date is given once that second is over (the ETag always is).
    const lastModified = Math.floor(answer.seenAt / 1000) * 1000;
    const datable = lastModified + 1000 <= arrival;
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
    // If-None-Match, when sent, decides alone (RFC 9110 §13.1.3).
    const unchanged = ifNoneMatch
      ? matchesEtag(ifNoneMatch, etag)
      : datable && Number.isFinite(ifModifiedSince) && ifModifiedSince >= lastModified;
    // Started before any header is set: a database error here is answered as any other error.
    const body = unchanged || req.method === 'HEAD' ? undefined : await answer.body();
    if (body === null) throw new AppError('NOT_FOUND');
    reply
      .header('ETag', etag)
      .header('Cache-Control', PUBLIC_CACHE_CONTROL)
      .type('application/xml; charset=utf-8');
    if (datable) reply.header('Last-Modified', new Date(lastModified).toUTCString());
    if (unchanged) return reply.code(304).send();
    if (!body) return reply.send();
    return reply.send(Readable.from(body, { objectMode: false }));
  };

  app.get('/sitemap.xml', { schema, config: { rateLimit: SITEMAP_RATE_LIMIT } }, (req, reply) =>
    sendSitemap(req, reply, { kind: 'index', name: 'sitemap.xml' }),
  );
  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema, config: { rateLimit: SITEMAP_RATE_LIMIT } },
    (req, reply) => sendSitemap(req, reply, parseSitemapFile(req.params.file)),
  );
}
