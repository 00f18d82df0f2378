import { plainAmount } from '#domain/opening-price.ts';
import { parsePrice } from '#domain/pricing-options.ts';
import { SAVED_SEARCH_LIMITS } from '#domain/saved-searches.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AppEvents } from '#server/lib/events.ts';
import { PollingWorker } from '#server/lib/polling-loop.ts';
import { readUnsubscribeToken, signUnsubscribeToken, UNSUBSCRIBE_LINK_FAILED } from '#server/lib/tokens.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { savedSearchAlertMail } from '#server/mail/templates.ts';
import { isEmailOn } from '../notifications/notifications.service';
import { openingTimeInEmail } from '../openings/opening-alerts.service';
import { openingPoliciesSql } from '../openings/openings.service';
import { ANYWHERE, cellOf, providerKeys } from './grid';
import * as q from './saved-search-alerts.queries';

/**
 * Saved-search alerts. Posting an opening records it against every saved search
 * (alert on) it matches, in the posting transaction, by search's own rules (matchingSavedSearchesSql).
 * A dispatcher turns those matches into one email per saved search, by the rules of the
 * favourites' opening alerts: matches wait the grouping delay (openings posted together share an
 * email), at most one email per saved search an hour (later matches wait and are grouped then),
 * never an opening of a provider no longer listed, never one the account already hears of by
 * following its provider with opening alerts on or got in another saved search's email, the opening on its provider's clocks with Book and
 * profile links, and a one-click unsubscribe (RFC 8058) for that saved search alone. An account gets
 * at most its daily cap of these emails in any 24 hours (default 3); matches beyond it wait.
 */
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 20;
const OPENINGS_PER_ALERT = 20;

export const savedSearchUnsubscribeToken = (ctx: AppContext, savedSearchId: string): Promise<string> =>
  signUnsubscribeToken(ctx.secret, 'unsubscribe-saved-search', savedSearchId, ctx.now());

/** One-click unsubscribe: turns off the alerts of the token's saved search, without a login. */
export async function unsubscribeFromSavedSearch(ctx: AppContext, token: string): Promise<void> {
  const savedSearchId = await readUnsubscribeToken(ctx.secret, 'unsubscribe-saved-search', token, ctx.now());
  // A deleted saved search has nothing left to send: the link still answers that it worked.
  if (!savedSearchId) throw new AppError('INVALID_TOKEN', UNSUBSCRIBE_LINK_FAILED);
  await q.turnAlertOff(ctx.db, savedSearchId);
}

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** An instant on a zone's clocks: its date (YYYY-MM-DD) and weekly hour (Monday 0 * 24 + hour). */
export function wallClockOf(instant: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: (WEEKDAY_INDEX[parts.weekday!] ?? 0) * 24 + Number(parts.hour),
  };
}

/** The server's calendar date (search reads 'today' and 'tomorrow' on the server's clock). */
const serverDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The dates a saved 'today' and 'tomorrow' mean at `now`. */
export function savedDays(now: Date): { today: string; tomorrow: string } {
  return {
    today: serverDate(now),
    tomorrow: serverDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)),
  };
}

/** The opening's price as a range; null when it names none ('Contact for pricing', empty). */
export function openingPrice(text: string | null): readonly [number, number] | null {
  // A plain amount, as the opening shows it ('90' is $90); then the price texts of services.
  const amount = plainAmount(text ?? '');
  if (amount !== null) return [amount, amount];
  const parts = parsePrice(text ?? '');
  if (parts.priceType === 'contact' || typeof parts.minPrice !== 'number') return null;
  // 'Starting at $X' counts as $X, as search counts a service's starting price.
  return [parts.minPrice, parts.priceType === 'range' ? (parts.maxPrice ?? parts.minPrice) : parts.minPrice];
}

/** What one new opening is matched with; undefined when its provider is not listed. */
export async function openingToMatch(
  db: Db,
  opening: {
    providerId: string;
    startTime: Date;
    timeZone: string;
    price: string | null;
    serviceType: string;
    reduced: boolean;
  },
  now: Date,
): Promise<q.OpeningToMatch | undefined> {
  const provider = await q.findProviderToMatch(db, opening.providerId);
  if (!provider) return undefined;
  const place = provider.zip ? lookupZip(provider.zip) : null;
  const local = wallClockOf(opening.startTime, opening.timeZone);
  return {
    providerId: opening.providerId,
    keys: providerKeys(
      place ? [cellOf(place.latitude, place.longitude), ANYWHERE] : [ANYWHERE],
      provider.stems,
      provider.categories,
    ),
    stems: provider.stems,
    price: openingPrice(opening.price),
    serviceType: opening.serviceType,
    reduced: opening.reduced,
    hour: local.hour,
    date: local.date,
    ...savedDays(now),
  };
}

/**
 * On 'opening.posted' (subscribed in src/server/app.ts): records the new opening against the saved
 * searches it matches, in the posting's transaction. Returns how many it matched.
 */
export async function recordSavedSearchMatches({
  tx,
  now,
  opening,
}: AppEvents['opening.posted']): Promise<number> {
  const serviceType = await q.findOpeningServiceType(tx, opening.id);
  if (serviceType === undefined) return 0;
  const toMatch = await openingToMatch(tx, { ...opening, serviceType }, now);
  return toMatch ? q.insertMatches(tx, opening.id, toMatch, now) : 0;
}

/** Sends one saved search its email, if anything is left to tell and its account is under the cap. */
async function dispatchSavedSearch(ctx: AppContext, tx: Db, due: q.DueSavedSearch, now: Date, cutoff: Date) {
  // The account turned saved-search alerts off in its notification settings: the matches are
  // dropped (turning them on again does not bring a backlog), each search's own switch is kept.
  if (!(await isEmailOn(tx, due.user_id, 'saved_search_alerts'))) {
    await q.deleteMatchesUpTo(tx, due.id, cutoff);
    return 0;
  }
  if ((await q.countSendsSince(tx, due.user_id, new Date(now.getTime() - DAY_MS))) >= due.daily_cap) return 0;
  const openings = await q.findMatchedOpenings(tx, {
    savedSearchId: due.id,
    userId: due.user_id,
    cutoff,
    now,
    limit: OPENINGS_PER_ALERT,
    policies: openingPoliciesSql(),
  });
  await q.deleteMatchesUpTo(tx, due.id, cutoff);
  if (openings.length === 0) return 0;
  const token = await savedSearchUnsubscribeToken(ctx, due.id);
  const { publicUrl } = ctx.config;
  const mail = savedSearchAlertMail({
    searchName: due.name,
    unsubscribeUrl: `${publicUrl}/unsubscribe?list=saved-search&token=${encodeURIComponent(token)}`,
    settingsUrl: `${publicUrl}/account#saved-searches`,
    openings: openings.map((o) => ({
      providerName: o.provider_name,
      profileUrl: `${publicUrl}/${o.routing_slug}`,
      service: o.service_type,
      when: openingTimeInEmail(o),
      price: o.price,
      regularPrice: o.regular_price,
      location: o.display_location,
      note: o.note,
      bookingUrl: o.display_booking_link,
      policies: o.policies,
    })),
  });
  await enqueueMail(ctx, tx, {
    kind: 'saved-search-alert',
    to: due.email,
    ...mail,
    savedSearchAlert: { savedSearchId: due.id },
    listUnsubscribe: `${publicUrl}/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
  });
  // Provider insights (ADR 019): each provider listed in this email counts once.
  await ctx.events.emit('saved-search-alert.sent', {
    tx,
    providerIds: openings.map((o) => o.provider_id),
    at: now,
  });
  await q.recordAlertSent(tx, {
    savedSearchId: due.id,
    userId: due.user_id,
    now,
    openingIds: openings.map((o) => o.opening_id),
  });
  return 1;
}

/** Polls for saved searches with matches due and queues their emails. */
export class SavedSearchAlertDispatcher extends PollingWorker {
  constructor(
    private readonly ctx: AppContext,
    pollMs: number,
  ) {
    super({ pollMs, onError: (error) => ctx.log.error({ err: error }, 'saved-search alerts pass failed') });
  }

  protected async pass(): Promise<boolean> {
    await this.runOnce();
    return false;
  }

  /** Passes in this process run one after another (another instance's are kept apart by SKIP LOCKED). */
  private last: Promise<unknown> = Promise.resolve();

  /**
   * One pass over every due saved search, in batches of transactions, after any pass in flight here
   * has finished (so a pass that ends has seen every match due when it was asked for). Returns the
   * emails queued.
   */
  runOnce(): Promise<number> {
    const next = this.last.then(
      () => this.runPass(),
      () => this.runPass(),
    );
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Epoch ms of the last purge of old alert history (at most hourly). */
  private purgedAt = Number.NEGATIVE_INFINITY;

  private async runPass(): Promise<number> {
    let queued = 0;
    await q.deleteStaleMatches(this.ctx.db, this.ctx.now());
    const started = this.ctx.now().getTime();
    if (started - this.purgedAt >= HOUR_MS) {
      await q.purgeAlertHistory(this.ctx.db, this.ctx.now());
      this.purgedAt = started;
    }
    for (;;) {
      const now = this.ctx.now();
      const cutoff = new Date(now.getTime() - this.ctx.config.alertGroupingMs);
      const batch = await this.ctx.db.transaction(async (tx) => {
        const due = await q.claimDueSavedSearches(tx, {
          cutoff,
          hourAgo: new Date(now.getTime() - HOUR_MS),
          dayAgo: new Date(now.getTime() - DAY_MS),
          defaultCap: SAVED_SEARCH_LIMITS.dailyCapDefault,
          limit: BATCH,
        });
        for (const row of due) queued += await dispatchSavedSearch(this.ctx, tx, row, now, cutoff);
        return due.length;
      });
      if (batch < BATCH) break;
    }
    if (queued > 0) this.ctx.kickMail();
    return queued;
  }
}

/**
 * The mail worker's send-time check for a saved-search alert (with isAlertStillWanted): it goes out
 * only while its saved search exists with the alert on and its account has saved-search alerts on
 * in its notification settings. Other mail is always wanted.
 */
export async function isSavedSearchAlertStillWanted(
  db: Db,
  mail: { alertSavedSearchId: string | null },
): Promise<boolean> {
  if (!mail.alertSavedSearchId) return true;
  const owner = await q.findAlertingSavedSearchOwner(db, mail.alertSavedSearchId);
  return owner !== undefined && (await isEmailOn(db, owner, 'saved_search_alerts'));
}
