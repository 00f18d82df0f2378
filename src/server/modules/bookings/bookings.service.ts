import { ADMIN_LIMITS, ADMIN_TEXTS, type AdminDateRange, dateRangeBounds, toCsv } from '#domain/admin.ts';
import {
  BOOKING_LIMITS,
  BOOKING_TEXTS,
  type BookingStats,
  type LogBookingBody,
  SERVICE_BOOKING_TEXTS,
} from '#domain/bookings.ts';
import { isHttpUrl } from '#domain/links.ts';
import type { AppContext } from '#server/context.ts';
import type { PricingEntry, UserRow } from '#server/db/schema/index.ts';
import { AppError, fieldError, providerNotFound } from '#server/lib/app-error.ts';
import { isValidClickToken } from '#server/lib/click-tokens.ts';
import { decodeKeyset, pageOf } from '#server/lib/keyset-cursor.ts';
import { hasAdminAccess } from '../access/access.service';
import { findOpeningBookingLinks } from '../openings/openings.service';
import * as q from './bookings.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Same link written two ways ('https://a.b' and 'https://a.b/') counts as the same link. */
function sameLink(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/**
 * Logs a signed-in user's click on a provider's booking link. The url must be one of that
 * provider's links, so nobody can fill a provider's analytics with arbitrary addresses. A service's
 * own Book names the service instead: it must be on the provider's stored profile with a link of its
 * own, and that stored link is what is logged, with the service's name. The provider's own clicks
 * and repeats within seconds are answered alike but not counted. A click with a valid click token
 * for this client and provider is logged `via_page` (ADR 008); any other click still counts in
 * analytics but never opens a review.
 */
export async function logBookingClick(ctx: AppContext, user: UserRow, body: LogBookingBody) {
  // Both look-ups at once: one round trip to the database instead of two.
  const [provider, openingLinks] = await Promise.all([
    q.findProviderBookingLink(ctx.db, body.provider_id),
    body.service === undefined ? findOpeningBookingLinks(ctx, body.provider_id) : [],
  ]);
  if (!provider) throw providerNotFound();
  const { link, serviceName } =
    body.service === undefined
      ? { link: mainOrOpeningLink(provider.bookingLink, openingLinks, body.url), serviceName: null }
      : serviceLink(provider.pricing, body.service, body.url);
  if (provider.id === user.id) return { logged: false };
  const logged = await q.insertBookingLogUnlessRecent(ctx.db, {
    clientId: user.id,
    providerId: provider.id,
    url: link,
    serviceName,
    viaPage: await isValidClickToken(ctx, body.click_token, user.id, provider.id),
    now: ctx.now(),
    windowSeconds: BOOKING_LIMITS.duplicateWindowSeconds,
  });
  return { logged };
}

/** The profile's or an opening's link the click names, as the provider wrote it. */
function mainOrOpeningLink(bookingLink: string, openingLinks: string[], url: string | undefined): string {
  const links = [bookingLink, ...openingLinks].filter(Boolean);
  // Logged as the provider's own spelling: the double-click check and the analytics then see one
  // link however the browser wrote it ('HTTPS://BOOK.example.com/x' would otherwise count again).
  const link = url === undefined ? undefined : links.find((l) => sameLink(l, url));
  if (!link) throw fieldError('url', BOOKING_TEXTS.invalidUrl);
  return link;
}

/**
 * The stored link of the provider's service with this name (the first such, as the profile lists
 * it), never a link the client sent. A service not on the profile, or without a link, is refused.
 */
function serviceLink(pricing: readonly PricingEntry[], name: string, url: string | undefined) {
  const pkg = pricing.find((p) => p.service?.trim() === name);
  if (!pkg) throw fieldError('service', SERVICE_BOOKING_TEXTS.unknownService);
  const link = pkg.bookingLink?.trim() ?? '';
  if (!isHttpUrl(link)) throw fieldError('service', SERVICE_BOOKING_TEXTS.serviceWithoutLink);
  if (url !== undefined && !sameLink(link, url)) throw fieldError('url', BOOKING_TEXTS.invalidUrl);
  return { link, serviceName: name };
}

/** 'YYYY-MM-DD' of a moment at UTC + offsetMinutes. */
const localDay = (ms: number, offsetMinutes: number) =>
  new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);

/**
 * Total and unique clicks (at most one per client per local day), unique clients, the last 7
 * days, and clicks per local day for the last 30 days. Days are the viewer's (UTC + offsetMinutes),
 * as the chart's, so the unique figures add up across the chart.
 */
export async function getBookingStats(
  ctx: AppContext,
  providerId: string,
  offsetMinutes: number,
): Promise<BookingStats> {
  const now = ctx.now().getTime();
  // Local midnight, 29 days before today, as a UTC instant.
  const todayStart = Date.parse(`${localDay(now, offsetMinutes)}T00:00:00Z`) - offsetMinutes * 60_000;
  const since = new Date(todayStart - (BOOKING_LIMITS.chartDays - 1) * DAY_MS);
  const [totals, days] = await Promise.all([
    q.findBookingTotals(ctx.db, providerId, new Date(now - 7 * DAY_MS), offsetMinutes),
    q.findBookingsPerDay(ctx.db, providerId, since, offsetMinutes),
  ]);
  const counts = new Map(days.map((d) => [d.date, d]));
  const per_day = Array.from({ length: BOOKING_LIMITS.chartDays }, (_, i) => {
    const date = localDay(since.getTime() + i * DAY_MS + 12 * 60 * 60 * 1000, offsetMinutes);
    const day = counts.get(date);
    return { date, count: day?.count ?? 0, unique: day?.unique ?? 0 };
  });
  return {
    total_clicks: totals.total,
    unique_clicks: totals.unique_clicks,
    unique_clients: totals.unique_clients,
    last_7_days: totals.last_7_days,
    unique_last_7_days: totals.unique_last_7_days,
    per_day,
  };
}

/**
 * A page of clicks. With `providerId`: that provider's, with stats, for the provider themself or an
 * admin (anyone else gets 404: the numbers are private). Without: every click, admins only. An
 * admin reading someone else's clicks also needs the 'Admin Access' step when ADMIN_PASSWORD is set.
 */
export async function listBookingLogs(
  ctx: AppContext,
  user: UserRow,
  adminToken: string,
  query: { providerId: string | undefined; limit: number; cursor?: string | undefined; tzOffset: number },
) {
  if (query.providerId !== user.id) {
    if (user.role !== 'admin') {
      if (query.providerId) throw new AppError('NOT_FOUND', 'Not found');
      throw new AppError('FORBIDDEN', ADMIN_TEXTS.accessDenied);
    }
    if (!(await hasAdminAccess(ctx, user, adminToken))) throw new AppError('ADMIN_ACCESS_REQUIRED');
  }
  const after = decodeKeyset(query.cursor);
  const [rows, total, stats] = await Promise.all([
    q.findBookingLogs(ctx.db, query.providerId, query.limit, after),
    q.countBookingLogs(ctx.db, query.providerId),
    query.providerId ? getBookingStats(ctx, query.providerId, query.tzOffset) : undefined,
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    logs: page.map(({ keyset: _k, first_name, last_initial, ...log }) => ({
      ...log,
      client: first_name === null ? null : { first_name, last_initial },
    })),
    total,
    nextCursor,
    ...(stats ? { stats } : {}),
  };
}

const withoutKeyset = <T extends { keyset: unknown }>({ keyset: _k, ...row }: T) => row;

/** GET /api/admin/booking-logs: a page of every click, newest first, with names (admins). */
export async function listAdminBookingLogs(
  ctx: AppContext,
  query: AdminDateRange & { limit: number; cursor?: string | undefined },
) {
  const range = dateRangeBounds(query);
  const after = decodeKeyset(query.cursor);
  const [rows, total] = await Promise.all([
    q.findAdminBookingLogs(ctx.db, range, query.limit, after),
    q.countAdminBookingLogs(ctx.db, range),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { logs: page.map(withoutKeyset), total, nextCursor };
}

/**
 * The clicks within the dates as CSV, newest first, at most ADMIN_LIMITS.exportMaxRows of them
 * (`truncated` when more matched). Cells are formula-safe (`toCsv`).
 */
export async function exportBookingLogsCsv(ctx: AppContext, query: AdminDateRange) {
  const max = ADMIN_LIMITS.exportMaxRows;
  const rows = await q.findAdminBookingLogs(ctx.db, dateRangeBounds(query), max, null);
  const page = rows.slice(0, max);
  const csv = toCsv(
    [
      'id',
      'created_at',
      'provider_name',
      'provider_id',
      'provider_slug',
      'client_name',
      'client_id',
      'url',
      'service_name',
    ],
    page.map((r) => [
      r.id,
      r.created_at,
      r.provider_name,
      r.provider_id,
      r.provider_slug,
      r.client_name ?? BOOKING_TEXTS.deletedClient,
      r.client_id ?? '',
      r.url,
      r.service_name ?? '',
    ]),
  );
  return { csv, rows: page.length, truncated: rows.length > max };
}
