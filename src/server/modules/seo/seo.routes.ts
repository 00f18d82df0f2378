import { pipeline, Readable } from 'node:stream';
import { pipeline as pipelinePromise } from 'node:stream/promises';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { matchesEtag } from '#server/lib/catalogue-cache.ts';
import { type ContentCoding, codingFor } from '#server/lib/content-coding.ts';
import { PUBLIC_CACHE_CONTROL } from '#server/plugins/public-cache.ts';
import { parseSitemapFile, robotsTxt, type SitemapFile, type SitemapOptions, Sitemaps } from './seo.service';

/** A file can cost a second of database work at a million providers: a crawler needs a few a minute. */
const SITEMAP_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };
/** Not API routes: left out of /api/openapi.json (and so of its fuzzing). */
const schema = { hide: true };

/**
 * A file streamed compressed as it is written (a providers file is 5 MB of XML, about a tenth of that
 * compressed): brotli at a quality that keeps up with the database, or gzip.
 */
function compressor(coding: ContentCoding) {
  return coding === 'br'
    ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
    : createGzip({ level: 6 });
}

/** How many files' sent lengths a process keeps for HEAD (each an ETag: a file in one coding at one version). */
const HEAD_LENGTHS_KEPT = 256;

/** The bytes a body comes to as the GET sends it (compressed in `coding`, or as it is). */
async function sentLength(body: AsyncGenerator<string>, coding: ContentCoding | null): Promise<number> {
  let length = 0;
  const count = async (chunks: AsyncIterable<Buffer | string>) => {
    for await (const chunk of chunks) length += Buffer.byteLength(chunk);
  };
  const text = Readable.from(body, { objectMode: false });
  await (coding ? pipelinePromise(text, compressor(coding), count) : pipelinePromise(text, count));
  return length;
}

/**
 * /robots.txt, the sitemap index at /sitemap.xml and its files under /sitemaps/. Registered before
 * the web app, whose not-found handler would answer them with its HTML.
 */
export async function seoRoutes(app: FastifyInstance, options: Partial<SitemapOptions> = {}) {
  const { ctx } = app;
  const betaGate = Boolean(ctx.config.betaPassword);
  const robots = robotsTxt(ctx.config.publicUrl, betaGate);
  const sitemaps = new Sitemaps(ctx, options);
  // A GET streams a file (no Content-Length); a HEAD says how long the GET would be, so the body is
  // made once and counted, and the count kept under its ETag, which names exactly those bytes.
  const headLengths = new Map<string, number>();
  const headLength = async (etag: string, body: AsyncGenerator<string>, coding: ContentCoding | null) => {
    const length = await sentLength(body, coding);
    if (headLengths.size >= HEAD_LENGTHS_KEPT) headLengths.delete(headLengths.keys().next().value!);
    headLengths.set(etag, length);
    return length;
  };

  app.get('/robots.txt', { schema }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(robots),
  );

  const sendSitemap = async (req: FastifyRequest, reply: FastifyReply, file: SitemapFile | null) => {
    const arrival = ctx.now().getTime();
    // Behind the beta gate the catalogue is not described to anyone.
    if (betaGate || !file) throw new AppError('NOT_FOUND');
    const answer = await sitemaps.answer(file);
    if (!answer) throw new AppError('NOT_FOUND');
    const coding = codingFor(req.headers['accept-encoding']);
    // Each coding is its own representation, with its own ETag (as the server-rendered pages).
    const etag = coding ? `${answer.etag.slice(0, -1)}-${coding}"` : answer.etag;
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
    const isHead = req.method === 'HEAD';
    const knownLength = isHead ? headLengths.get(etag) : undefined;
    // Started before any header is set: a database error here is answered as any other error.
    const body = unchanged || knownLength !== undefined ? undefined : await answer.body();
    if (body === null) throw new AppError('NOT_FOUND');
    const length = isHead && !unchanged ? (knownLength ?? (await headLength(etag, body!, coding))) : 0;
    reply
      .header('ETag', etag)
      .header('Cache-Control', PUBLIC_CACHE_CONTROL)
      .header('Vary', 'Accept-Encoding')
      .type('application/xml; charset=utf-8');
    if (datable) reply.header('Last-Modified', new Date(lastModified).toUTCString());
    if (unchanged) return reply.code(304).send();
    if (coding) reply.header('Content-Encoding', coding);
    // The route serves HEAD itself (Fastify's own HEAD would say 0 for a body it never saw).
    if (isHead) return reply.header('Content-Length', String(length)).send();
    if (!body) return reply.send();
    const text = Readable.from(body, { objectMode: false });
    if (!coding) return reply.send(text);
    // pipeline: an error in the body (a failed batch) destroys the compressed stream too, so the
    // response is cut rather than left hanging.
    return reply.send(pipeline(text, compressor(coding), () => {}));
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/sitemap.xml',
    schema,
    config: { rateLimit: SITEMAP_RATE_LIMIT },
    handler: (req, reply) => sendSitemap(req, reply, { kind: 'index', name: 'sitemap.xml' }),
  });
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: '/sitemaps/:file',
    schema,
    config: { rateLimit: SITEMAP_RATE_LIMIT },
    handler: (req, reply) => sendSitemap(req, reply, parseSitemapFile(req.params.file)),
  });
}
