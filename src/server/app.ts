import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { SsrRenderer } from '#domain/ssr.ts';
import { type Config, mapTileOrigin, type TrustProxy } from './config';
import { type AppContext, readingFrom } from './context';
import type { Database } from './db/client';
import { backgroundTasks } from './lib/background';
import { EventBus } from './lib/events';
import { serializeError } from './lib/log-errors';
import { MAILBOX_LOG_BINDING, redactingLoggerOptions } from './lib/log-redaction';
import { RecentWriters } from './lib/recent-writers';
import { createMailTransport, type MailTransport } from './mail/transport';
import { MailWorker } from './mail/worker';
import { accessRoutes } from './modules/access/access.routes';
import { hasAdminAccess, hasBetaAccess } from './modules/access/access.service';
import { accountDataRoutes } from './modules/account/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { userFromAccessToken } from './modules/auth/auth.service';
import { emailChangeRoutes } from './modules/auth/email-change.routes';
import { passkeyRoutes } from './modules/auth/passkeys.routes';
import { sessionRoutes } from './modules/auth/sessions.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { favoriteRoutes } from './modules/favorites/favorites.routes';
import { formRoutes } from './modules/forms/forms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightRoutes } from './modules/insights/insights.routes';
import {
  recordNewFavorite,
  recordPushOpened,
  recordSavedSearchAlertInclusions,
} from './modules/insights/insights.service';
import { type InboundSmtp, startInboundSmtp } from './modules/messages/inbound-smtp';
import { messageModerationRoutes } from './modules/messages/message-moderation.routes';
import { MessageNotifier } from './modules/messages/message-notifications.service';
import { messageRoutes } from './modules/messages/messages.routes';
import { savedReplyRoutes } from './modules/messages/saved-replies.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { isNotificationMailStillWanted } from './modules/notifications/notifications.service';
import { openingAlertRoutes } from './modules/openings/opening-alerts.routes';
import { isAlertStillWanted, OpeningAlertDispatcher } from './modules/openings/opening-alerts.service';
import { openingRoutes } from './modules/openings/openings.routes';
import { placeRoutes } from './modules/places/places.routes';
import { landingPage } from './modules/places/places.seo';
import { createLandingChecks, listLandingPages, searchLandingLink } from './modules/places/places.service';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { profilePage } from './modules/profiles/profiles.seo';
import { pushRoutes } from './modules/push/push.routes';
import { forgetLoginDevices, queueMessagePushes, queueOpeningPushes } from './modules/push/push.service';
import { PushSender } from './modules/push/push-sender.service';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import {
  isSavedSearchAlertStillWanted,
  recordSavedSearchMatches,
  SavedSearchAlertDispatcher,
} from './modules/saved-searches/saved-search-alerts.service';
import { savedSearchRoutes } from './modules/saved-searches/saved-searches.routes';
import { searchRoutes } from './modules/search/search.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import type { SitemapOptions } from './modules/seo/seo.service';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { findReplacementUrl } from './modules/uploads/uploads.service';
import { AdmissionGate, type GateLimits, PGLITE_GATE, registerAdmissionGate } from './plugins/admission-gate';
import { registerAuth } from './plugins/auth';
import { registerBetaGate } from './plugins/beta-gate';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { createPublicReplies } from './plugins/public-cache';
import { registerRateLimit } from './plugins/rate-limit';
import { registerReadYourWrites } from './plugins/read-your-writes';
import {
  BODY_LIMITS,
  SERVER_TIMEOUTS,
  type ServerTimeouts,
  serverTimeoutOptions,
} from './plugins/request-limits';
import { registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerSerializer } from './plugins/serializer';
import { registerUploadsStatic } from './plugins/uploads-static';
import { registerWeb } from './plugins/web';
import { createStorage, imageOrigins } from './storage/create-storage';
import type { Storage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    mailWorker: MailWorker;
    openingAlerts: OpeningAlertDispatcher;
    messageNotifier: MessageNotifier;
    pushSender: PushSender;
    /** Replies by email: the inbound SMTP server, while it runs (config.inboundSmtp set, from onReady). */
    inboundSmtp: InboundSmtp | null;
    savedSearchAlerts: SavedSearchAlertDispatcher;
    /** Every API route as 'METHOD /path' (HEAD left out), in registration order: the authorization
     *  matrix test reads it so a new route without a row fails the suite. */
    apiRoutes: string[];
    /** The largest body each API route takes, in bytes, by 'METHOD /path': the fuzz suite sends one byte more. */
    apiBodyLimits: Map<string, number>;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /**
   * Over the defaults (LOG_LEVEL, stdout); tests pass a stream to read the lines, a cluster worker the
   * fields every line carries (`base`: pid, hostname, worker). Secrets are always redacted.
   */
  logger?: { level?: string; stream?: { write(line: string): void }; base?: Record<string, unknown> };
  /** Log every request and its response ('incoming request', 'request completed'); default: on, except NODE_ENV=test. */
  requestLogging?: boolean;
  /** Over SERVER_TIMEOUTS: tests of slow clients shorten them. */
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Over PGLITE_GATE (the embedded database's admission gate): tests of a burst shrink it. */
  pgliteGate?: Partial<GateLimits>;
  now?: () => Date;
  mailTransport?: MailTransport;
  storage?: Storage;
  /**
   * The web app's server-rendering entry; default: dist/ssr/entry-server.js beside config.webDir
   * when built (ADR 017), else none. Null: no server rendering.
   */
  renderer?: SsrRenderer | null;
  /** Over the sitemap's defaults: tests shrink the page size; the landing pages plug in `placePages`. */
  sitemap?: Partial<SitemapOptions>;
}

/** The SSR build of the web app (`vite build --ssr`, dist/ssr) beside the client build, if built. */
async function loadRenderer(webDir: string): Promise<SsrRenderer | null> {
  const entry = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as SsrRenderer;
}

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify 5.12 no longer takes a bare hop count (it trusts
 * nothing then), so a count becomes the function proxy-addr used for it: the socket's peer and the
 * next count − 1 addresses in X-Forwarded-For are proxies. Only safe when nothing reaches the server
 * except through them (README 'Behind a reverse proxy'); a list of addresses is safe either way.
 */
/** Where the page's images may come from besides this site: stored images (S3) and the map's tiles. */
const cspImageOrigins = (config: Config) => [...imageOrigins(config), mapTileOrigin(config.mapTileUrl)];

function trustProxyOption(trust: TrustProxy) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * Cross-module effects (docs/architecture.md "Events"): the emitting service does not import the
 * module that reacts; this wiring does. Each handler is awaited by the emit, in the emitter's
 * transaction where the payload carries `tx`.
 */
function subscribedEvents(): EventBus {
  const events = new EventBus();
  // A posted opening is matched against saved searches in the posting's transaction.
  events.on('opening.posted', recordSavedSearchMatches);
  // Then its pushes are queued, to followers and to the saved searches it matched (the matches above).
  events.on('opening.posted', queueOpeningPushes);
  events.on('message.posted', queueMessagePushes);
  events.on('login.ended', forgetLoginDevices);
  events.on('push.opened', ({ db, providerId, at }) => recordPushOpened(db, providerId, at));
  // Provider insights (ADR 019): alert inclusions and new favourites are counted.
  events.on('saved-search-alert.sent', ({ tx, providerIds, at }) =>
    recordSavedSearchAlertInclusions(tx, providerIds, at),
  );
  events.on('favorite.added', ({ db, clientId, providerId, at }) =>
    recordNewFavorite(db, clientId, providerId, at),
  );
  return events;
}

/** Builds the whole server without listening; main.ts and the tests both use it. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const requestLogging = opts.requestLogging ?? config.env !== 'test';
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...opts.logger,
      ...redactingLoggerOptions(),
      serializers: { err: serializeError },
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Routes that need more name their own (BODY_LIMITS): the profile form and the image uploads.
    bodyLimit: BODY_LIMITS.json,
    ...serverTimeoutOptions({ ...SERVER_TIMEOUTS, ...opts.serverTimeouts }),
    // fastify 5.12 deprecates the top-level disableRequestLogging option (FSTDEP023 on every build).
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    // Replies the router makes before any hook runs get the security headers there.
    frameworkErrors: frameworkErrorHandler(
      securityHeaders(config.publicUrl.startsWith('https:'), cspImageOrigins(config)),
    ),
  });
  app.setValidatorCompiler(validatorCompiler);
  registerSerializer(app, { check: config.env === 'test' });

  const transport =
    opts.mailTransport ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      // Without SMTP_URL the log is the local user's mailbox: its links are the one thing not redacted.
      log: config.smtpUrl ? app.log : app.log.child(MAILBOX_LOG_BINDING),
    });
  const worker = new MailWorker({
    db: database.db,
    transport,
    from: config.mailFrom,
    log: app.log,
    ...config.mail,
    ...(opts.now ? { now: opts.now } : {}),
    stillWanted: async (row) =>
      (await isAlertStillWanted(database.db, row)) &&
      (await isSavedSearchAlertStillWanted(database.db, row)) &&
      (await isNotificationMailStillWanted(database.db, row)),
  });
  // PGlite answers one statement at a time: a bounded line in front of it (plugins/admission-gate.ts),
  // for the requests and for the cached public replies' misses. PostgreSQL's pool has its own bounded wait.
  const gate = database.kind === 'pglite' ? new AdmissionGate({ ...PGLITE_GATE, ...opts.pgliteGate }) : null;
  const ctx: AppContext = {
    db: database.db,
    bulkDb: database.bulk,
    config,
    log: app.log,
    secret: new TextEncoder().encode(config.authSecret),
    now: opts.now ?? (() => new Date()),
    storage: opts.storage ?? createStorage(config),
    kickMail: () => worker.kick(),
    // Pushes are queued with what they announce: the sender is woken with the emails' dispatchers.
    kickAlerts: () => {
      pushSender.kick();
      alerts.kick();
      savedSearchAlerts.kick();
    },
    kickMessages: () => {
      pushSender.kick();
      messageNotifier.kick();
    },
    ...backgroundTasks(app.log),
    replies: await createPublicReplies(database, opts.now ?? (() => new Date()), gate),
    recentWriters: new RecentWriters(),
    events: subscribedEvents(),
  };
  const alerts = new OpeningAlertDispatcher(ctx, config.mail.pollMs);
  const savedSearchAlerts = new SavedSearchAlertDispatcher(ctx, config.mail.pollMs);
  const messageNotifier = new MessageNotifier(ctx, config.mail.pollMs);
  const pushSender = new PushSender(ctx, {
    pollMs: config.mail.pollMs,
    retryBaseMs: config.mail.retryBaseMs,
  });
  app.decorate('ctx', ctx);
  app.decorate('mailWorker', worker);
  app.decorate('openingAlerts', alerts);
  app.decorate('savedSearchAlerts', savedSearchAlerts);
  app.decorate('messageNotifier', messageNotifier);
  app.decorate('pushSender', pushSender);
  app.decorate('inboundSmtp', null);

  const apiRoutes: string[] = [];
  const apiBodyLimits = new Map<string, number>();
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('apiBodyLimits', apiBodyLimits);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push(`${method} ${route.url}`);
      apiBodyLimits.set(`${method} ${route.url}`, route.bodyLimit ?? BODY_LIMITS.json);
    }
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app, config.publicUrl.startsWith('https:'), cspImageOrigins(config));
  await registerRateLimit(app, config);
  registerAdmissionGate(app, gate);
  registerAuth(app, { userFromAccessToken, hasAdminAccess });
  // Only replicas make a recent write matter; without them no request pays for the mark.
  if (database.replicas) registerReadYourWrites(app, ctx.recentWriters, ctx.now);
  registerBetaGate(app, hasBetaAccess);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(emailChangeRoutes);
  await app.register(passkeyRoutes);
  await app.register(accountDataRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  await app.register(profileRoutes);
  await app.register(messageRoutes);
  await app.register(savedReplyRoutes);
  await app.register(messageModerationRoutes);
  await app.register(uploadRoutes);
  const landingChecks = createLandingChecks();
  await app.register(searchRoutes, {
    landingLink: (searched, db, version) =>
      searchLandingLink(readingFrom(ctx, db), searched, { memo: landingChecks, version }),
  });
  await app.register(placeRoutes);
  await app.register(favoriteRoutes);
  await app.register(bookingRoutes);
  await app.register(insightRoutes);
  await app.register(accessRoutes);
  await app.register(openingRoutes);
  await app.register(openingAlertRoutes);
  await app.register(formRoutes);
  await app.register(reviewRoutes);
  await app.register(savedSearchRoutes);
  // Before the web app: its not-found handler answers any other path with the HTML app.
  await app.register(seoRoutes, { placePages: () => listLandingPages(ctx), ...opts.sitemap });
  await registerUploadsStatic(app, path.join(config.dataDir, 'uploads'), {
    replacementUrl: (key) => findReplacementUrl(ctx, key),
  });

  await registerWeb(app, config.webDir, {
    profilePage: (slug, db) => profilePage(readingFrom(ctx, db), slug),
    landingPage: (topic, place, db) => landingPage(readingFrom(ctx, db), topic, place),
    publicUrl: config.publicUrl,
    renderer: opts.renderer === undefined ? await loadRenderer(config.webDir) : opts.renderer,
    replies: ctx.replies,
    betaGate: Boolean(config.betaPassword),
    supportUrl: config.supportUrl,
    instagramUrl: config.instagramUrl,
    mapTileUrl: config.mapTileUrl,
  });

  app.addHook('onReady', async () => {
    worker.start();
    alerts.start();
    savedSearchAlerts.start();
    messageNotifier.start();
    pushSender.start();
  });
  // Replies by email: our own SMTP server for the reply addresses, when INBOUND_SMTP_PORT is set.
  if (config.inboundSmtp) {
    const inbound = config.inboundSmtp;
    app.addHook('onReady', async () => {
      app.inboundSmtp = await startInboundSmtp(ctx, inbound);
    });
    app.addHook('onClose', async () => {
      await app.inboundSmtp?.close();
      app.inboundSmtp = null;
    });
  }
  app.addHook('onClose', async () => {
    await ctx.settle();
    await ctx.replies.close();
    await alerts.stop();
    await savedSearchAlerts.stop();
    await messageNotifier.stop();
    await pushSender.stop();
    await worker.stop();
    transport.close();
  });
  return app;
}
