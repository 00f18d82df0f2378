import {
  CHANNEL_LABELS,
  isSwitchableKind,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationChannel,
  type NotificationSetting,
  notificationKind,
  type SetNotificationBody,
  type SwitchableNotificationKind,
} from '#domain/notifications.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import {
  notificationUnsubscribePurpose,
  readNotificationUnsubscribeToken,
  signUnsubscribeToken,
  UNSUBSCRIBE_LINK_FAILED,
} from '#server/lib/tokens.ts';
import { getOpeningAlerts, setOpeningAlerts } from '../openings/opening-alerts.service';
import * as q from './notifications.queries';

/**
 * Notification preferences: one switch per kind of message and channel (src/domain/notifications.ts).
 * Opening alerts by email keep their store, users.opening_alerts (the account page's switch and the
 * alert emails' own unsubscribe read and write it too); every other switch (opening alerts by push
 * included) is a notification_preferences row, and a missing row means on. Transactional kinds are
 * listed and never stored.
 *
 * Each module that sends a kind asks here whether its recipient wants it: emailRecipientFor() where a
 * mail is queued, isNotificationMailStillWanted() at send time (the mail worker), and puts
 * unsubscribeLinksFor()'s one-click link (RFC 8058) on it.
 */

/** Kinds whose email switches live in notification_preferences (opening alerts' live on the user). */
export type StoredNotificationKind = Exclude<SwitchableNotificationKind, 'opening_alerts'>;

const EMAIL: NotificationChannel = 'email';

/** Every kind with its per-channel state for this user, in the page's order. */
export async function listNotificationSettings(
  ctx: AppContext,
  userId: string,
): Promise<NotificationSetting[]> {
  const [stored, openingAlerts] = await Promise.all([
    q.findPreferences(ctx.db, userId),
    getOpeningAlerts(ctx, userId),
  ]);
  const off = new Set(stored.filter((p) => !p.enabled).map((p) => `${p.kind}:${p.channel}`));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind: kind.id,
    switchable: kind.switchable,
    channels: kind.channels.map((channel) => ({
      channel,
      enabled: !kind.switchable
        ? true
        : kind.id === 'opening_alerts' && channel === EMAIL
          ? openingAlerts
          : !off.has(`${kind.id}:${channel}`),
    })),
  }));
}

async function settingOf(ctx: AppContext, userId: string, kind: string): Promise<NotificationSetting> {
  const all = await listNotificationSettings(ctx, userId);
  return all.find((s) => s.kind === kind)!;
}

/** Turns one kind's channel on or off. A kind that is always on, or a channel it has not, is a 400. */
export async function setNotification(
  ctx: AppContext,
  userId: string,
  body: SetNotificationBody,
): Promise<{ message: string; setting: NotificationSetting }> {
  const kind = notificationKind(body.kind);
  if (!kind.switchable || !isSwitchableKind(kind.id))
    throw fieldError('kind', NOTIFICATION_TEXTS.notSwitchable);
  if (!kind.channels.includes(body.channel)) throw fieldError('channel', NOTIFICATION_TEXTS.unknownChannel);
  await storeSwitch(ctx, userId, kind.id, body.channel, body.enabled);
  const label = CHANNEL_LABELS[body.channel];
  return {
    message: body.enabled
      ? NOTIFICATION_TEXTS.turnedOn(kind.label, label)
      : NOTIFICATION_TEXTS.turnedOff(kind.label, label),
    setting: await settingOf(ctx, userId, kind.id),
  };
}

async function storeSwitch(
  ctx: AppContext,
  userId: string,
  kind: SwitchableNotificationKind,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  if (kind === 'opening_alerts' && channel === EMAIL) {
    await setOpeningAlerts(ctx, userId, enabled);
    return;
  }
  await q.upsertPreference(ctx.db, { userId, kind, channel, enabled, now: ctx.now() });
}

/**
 * One-click unsubscribe (RFC 8058) from one kind's emails, without a login: the token names the kind
 * and the user; only that kind's email channel is turned off. A deleted account has nothing left to
 * send: the link still answers that it worked.
 */
export async function unsubscribeFromNotification(
  ctx: AppContext,
  token: string,
): Promise<{ kind: SwitchableNotificationKind; message: string }> {
  const claims = await readNotificationUnsubscribeToken(ctx.secret, token, ctx.now());
  if (!claims) throw new AppError('INVALID_TOKEN', UNSUBSCRIBE_LINK_FAILED);
  await storeSwitch(ctx, claims.userId, claims.kind, EMAIL, false);
  return { kind: claims.kind, message: NOTIFICATION_TEXTS.unsubscribed[claims.kind] };
}

/**
 * The links an email of `kind` to this user carries: `listUnsubscribe` for the List-Unsubscribe
 * header (the one-click POST), `unsubscribeUrl` for the footer (the web page, which asks the same
 * route), `settingsUrl` for the notification settings.
 */
export async function unsubscribeLinksFor(ctx: AppContext, userId: string, kind: SwitchableNotificationKind) {
  const token = encodeURIComponent(
    await signUnsubscribeToken(ctx.secret, notificationUnsubscribePurpose(kind), userId, ctx.now()),
  );
  const { publicUrl } = ctx.config;
  return {
    listUnsubscribe: `${publicUrl}/api/account/notifications/unsubscribe?token=${token}`,
    unsubscribeUrl: `${publicUrl}/unsubscribe?list=${kind}&token=${token}`,
    settingsUrl: `${publicUrl}/settings#notifications`,
  };
}

/** Whether this user has this kind's email on (no stored row: on). `db` may be a transaction. */
export function isEmailOn(db: Db, userId: string, kind: StoredNotificationKind): Promise<boolean> {
  return q.isPreferenceOn(db, userId, kind, EMAIL);
}

/**
 * Where to email this user about `kind`: their verified address while the kind's email is on;
 * undefined when it is off, the address is unverified or the account is gone.
 */
export function emailRecipientFor(
  db: Db,
  userId: string,
  kind: StoredNotificationKind,
): Promise<{ email: string } | undefined> {
  return q.findEmailRecipient(db, userId, kind);
}

/** The outbox kinds whose recipient's switch is read at send time, and the switch. */
const MAIL_KIND_SWITCH: Record<string, StoredNotificationKind> = {
  'new-message': 'new_messages',
  'new-review': 'review_notices',
  'review-reply': 'review_replies',
};

/**
 * The mail worker's send-time check (MailWorkerOptions.stillWanted, with the alerts' own): a new-message,
 * new-review or review-reply email still queued when its recipient turned that kind off is not sent.
 * Other mail is always wanted here.
 */
export async function isNotificationMailStillWanted(
  db: Db,
  mail: { kind: string; toAddress: string },
): Promise<boolean> {
  const kind = MAIL_KIND_SWITCH[mail.kind];
  if (!kind) return true;
  const userId = await q.findUserIdByEmail(db, mail.toAddress);
  // The address no longer names an account (changed or deleted): nothing to go by, so it goes as queued.
  if (!userId) return true;
  return q.isPreferenceOn(db, userId, kind, EMAIL);
}
