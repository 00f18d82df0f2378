import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { PollingLoop } from '../../lib/polling-loop';
import { readPurposeToken, signPurposeToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { openingAlertMail } from '../../mail/templates';
import { scheduleAlertDispatch } from './openings.queries';
import { formatOpeningTime, timeZoneOfZip } from './time-zones';

/**
 * Opening alerts (issue 5): when a provider posts openings, everyone who saved them (with alerts
 * on) gets one email listing the new ones. A dispatch row per provider, written with the opening,
 * waits ALERT_GROUPING_SECONDS (2 minutes) so openings posted together share an email; a user gets at most one
 * alert per provider per hour (later openings wait for the next hour and are grouped then). The
 * emails go through the outbox, so an SMTP outage delays them and loses none; the outbox checks
 * again at send time that the user still wants them.
 */
const ALERT_INTERVAL_MS = 60 * 60_000;
const UNSUBSCRIBE_TTL_S = 365 * 24 * 60 * 60;
const BATCH = 20;

const unsubscribeClaims = (userId: string) => ({
  purpose: 'unsubscribe-alerts' as const,
  sub: userId,
  fingerprint: 'v1',
});

export async function unsubscribeToken(ctx: AppContext, userId: string): Promise<string> {
  return (await signPurposeToken(ctx.secret, unsubscribeClaims(userId), ctx.now(), UNSUBSCRIBE_TTL_S)).token;
}

/** The user an unsubscribe token was made for, or null when it is not a valid one. */
export async function userOfUnsubscribeToken(ctx: AppContext, token: string): Promise<string | null> {
  const claims = await readPurposeToken(
    ctx.secret,
    token,
    { purpose: 'unsubscribe-alerts', fingerprint: 'v1' },
    ctx.now(),
  );
  return claims?.sub ?? null;
}

interface Recipient {
  user_id: string;
  email: string;
  last_sent: string | null;
}

interface AlertOpeningRow {
  service_type: string;
  start_time: string;
  end_time: string;
  price: string | null;
  note: string | null;
  display_location: string;
  display_booking_link: string;
  created_at: string;
}

/** Takes due dispatches (deleting them is the claim; the transaction makes it safe to crash). */
async function claimDue(db: Db, now: Date) {
  return rowsOf<{ provider_id: string }>(
    await db.execute(sql`
      delete from opening_alert_dispatches
      where provider_id in (
        select provider_id from opening_alert_dispatches
        where due_at <= ${now.toISOString()}::timestamptz
        order by due_at limit ${BATCH} for update skip locked)
      returning provider_id`),
  );
}

/** Announces one provider's new openings to each follower, in the caller's transaction. */
async function dispatchProvider(ctx: AppContext, tx: Db, providerId: string, now: Date) {
  const [provider] = rowsOf<{ name: string; routing_slug: string; zip: string | null }>(
    await tx.execute(sql`
      select u.name, u.routing_slug, p.zip from users u left join provider_profiles p on p.user_id = u.id
      where u.id = ${providerId} and u.user_type = 'provider' and u.email_verified_at is not null`),
  );
  if (!provider) return 0;
  const upcoming = rowsOf<AlertOpeningRow>(
    await tx.execute(sql`
      select o.service_type, o.price, o.note,
             to_char(o.start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as start_time,
             to_char(o.end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as end_time,
             to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
             coalesce(nullif(o.location_override, ''), p.location, '') as display_location,
             coalesce(nullif(o.booking_link_override, ''), p.booking_link, '') as display_booking_link
      from openings o left join provider_profiles p on p.user_id = o.provider_id
      where o.provider_id = ${providerId} and o.is_active and o.start_time > ${now.toISOString()}::timestamptz
      order by o.start_time, o.id limit 20`),
  );
  if (upcoming.length === 0) return 0;
  const recipients = rowsOf<Recipient>(
    await tx.execute(sql`
      select u.id as user_id, u.email,
             to_char(s.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_sent
      from favorites f
      join users u on u.id = f.user_id and u.opening_alerts and u.email_verified_at is not null
      left join opening_alert_sends s on s.user_id = f.user_id and s.provider_id = f.provider_id
      where f.provider_id = ${providerId} and f.user_id <> ${providerId}`),
  );
  const zone = timeZoneOfZip(provider.zip);
  const profileUrl = `${ctx.config.publicUrl}/${provider.routing_slug}`;
  let nextDue: number | null = null;
  let queued = 0;
  for (const r of recipients) {
    const lastSent = r.last_sent ? Date.parse(r.last_sent) : null;
    // Only openings posted since this person's last alert about this provider.
    const fresh = upcoming.filter((o) => lastSent === null || Date.parse(o.created_at) > lastSent);
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
        when: formatOpeningTime(o.start_time, o.end_time, zone),
        price: o.price,
        location: o.display_location,
        note: o.note,
        bookingUrl: o.display_booking_link,
      })),
    });
    await enqueueMail(ctx, tx, {
      kind: 'opening-alert',
      to: r.email,
      ...mail,
      alert: { userId: r.user_id, providerId },
      listUnsubscribe: `${ctx.config.publicUrl}/api/opening-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    await tx.execute(sql`
      insert into opening_alert_sends (user_id, provider_id, sent_at)
      values (${r.user_id}, ${providerId}, ${now.toISOString()}::timestamptz)
      on conflict (user_id, provider_id) do update set sent_at = excluded.sent_at`);
    queued++;
  }
  if (nextDue !== null) await scheduleAlertDispatch(tx, providerId, new Date(nextDue));
  return queued;
}

/** Polls for due dispatches and turns them into queued emails. */
export class OpeningAlertDispatcher {
  private readonly loop: PollingLoop;

  constructor(
    private readonly ctx: AppContext,
    pollMs: number,
  ) {
    this.loop = new PollingLoop({
      pollMs,
      pass: async () => {
        await this.runOnce();
        return false;
      },
      onError: (error) => ctx.log.error({ err: error }, 'opening alerts pass failed'),
    });
  }

  start(): void {
    this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass: every due provider, in batches of transactions. Returns the emails queued. */
  async runOnce(): Promise<number> {
    let queued = 0;
    for (;;) {
      const now = this.ctx.now();
      const batch = await this.ctx.db.transaction(async (tx) => {
        const due = await claimDue(tx, now);
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
  const [row] = rowsOf<{ on: boolean }>(
    await ctx.db.execute(sql`select opening_alerts as on from users where id = ${userId}`),
  );
  return row?.on ?? false;
}

/** Turns opening alerts on or off for this user. */
export async function setOpeningAlerts(ctx: AppContext, userId: string, enabled: boolean): Promise<boolean> {
  await ctx.db.execute(sql`update users set opening_alerts = ${enabled} where id = ${userId}`);
  return enabled;
}

/** One-click unsubscribe: turns alerts off for the token's user, without a login. */
export async function unsubscribeFromAlerts(ctx: AppContext, token: string): Promise<void> {
  const userId = await userOfUnsubscribeToken(ctx, token);
  if (!userId) throw new AppError('INVALID_TOKEN', 'This unsubscribe link is invalid or has expired.');
  await setOpeningAlerts(ctx, userId, false);
}
