import { createHash, randomBytes } from 'node:crypto';
import { toCsv } from '#domain/admin.ts';
import {
  INSIGHT_FIGURES,
  INSIGHT_LIMITS,
  type InsightDay,
  type InsightPeriod,
  type Insights,
} from '#domain/insights.ts';
import { wallTimeToInstant } from '#domain/openings-options.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { timeZoneOfZip } from '#server/lib/time-zones.ts';
import { providerTimeZone } from '../openings/openings.service';
import type { InsightToken } from './insight-token';
import * as q from './insights.queries';

// Provider insights (ADR 019). Events arrive from the web app's beacons, are
// queued by InsightWriter (insight-writer.ts) and written here in batches as counters per provider
// and day, the day in the provider's time zone.

export { InsightTokens } from './insight-token';

/** What the beacon route queues: a token it has read (insight-token.ts), and when the beacon came. */
export interface InsightEvent {
  token: InsightToken;
  at: Date;
}

/**
 * A cached reply's body (serialized once for everyone) with this request's own insight token first:
 * the cache keeps what every asker shares, the token is each reply's own.
 */
export function withInsightToken(body: string, token: string): string {
  return `{"insight_token":${JSON.stringify(token)},${body.slice(1)}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' of an instant on the clocks of `timeZone`. */
export function localDay(at: Date | number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The calendar day `n` days after 'YYYY-MM-DD' (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Each listed provider's effective zone (their choice, else their zip's); others are absent. */
async function listedZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await q.findListedProviderZones(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.time_zone ?? timeZoneOfZip(r.zip)]));
}

const emptyCounts = (providerId: string, day: string): q.DayCounts => ({
  providerId,
  day,
  impressions: 0,
  profileViews: 0,
  newFavorites: 0,
  alertInclusions: 0,
  pushOpens: 0,
});

/** The day's salted hash of a visitor of one provider: not reversible, and unlinkable once the salt is gone. */
const visitorKey = (salt: string, providerId: string, visitor: string) =>
  createHash('sha256').update(`${salt}\n${providerId}\n${visitor}`).digest('hex').slice(0, 32);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareKeys = (a: { providerId: string; day: string }, b: { providerId: string; day: string }) =>
  compare(a.providerId, b.providerId) || compare(a.day, b.day);

/**
 * Writes a batch of beacon events: impressions and their search words as counters, profile views
 * as one per visitor per provider and day (ADR 019). A token counts once (the first of its beacons,
 * whichever process it reached); events of unknown or unlisted providers are dropped. One
 * transaction, so a batch counts wholly or not at all.
 */
export async function writeInsightEvents(db: Db, batch: readonly InsightEvent[]): Promise<void> {
  // A token sent twice in one batch counts once.
  const events = [...new Map(batch.map((e) => [e.token.nonce, e])).values()];
  const ids = events.flatMap(({ token }) => (token.kind === 'view' ? [token.providerId] : token.providerIds));
  if (ids.length === 0) return;
  const zones = await listedZones(db, ids);
  await db.transaction(async (tx) => {
    const fresh = await q.insertCountedTokens(
      tx,
      events.map(({ token }) => ({ nonce: token.nonce, expiresAt: token.expiresAt })),
    );
    const days = new Map<string, q.DayCounts>();
    const counts = (providerId: string, day: string) => {
      const key = `${providerId}/${day}`;
      let row = days.get(key);
      if (!row) {
        row = emptyCounts(providerId, day);
        days.set(key, row);
      }
      return row;
    };
    const words = new Map<string, q.WordCount>();
    const views: { providerId: string; day: string; visitor: string }[] = [];
    for (const { token, at } of events) {
      if (!fresh.has(token.nonce)) continue;
      if (token.kind === 'view') {
        const zone = zones.get(token.providerId);
        if (zone)
          views.push({ providerId: token.providerId, day: localDay(at, zone), visitor: token.visitor });
        continue;
      }
      // At most INSIGHT_BEACON_LIMITS.idsMax providers × INSIGHT_LIMITS.wordsPerSearch words a token.
      for (const providerId of new Set(token.providerIds)) {
        const zone = zones.get(providerId);
        if (!zone) continue;
        const day = localDay(at, zone);
        counts(providerId, day).impressions++;
        for (const word of token.words) {
          const key = `${providerId}/${day}/${word}`;
          const row = words.get(key) ?? { providerId, day, word, count: 0 };
          row.count++;
          words.set(key, row);
        }
      }
    }
    if (views.length > 0) {
      const salts = await q.findOrCreateDaySalts(tx, [...new Set(views.map((v) => v.day))], () =>
        randomBytes(16).toString('hex'),
      );
      const keys = new Map<string, { providerId: string; day: string; visitorKey: string }>();
      for (const v of views) {
        const key = visitorKey(salts.get(v.day)!, v.providerId, v.visitor);
        keys.set(`${v.providerId}/${v.day}/${key}`, {
          providerId: v.providerId,
          day: v.day,
          visitorKey: key,
        });
      }
      const sortedKeys = [...keys.values()].sort(
        (a, b) => compareKeys(a, b) || compare(a.visitorKey, b.visitorKey),
      );
      for (const added of await q.insertNewViewKeys(tx, sortedKeys)) {
        counts(added.provider_id, added.day).profileViews++;
      }
    }
    // In key order: two processes adding to the same rows take their locks in the same order, so
    // their batches wait for each other instead of deadlocking.
    await q.addDayCounts(
      tx,
      [...days.values()].sort((a, b) => compareKeys(a, b)),
    );
    await q.addWordCounts(
      tx,
      [...words.values()].sort((a, b) => compareKeys(a, b) || compare(a.word, b.word)),
    );
  });
}

/**
 * Deletes the raw events (visitor keys and the salts that made them) of days that have ended
 * everywhere: two UTC days back covers every time zone. Well inside INSIGHT_LIMITS.rawEventDays.
 */
export async function purgeRawInsightEvents(db: Db, now: Date): Promise<void> {
  const keepDays = Math.min(2, INSIGHT_LIMITS.rawEventDays);
  await q.deleteRawViewsBefore(db, addDays(now.toISOString().slice(0, 10), -keepDays));
  await q.deleteExpiredCountedTokens(db, now);
}

/** Counts one more favourite for each listed provider, on the day of `at` in that provider's zone. */
async function addToCounter(
  db: Db,
  providerIds: readonly string[],
  at: Date,
  field: 'newFavorites' | 'alertInclusions' | 'pushOpens',
) {
  const zones = await listedZones(db, providerIds);
  await q.addDayCounts(
    db,
    [...zones].map(([providerId, zone]) => ({ ...emptyCounts(providerId, localDay(at, zone)), [field]: 1 })),
  );
}

/**
 * A client saved the provider (called by favourites when the save is new): counted the first time
 * this client saves this provider, never again (unsaving and saving again is not a new favourite).
 */
export async function recordNewFavorite(
  db: Db,
  clientId: string,
  providerId: string,
  at: Date,
): Promise<void> {
  if (await q.insertFavoriteFirst(db, clientId, providerId))
    await addToCounter(db, [providerId], at, 'newFavorites');
}

/**
 * For the saved-search alerts: one alert email went out at `day` (the moment it
 * was sent) listing openings of these providers. Each provider counts once per call, on its own
 * local day of that moment; unknown and unlisted ids are ignored. Call it once per email sent.
 */
export function recordSavedSearchAlertInclusions(
  db: Db,
  providerIds: readonly string[],
  day: Date,
): Promise<void> {
  return addToCounter(db, providerIds, day, 'alertInclusions');
}

/**
 * Someone opened a push notification about one of the provider's openings (the push module calls it
 * once per person and opening): counted on the provider's local day, never who it was.
 */
export function recordPushOpened(db: Db, providerId: string, at: Date): Promise<void> {
  return addToCounter(db, [providerId], at, 'pushOpens');
}

// ---------------------------------------------------------------------------------------------
// What the provider reads

/** The provider themself only: anyone else gets 404, as for another's private resource. */
function assertOwn(user: UserRow, providerId: string) {
  if (user.id !== providerId || user.userType !== 'provider') throw new AppError('NOT_FOUND', 'Not found');
}

/** The last `days` days (today included, the provider's days), per day and in total, with top words. */
export async function getInsights(
  ctx: AppContext,
  user: UserRow,
  providerId: string,
  days: InsightPeriod,
): Promise<Insights> {
  assertOwn(user, providerId);
  const zone = (await providerTimeZone(ctx, providerId)).effective;
  const to = localDay(ctx.now(), zone);
  const from = addDays(to, -(days - 1));
  const since = new Date(wallTimeToInstant(`${from}T00:00`, zone) ?? Date.parse(`${from}T00:00:00Z`));
  const [stored, clicks, topWords] = await Promise.all([
    q.findDayCounts(ctx.db, providerId, from, to),
    q.findClicksPerDay(ctx.db, providerId, since, zone),
    q.findTopWords(ctx.db, providerId, from, to, INSIGHT_LIMITS.topWords),
  ]);
  const byDay = new Map(stored.map((r) => [r.day, r]));
  const clicksByDay = new Map(clicks.map((r) => [r.day, r.clicks]));
  const perDay: InsightDay[] = Array.from({ length: days }, (_, i) => {
    const date = addDays(from, i);
    const row = byDay.get(date);
    return {
      date,
      impressions: row?.impressions ?? 0,
      profile_views: row?.profile_views ?? 0,
      new_favorites: row?.new_favorites ?? 0,
      alert_inclusions: row?.alert_inclusions ?? 0,
      push_opens: row?.push_opens ?? 0,
      booking_clicks: clicksByDay.get(date) ?? 0,
    };
  });
  const sum = (key: Exclude<keyof InsightDay, 'date'>) => perDay.reduce((n, d) => n + d[key], 0);
  const totals = {
    impressions: sum('impressions'),
    profile_views: sum('profile_views'),
    new_favorites: sum('new_favorites'),
    alert_inclusions: sum('alert_inclusions'),
    push_opens: sum('push_opens'),
    booking_clicks: sum('booking_clicks'),
  };
  return {
    provider_id: providerId,
    time_zone: zone,
    days,
    per_day: perDay,
    totals,
    conversion: totals.profile_views > 0 ? totals.booking_clicks / totals.profile_views : null,
    top_words: topWords,
  };
}

/** The same figures as CSV: one row per day, then the top words. Cells are formula-safe (`toCsv`). */
export async function exportInsightsCsv(
  ctx: AppContext,
  user: UserRow,
  providerId: string,
  days: InsightPeriod,
) {
  const insights = await getInsights(ctx, user, providerId, days);
  const figures = INSIGHT_FIGURES.map((f) => f.key);
  const csv = toCsv(
    ['date', ...figures],
    insights.per_day.map((d) => [d.date, ...figures.map((f) => d[f])]),
  );
  const words = toCsv(
    ['search_word', 'count'],
    insights.top_words.map((w) => [w.word, w.count]),
  );
  return {
    csv: `${csv}\r\n${words}`,
    rows: insights.per_day.length,
    truncated: false,
    today: insights.per_day.at(-1)!.date,
  };
}
