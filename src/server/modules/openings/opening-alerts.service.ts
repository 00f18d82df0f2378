import { sql } from 'drizzle-orm';
import { formatOpeningRange } from '#domain/opening-time.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { PollingWorker } from '#server/lib/polling-loop.ts';
import { readUnsubscribeToken, signUnsubscribeToken, UNSUBSCRIBE_LINK_FAILED } from '#server/lib/tokens.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { openingAlertMail } from '#server/mail/templates.ts';
import * as q from './opening-alerts.queries';
import { policiesJson, scheduleAlertDispatch } from './openings.queries';

/**
 * Opening alerts: when a provider posts openings, everyone who saved them (with alerts
 * on) gets one email listing the new ones. A dispatch row per provider, written with the opening,
 * waits ALERT_GROUPING_SECONDS (2 minutes) so openings posted together share an email; a user gets at most one
 * alert per provider per hour (later openings wait for the next hour and are grouped then). The
 * emails go through the outbox, so an SMTP outage delays them and loses none; the mail worker checks
 * again at send time that the user still wants them (isAlertStillWanted, wired in app.ts).
 */
const ALERT_INTERVAL_MS = 60 * 60_000;
const BATCH = 20;
/** Openings listed in one alert at most. */
const OPENINGS_PER_ALERT = 20;

export const unsubscribeToken = (ctx: AppContext, userId: string): Promise<string> =>
  signUnsubscribeToken(ctx.secret, 'unsubscribe-alerts', userId, ctx.now());

/** Announces one provider's new openings to each follower, in the caller's transaction. */
async function dispatchProvider(ctx: AppContext, tx: Db, providerId: string, now: Date) {
  const provider = await q.findAlertProvider(tx, providerId);
  if (!provider) return 0;
  const upcoming = await q.findAlertOpenings(tx, providerId, now, OPENINGS_PER_ALERT, policiesJson(sql`p`));
  if (upcoming.length === 0) return 0;
  const recipients = await q.findAlertRecipients(tx, providerId);
  const opened = new Set(
    (
      await q.findOpenedFromPush(
        tx,
        providerId,
        upcoming.map((o) => o.id),
      )
    ).map((r) => `${r.user_id}:${r.opening_id}`),
  );
  const profileUrl = `${ctx.config.publicUrl}/${provider.routing_slug}`;
  let nextDue: number | null = null;
  let queued = 0;
  for (const r of recipients) {
    const lastSent = r.last_sent ? Date.parse(r.last_sent) : null;
    // Only openings posted since this person's last alert about this provider, and not already
    // opened from a push notification (the email then says nothing new about them).
    const fresh = upcoming.filter(
      (o) =>
        (lastSent === null || Date.parse(o.created_at) > lastSent) && !opened.has(`${r.user_id}:${o.id}`),
    );
    if (fresh.length === 0) continue;
    if (lastSent !== null && now.getTime() - lastSent < ALERT_INTERVAL_MS) {
      const due = lastSent + ALERT_INTERVAL_MS;
      nextDue = nextDue === null ? due : Math.min(nextDue, due);
      continue;
    }
    const token = await unsubscribeToken(ctx, r.user_id);
    const unsubscribeUrl = `${ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
    const mail = openingAlertMail({
      providerName: provider.name,
      profileUrl,
      unsubscribeUrl,
      settingsUrl: `${ctx.config.publicUrl}/account`,
      openings: fresh.map((o) => ({
        service: o.service_type,
        // On the provider's clocks: the zone the opening was posted in.
        // The provider's time, as the pages show it; the reader's zone is unknown, so no 'your time'.
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
      kind: 'opening-alert',
      to: r.email,
      ...mail,
      alert: { userId: r.user_id, providerId },
      listUnsubscribe: `${ctx.config.publicUrl}/api/opening-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    await q.upsertAlertSent(tx, r.user_id, providerId, now);
    queued++;
  }
  if (nextDue !== null) await scheduleAlertDispatch(tx, providerId, new Date(nextDue));
  return queued;
}

/** Polls for due dispatches and turns them into queued emails. */
export class OpeningAlertDispatcher extends PollingWorker {
  constructor(
    private readonly ctx: AppContext,
    pollMs: number,
  ) {
    super({ pollMs, onError: (error) => ctx.log.error({ err: error }, 'opening alerts pass failed') });
  }

  protected async pass(): Promise<boolean> {
    await this.runOnce();
    return false;
  }

  /** One pass: every due provider, in batches of transactions. Returns the emails queued. */
  async runOnce(): Promise<number> {
    let queued = 0;
    for (;;) {
      const now = this.ctx.now();
      const batch = await this.ctx.db.transaction(async (tx) => {
        const due = await q.claimDueDispatches(tx, now, BATCH);
        for (const { provider_id } of due) queued += await dispatchProvider(this.ctx, tx, provider_id, now);
        return due.length;
      });
      if (batch < BATCH) break;
    }
    if (queued > 0) this.ctx.kickMail();
    return queued;
  }
}

/** Whether this user gets opening alerts. */
export async function getOpeningAlerts(ctx: AppContext, userId: string): Promise<boolean> {
  return (await q.findOpeningAlertsSetting(ctx.db, userId)) ?? false;
}

/** Turns opening alerts on or off for this user. */
export async function setOpeningAlerts(ctx: AppContext, userId: string, enabled: boolean): Promise<boolean> {
  await q.updateOpeningAlertsSetting(ctx.db, userId, enabled);
  return enabled;
}

/**
 * The mail worker's send-time check (MailWorkerOptions.stillWanted): an opening alert goes out only
 * while its user has alerts on and still has the provider saved, so after an SMTP outage someone who
 * unsaved the provider gets nothing. Mail that is not an alert is always wanted.
 */
export async function isAlertStillWanted(
  db: Db,
  mail: { alertUserId: string | null; alertProviderId: string | null },
): Promise<boolean> {
  if (!mail.alertUserId || !mail.alertProviderId) return true;
  return q.isAlertWanted(db, mail.alertUserId, mail.alertProviderId);
}

/** One-click unsubscribe: turns alerts off for the token's user, without a login. */
export async function unsubscribeFromAlerts(ctx: AppContext, token: string): Promise<void> {
  const userId = await readUnsubscribeToken(ctx.secret, 'unsubscribe-alerts', token, ctx.now());
  if (!userId) throw new AppError('INVALID_TOKEN', UNSUBSCRIBE_LINK_FAILED);
  await setOpeningAlerts(ctx, userId, false);
}

/** 'Tue, Nov 24 · 3:00 – 4:00 PM CST': an opening's time in an email, on its provider's clocks. */
export function openingTimeInEmail(opening: {
  start_time: string;
  end_time: string;
  time_zone: string;
}): string {
  return formatOpeningRange(opening.start_time, opening.end_time, {
    timeZone: opening.time_zone,
    viewerZone: opening.time_zone,
    locale: 'en-US',
  });
}
