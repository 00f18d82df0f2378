import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSearchLogsExportQuerySchema,
  AdminSearchLogsQuerySchema,
  csvExportHeaders,
  SearchLogsReplySchema,
} from '#domain/admin.ts';
import { searchWords } from '#domain/insights.ts';
import {
  NearestZipQuerySchema,
  NearestZipReplySchema,
  ProvidersQuerySchema,
  ProvidersReplySchema,
  SearchBodySchema,
  SearchReplySchema,
} from '#domain/search.ts';
import { readingFrom } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { bearerToken } from '#server/plugins/auth.ts';
import { sendBody, sendPublic } from '#server/plugins/public-cache.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { publicReader } from '#server/plugins/read-your-writes.ts';
import { InsightTokens, withInsightToken } from '../insights/insights.service';
import * as search from './search.service';
import { SearchLogWriter } from './search-log';
import * as searchLogs from './search-logs.service';

const tags = ['search'];

/** What the search routes are handed by src/server/app.ts, from modules search does not import. */
export interface SearchRouteOptions {
  /**
   * The landing page that lists a first page's results, if one exists (the places module's), read on
   * `db` as of catalogue version `version` (the reply's).
   */
  landingLink: (
    searched: {
      query: string;
      locationZip: string | null;
    },
    db: Db,
    version: number,
  ) => Promise<{ path: string; label: string } | null>;
}

export async function searchRoutes(base: FastifyInstance, opts: SearchRouteOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const searchLog = new SearchLogWriter({ db: ctx.db, log: ctx.log, secret: ctx.secret, now: ctx.now });
  // onClose runs after in-flight requests have finished, so every logged search is written.
  base.addHook('onClose', async () => searchLog.close());
  const caches = search.createSearchCaches();
  const insightTokens = new InsightTokens(ctx.secret);

  app.get(
    '/api/providers',
    {
      config: { rateLimit: RATE_LIMITS.search, gatedOnMiss: true },
      schema: {
        tags,
        summary: "'Beauty Professionals': active providers, newest first",
        querystring: ProvidersQuerySchema,
        response: { 200: ProvidersReplySchema },
      },
    },
    async (req, reply) => {
      const cached = await ctx.replies.get(
        `providers:${JSON.stringify(req.query)}`,
        async (db) => ({
          value: null,
          reply: { success: true as const, ...(await search.listProviders(readingFrom(ctx, db), req.query)) },
        }),
        (body) => reply.serialize(body) as string,
        publicReader(ctx.recentWriters, req, ctx.now),
      );
      return sendPublic(req, reply, cached);
    },
  );

  app.post(
    '/api/search',
    {
      config: { rateLimit: RATE_LIMITS.search, gatedOnMiss: true },
      schema: {
        tags,
        summary: 'Search providers by text, zip radius, price, availability and experience',
        body: SearchBodySchema,
        response: { 200: SearchReplySchema },
      },
    },
    async (req, reply) => {
      const { sessionId, ...asked } = req.body;
      // The same question gets the same answer until the catalogue changes; 'today' and 'tomorrow'
      // depend on the date as well.
      const key = `search:${search.localDate(ctx.now())}:${JSON.stringify(asked)}`;
      const cached = await ctx.replies.get(
        key,
        async (db, version) => {
          // The landing link needs only the words and the zip: its check runs beside the search's
          // statements, not after them (a second wait for a pooled connection).
          const { text, zip } = search.searchedWords(req.body);
          const [outcome, landing] = await Promise.all([
            search.searchProviders(readingFrom(ctx, db), req.body, caches),
            req.body.cursor ? null : opts.landingLink({ query: text, locationZip: zip || null }, db, version),
          ]);
          return {
            value: { log: outcome.log, shown: outcome.reply.results.map((r) => r.id) },
            reply: { success: true as const, ...outcome.reply, landing },
          };
        },
        (body) => reply.serialize(body) as string,
        publicReader(ctx.recentWriters, req, ctx.now),
      );
      // Queued, not awaited: the batch is written after this reply has gone out. A reply from the
      // cache is still a search this person made.
      const { log, shown } = cached.value;
      if (log) {
        searchLog.push({
          ...log,
          sessionId: sessionId || null,
          createdAt: ctx.now(),
          token: bearerToken(req) || undefined,
        });
      }
      // Each reply gets its own insight token (the providers it returned, the words searched): the
      // beacon of the page that renders it counts those impressions, once.
      const token = insightTokens.impressions(shown, searchWords(req.body.query ?? ''), ctx.now());
      return sendBody(reply, withInsightToken(cached.body, token));
    },
  );

  app.get(
    '/api/zips/nearest',
    {
      config: { rateLimit: RATE_LIMITS.search },
      schema: {
        tags,
        summary: "'Use my location': the nearest US zip to a position (offline, from the zip table)",
        querystring: NearestZipQuerySchema,
        response: { 200: NearestZipReplySchema },
      },
    },
    async (req) => ({ success: true as const, ...search.nearestZipTo(req.query) }),
  );

  app.get(
    '/api/search',
    {
      preHandler: [base.authenticate, base.requireAdmin],
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Admins: search logs in a date range (UTC days), newest first (paged)',
        querystring: AdminSearchLogsQuerySchema,
        response: { 200: SearchLogsReplySchema },
      },
    },
    async (req) => {
      // Searches made a moment ago are still queued: write them first, so the admin sees them.
      await searchLog.flush();
      return { success: true as const, data: await searchLogs.listSearchLogs(ctx, req.query) };
    },
  );

  app.get(
    '/api/admin/search-logs/export',
    {
      preHandler: [base.authenticate, base.requireAdmin],
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary:
          'Admins: the search logs of a date range as a CSV download (newest 10,000 at most; x-export-truncated says when cut)',
        querystring: AdminSearchLogsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      await searchLog.flush();
      const result = await searchLogs.exportSearchLogsCsv(ctx, req.query);
      reply.headers(csvExportHeaders('search-logs', result, ctx.now().toISOString().slice(0, 10)));
      return result.csv;
    },
  );
}
