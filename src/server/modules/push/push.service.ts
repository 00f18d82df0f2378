import {
  PUSH_LIMITS,
  PUSH_TEXTS,
  type PushDevice,
  type PushSubscriptionBody,
  type QuietHours,
  type UpdatePushDeviceBody,
} from '#domain/push.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/users.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import type { AppEvents } from '#server/lib/events.ts';
import { describeUserAgent, loginFamilyOf } from '../auth/sessions.service';
import * as q from './push.queries';
import { PushOpenTokens } from './push-open-token';

/**
 * Web Push (docs/product.md 'Notifications on your devices'): the devices an account turned
 * notifications on for, what each gets, quiet hours, and what is queued when something happens (an
 * opening posted, a message written). PushSender (push-sender.ts) sends the queue.
 */

/**
 * The push services browsers subscribe with (Chrome, Edge, Firefox, Safari, Samsung Internet, Opera,
 * Brave). Only these are pushed to: an endpoint is a URL our server will POST to, so taking any URL
 * would let anyone make the server send requests into networks it can reach.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

/** Whether the server may push to this endpoint (http://127.0.0.1 only with PUSH_ALLOW_HTTP_LOOPBACK=1). */
export function isAllowedEndpoint(endpoint: string, allowHttpLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') return allowHttpLoopback && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:') return false;
  if (allowHttpLoopback && url.hostname === '127.0.0.1') return true;
  return (
    PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname)) && (url.port === '' || url.port === '443')
  );
}

/** 9999-12-31T23:59:59.999Z: a later expirationTime is no date a push service gives. */
const LAST_EXPIRY_MS = 253_402_300_799_999;

const deviceNotFound = () => new AppError('NOT_FOUND', PUSH_TEXTS.deviceNotFound);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDevice(row: q.DeviceRow): PushDevice {
  const { browser, system } = describeUserAgent(row.user_agent);
  return {
    id: row.id,
    name: `${browser} on ${system}`,
    createdAt: row.created_at,
    lastSuccessAt: row.last_success_at,
    kinds: row.kinds,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function toQuietHours(row: q.QuietHoursRow | undefined): QuietHours | null {
  if (!row || row.push_quiet_start === null || row.push_quiet_end === null || !row.push_quiet_zone)
    return null;
  return {
    start: hhmmOf(row.push_quiet_start),
    end: hhmmOf(row.push_quiet_end),
    timeZone: row.push_quiet_zone,
  };
}

/** The account's devices and quiet hours. */
export async function listDevices(ctx: AppContext, user: UserRow) {
  const [devices, quiet] = await Promise.all([
    q.findDevices(ctx.db, user.id, ctx.now()),
    q.findQuietHours(ctx.db, user.id),
  ]);
  return { devices: devices.map(toDevice), quietHours: toQuietHours(quiet) };
}

/**
 * Turns notifications on for the device that sent its PushSubscription: stored with the login it
 * came from (that login ending stops it). The same endpoint again updates that device. Past
 * PUSH_LIMITS.devicesMax devices, the one unused longest goes.
 */
export async function subscribeDevice(
  ctx: AppContext,
  user: UserRow,
  body: PushSubscriptionBody,
  request: { accessToken: string; userAgent: string },
): Promise<PushDevice> {
  if (!isAllowedEndpoint(body.endpoint, ctx.config.push.allowHttpLoopback))
    throw fieldError('endpoint', PUSH_TEXTS.endpointInvalid);
  const now = ctx.now();
  // Past, or beyond year 9999 (the database reads no later date in the form it is written in).
  if (
    body.expirationTime != null &&
    (body.expirationTime <= now.getTime() || body.expirationTime > LAST_EXPIRY_MS)
  )
    throw fieldError('expirationTime', PUSH_TEXTS.endpointInvalid);
  const familyId = await loginFamilyOf(ctx, request.accessToken);
  const row = await ctx.db.transaction(async (tx) => {
    const stored = await q.upsertSubscription(tx, {
      userId: user.id,
      loginFamilyId: familyId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      expiresAt: body.expirationTime != null ? new Date(body.expirationTime) : null,
      userAgent: request.userAgent.slice(0, 512),
      now,
    });
    await q.trimDevices(tx, user.id, PUSH_LIMITS.devicesMax);
    return stored;
  });
  return toDevice(row);
}

/** Which kinds one of the account's devices gets; someone else's device is a 404. */
export async function updateDevice(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: UpdatePushDeviceBody,
): Promise<PushDevice> {
  if (!UUID.test(id)) throw deviceNotFound();
  const row = await q.updateDeviceKinds(ctx.db, user.id, id, [...new Set(body.kinds)]);
  if (!row) throw deviceNotFound();
  return toDevice(row);
}

/** Removes one of the account's devices (its queued pushes go with it); someone else's is a 404. */
export async function removeDevice(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!UUID.test(id) || !(await q.deleteDevice(ctx.db, user.id, id))) throw deviceNotFound();
}

/** Sets or clears the account's quiet hours. */
export async function setQuietHours(
  ctx: AppContext,
  user: UserRow,
  quiet: QuietHours | null,
): Promise<QuietHours | null> {
  await q.updateQuietHours(
    ctx.db,
    user.id,
    quiet ? { start: minutesOf(quiet.start), end: minutesOf(quiet.end), zone: quiet.timeZone } : null,
  );
  return quiet;
}

/**
 * A notification about an opening was clicked (the service worker's beacon). The first time for this
 * person and opening, the provider's insights count one more open (without who), and the person's
 * alert emails leave the opening out. A token that is not ours, or expired, is a 400.
 */
export async function recordOpened(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.now();
  const open = new PushOpenTokens(ctx.secret).read(token, now);
  if (!open) throw new AppError('INVALID_TOKEN', PUSH_TEXTS.tokenInvalid);
  if (await q.insertOpenedOpening(ctx.db, open.userId, open.openingId, now))
    await ctx.events.emit('push.opened', { db: ctx.db, providerId: open.providerId, at: now });
}

/** An opening's pushes are worth sending until it starts. */
const untilStart = (startTime: Date, now: Date) => new Date(Math.max(startTime.getTime(), now.getTime()));

/**
 * 'opening.posted' (after the saved searches recorded their matches, app.ts): queues the opening's
 * push to its provider's followers and to the owners of the saved searches it matched, in the
 * posting's transaction. Two statements whatever the number of devices; the request does not wait for
 * any push to be sent.
 */
export async function queueOpeningPushes({ tx, now, opening }: AppEvents['opening.posted']): Promise<number> {
  const args = {
    openingId: opening.id,
    providerId: opening.providerId,
    expiresAt: untilStart(opening.startTime, now),
    now,
  };
  return (await q.enqueueOpeningPushes(tx, args)) + (await q.enqueueSavedSearchPushes(tx, args));
}

const MESSAGE_PUSH_TTL_MS = 24 * 60 * 60_000;

/** 'message.posted': queues a push to the recipient's devices, in the message's transaction. */
export function queueMessagePushes({ tx, now, messageId, threadId }: AppEvents['message.posted']) {
  return q.enqueueMessagePushes(tx, {
    messageId,
    threadId,
    expiresAt: new Date(now.getTime() + MESSAGE_PUSH_TTL_MS),
    now,
  });
}

/** 'login.ended': the devices that login turned notifications on for stop getting the account's pushes. */
export function forgetLoginDevices({ db, familyId }: AppEvents['login.ended']) {
  return q.deleteDevicesOfLogin(db, familyId);
}
