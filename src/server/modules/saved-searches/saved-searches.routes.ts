import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '#domain/errors.ts';
import { OpeningsForYouReplySchema } from '#domain/openings.ts';
import { IF_MATCH_HEADER, IfMatchHeadersSchema } from '#domain/profile-versions.ts';
import {
  VersionedSavedSearchesReplySchema,
  VersionedSavedSearchReplySchema,
} from '#domain/saved-search-versions.ts';
import {
  RenameSavedSearchBodySchema,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
  SavedSearchAlertBodySchema,
  SavedSearchDeletedReplySchema,
  SavedSearchParamsSchema,
  SavedSearchSettingsReplySchema,
  SavedSearchSettingsSchema,
} from '#domain/saved-searches.ts';
import { CreateSavedSearchBodySchema } from '#domain/saved-searches-body.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { listOpeningsForYou } from './openings-for-you.service';
import { unsubscribeFromSavedSearch } from './saved-search-alerts.service';
import * as saved from './saved-searches.service';

const tags = ['saved-searches'];
const security = [{ bearerAuth: [] }];
const TokenSchema = z.string().min(1).max(1000);

export async function savedSearchRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = base;
  const preHandler = base.authenticate;
  const write = { preHandler, config: { rateLimit: RATE_LIMITS.favorite } };
  /** The 412 of a write sent with the If-Match of a version changed since. */
  const stale = { 412: ErrorBodySchema.describe(VERSION_TEXTS.savedSearchChanged) };
  const ifMatchDescription = (what: string) =>
    `With \`If-Match\` (the search's \`version\` from your list), ${what} only while the saved search is still that version (its name and alert switch): after a change made meanwhile in another tab or device the answer is 412 PRECONDITION_FAILED and nothing changes. No header (or \`*\`): whatever the version (older clients).`;

  // Mail clients send RFC 8058 one-click unsubscribes as a form post ('List-Unsubscribe=One-Click').
  base.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/saved-searches',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Your saved searches, newest first',
        description:
          'Each carries its `version`: send it back as `If-Match` when renaming, switching or deleting it, so that a change made meanwhile in another tab or device is never overwritten.',
        response: { 200: VersionedSavedSearchesReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      savedSearches: await saved.listSavedSearches(ctx, req.user.id),
      max: SAVED_SEARCH_LIMITS.perAccount,
    }),
  );

  app.post(
    '/api/saved-searches',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: `Save a search (POST /api/search's body) with a name; at most ${SAVED_SEARCH_LIMITS.perAccount}`,
        body: CreateSavedSearchBodySchema,
        response: { 200: VersionedSavedSearchReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      message: SAVED_SEARCH_TEXTS.saved,
      savedSearch: await saved.createSavedSearch(ctx, req.user.id, req.body),
    }),
  );

  app.get(
    '/api/saved-searches/settings',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Saved-search alert emails a day at most',
        response: { 200: SavedSearchSettingsReplySchema },
      },
    },
    async (req) => ({ success: true as const, dailyCap: await saved.getDailyCap(ctx, req.user.id) }),
  );

  app.get(
    '/api/saved-searches/openings',
    {
      preHandler,
      config: { rateLimit: RATE_LIMITS.search },
      schema: {
        tags,
        security,
        summary:
          "'New for you': the openings of the next 5 days that match your saved searches, soonest first, each with the saved search it matches and your click token",
        response: { 200: OpeningsForYouReplySchema },
      },
    },
    async (req) => ({ success: true as const, openings: await listOpeningsForYou(ctx, req.user) }),
  );

  app.put(
    '/api/saved-searches/settings',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Set how many saved-search alert emails a day you get at most',
        body: SavedSearchSettingsSchema,
        response: { 200: SavedSearchSettingsReplySchema },
      },
    },
    async (req) => ({
      success: true as const,
      dailyCap: await saved.setDailyCap(ctx, req.user.id, req.body.dailyCap),
    }),
  );

  app.post(
    '/api/saved-searches/unsubscribe',
    {
      config: { rateLimit: RATE_LIMITS.verifyEmail },
      schema: {
        tags,
        summary:
          "One-click unsubscribe from one saved search's alerts (signed token from the email; no login)",
        querystring: z.object({ token: TokenSchema.optional() }),
        body: z.object({ token: TokenSchema.optional() }).passthrough().nullish(),
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
    },
    async (req) => {
      await unsubscribeFromSavedSearch(ctx, req.query.token ?? req.body?.token ?? '');
      return { success: true as const, message: SAVED_SEARCH_TEXTS.unsubscribed };
    },
  );

  app.put(
    '/api/saved-searches/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Rename one of your saved searches',
        description: `${ifMatchDescription('it is renamed')} The reply carries the new version, as \`ETag\` and in \`savedSearch.version\`.`,
        headers: IfMatchHeadersSchema,
        params: SavedSearchParamsSchema,
        body: RenameSavedSearchBodySchema,
        response: { 200: VersionedSavedSearchReplySchema, ...stale },
      },
    },
    async (req, reply) => {
      const savedSearch = await saved.renameSavedSearch(
        ctx,
        req.user.id,
        req.params.id,
        req.body.name,
        req.headers[IF_MATCH_HEADER],
      );
      reply.header('ETag', savedSearch.version);
      return { success: true as const, message: SAVED_SEARCH_TEXTS.renamed, savedSearch };
    },
  );

  app.put(
    '/api/saved-searches/:id/alert',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: "Turn one saved search's opening alerts on or off",
        description: `${ifMatchDescription('the switch is set')} The reply carries the new version, as \`ETag\` and in \`savedSearch.version\`.`,
        headers: IfMatchHeadersSchema,
        params: SavedSearchParamsSchema,
        body: SavedSearchAlertBodySchema,
        response: { 200: VersionedSavedSearchReplySchema, ...stale },
      },
    },
    async (req, reply) => {
      const savedSearch = await saved.setSavedSearchAlert(
        ctx,
        req.user.id,
        req.params.id,
        req.body.alert,
        req.headers[IF_MATCH_HEADER],
      );
      reply.header('ETag', savedSearch.version);
      return {
        success: true as const,
        message: savedSearch.alert ? SAVED_SEARCH_TEXTS.alertOn : SAVED_SEARCH_TEXTS.alertOff,
        savedSearch,
      };
    },
  );

  app.delete(
    '/api/saved-searches/history',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Delete your saved-search alert history (the alerts sent and the openings they named)',
        response: { 200: SavedSearchDeletedReplySchema },
      },
    },
    async (req) => {
      await saved.deleteAlertHistory(ctx, req.user.id);
      return { success: true as const, message: SAVED_SEARCH_TEXTS.historyDeleted };
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      ...write,
      schema: {
        tags,
        security,
        summary: 'Delete one of your saved searches',
        description: ifMatchDescription('it is deleted'),
        headers: IfMatchHeadersSchema,
        params: SavedSearchParamsSchema,
        response: { 200: SavedSearchDeletedReplySchema, ...stale },
      },
    },
    async (req) => {
      await saved.deleteSavedSearch(ctx, req.user.id, req.params.id, req.headers[IF_MATCH_HEADER]);
      return { success: true as const, message: SAVED_SEARCH_TEXTS.deleted };
    },
  );
}
