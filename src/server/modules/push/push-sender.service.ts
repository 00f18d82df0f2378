import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '#domain/push.ts';
import type { AppContext } from '#server/context.ts';
import { PollingWorker } from '#server/lib/polling-loop.ts';
import * as q from './push.queries';
import { PushOpenTokens } from './push-open-token';
import { messagePayload, openingPayload } from './push-payloads';

/**
 * Sends the queued pushes (push_deliveries) through each device's push service, by the Web Push
 * protocol: the payload encrypted to the device (aes128gcm, RFC 8291, by the web-push library) and
 * signed for with our VAPID key (RFC 8292). Pushes are not grouped: a posted opening's pushes are
 * queued in its transaction and this worker is woken at once after it commits.
 *
 * What the push service answers decides (RFC 8030 §5, §8.4): 201 sent; 404 or 410 the device is gone
 * and is removed (with its queued pushes); 429 and 5xx (or no answer) are tried again, no sooner than
 * its Retry-After and with exponential backoff, up to MAX_ATTEMPTS; a device that has failed for
 * GIVE_UP_MS is removed. Any other refusal (400, 403, 413) drops that push and is logged: a retry
 * would get the same answer.
 */

/** Pushes claimed per pass: a posted opening's 1,000 followers are four passes. */
const BATCH = 250;
/** Requests in flight at once, to all push services together. */
const CONCURRENCY = 64;
/** A claimed push not finished within this is taken again (a sender that died). */
const LEASE_MS = 60_000;
/** One request's longest wait for its push service. */
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 8;
/** The longest wait between two tries, and the longest Retry-After honoured. */
const MAX_BACKOFF_MS = 6 * 60 * 60_000;
/** A device every push to which has failed this long is removed (its service is gone for good). */
export const GIVE_UP_MS = 3 * 24 * 60 * 60_000;
/** VAPID tokens are reused per push service for this long (RFC 8292 allows up to 24 h). */
const VAPID_TOKEN_S = 12 * 60 * 60;

export interface PushPassResult {
  sent: number;
  /** Devices removed because their service said they are gone. */
  gone: number;
  retried: number;
  dropped: number;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; retryAfterMs: number | null }
  | { kind: 'refused'; status: number };

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its month; V8's Date.parse also reads '-5' or '1.5' as dates (in 2001).
  if (!/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** Whether `now` falls in the quiet hours [start, end) (minutes after midnight) on the clocks of `zone`. */
export function isQuietTime(now: Date, start: number, end: number, zone: string): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const minute = part('hour') * 60 + part('minute');
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export class PushSender extends PollingWorker {
  private readonly tokens: PushOpenTokens;
  private readonly vapid = new Map<string, { header: string; until: number }>();

  private readonly retryBaseMs: number;
  private lastSweep = 0;
  private lastExpirySweep = 0;

  constructor(
    private readonly ctx: AppContext,
    opts: { pollMs: number; retryBaseMs: number },
  ) {
    super({ pollMs: opts.pollMs, onError: (error) => ctx.log.error({ err: error }, 'push pass failed') });
    this.retryBaseMs = opts.retryBaseMs;
    this.tokens = new PushOpenTokens(ctx.secret);
  }

  protected async pass(): Promise<boolean> {
    return (await this.runOnce()).claimed === BATCH;
  }

  /** One batch: claims the due pushes, sends them, records what their services answered. */
  async runOnce(): Promise<PushPassResult & { claimed: number }> {
    const now = this.ctx.now();
    // Hourly: devices whose push service's own expiry (PushSubscription.expirationTime) has passed.
    if (now.getTime() - this.lastSweep >= 3600_000) {
      this.lastSweep = now.getTime();
      await q.deleteExpiredSubscriptions(this.ctx.db, now);
    }
    // Each minute: pushes that expired while they waited for a retry (a claimed one is dropped below).
    // Both count as dropped.
    let swept = 0;
    if (now.getTime() - this.lastExpirySweep >= 60_000) {
      this.lastExpirySweep = now.getTime();
      swept = await q.deleteExpiredDeliveries(this.ctx.db, now);
    }
    const claimed = await q.claimDueDeliveries(this.ctx.db, now, LEASE_MS, BATCH);
    const result = { claimed: claimed.length, sent: 0, gone: 0, retried: 0, dropped: swept };
    if (claimed.length === 0) return result;

    const payloads = await this.payloadsFor(claimed, now);
    const toSend: { delivery: q.ClaimedDelivery; payload: PushPayload }[] = [];
    const dropped: number[] = [];
    for (const d of claimed) {
      const payload = payloads.get(d.id);
      const quiet =
        d.push_quiet_start !== null &&
        d.push_quiet_end !== null &&
        d.push_quiet_zone !== null &&
        isQuietTime(now, d.push_quiet_start, d.push_quiet_end, d.push_quiet_zone);
      // Nothing left to tell (the opening was cancelled or has started, the message hidden, the push
      // expired while it waited for a retry), or the person's quiet hours: not sent, and not held (the
      // email still tells them later).
      const expired = Date.parse(d.expires_at) <= now.getTime();
      if (!payload || quiet || expired) dropped.push(d.id);
      else toSend.push({ delivery: d, payload });
    }

    const outcomes = await inParallel(toSend, CONCURRENCY, ({ delivery, payload }) =>
      this.send(delivery, payload, now),
    );

    const sent: q.ClaimedDelivery[] = [];
    const gone = new Set<string>();
    for (const [i, outcome] of outcomes.entries()) {
      const d = toSend[i]!.delivery;
      if (outcome.kind === 'sent') sent.push(d);
      else if (outcome.kind === 'gone') gone.add(d.subscription_id);
      else if (outcome.kind === 'refused') {
        this.ctx.log.warn({ status: outcome.status, subscriptionId: d.subscription_id }, 'push refused');
        dropped.push(d.id);
      } else if (d.attempts >= MAX_ATTEMPTS) {
        dropped.push(d.id);
        if (d.failing_since && now.getTime() - Date.parse(d.failing_since) >= GIVE_UP_MS)
          gone.add(d.subscription_id);
      } else {
        const backoff = Math.min(MAX_BACKOFF_MS, this.retryBaseMs * 2 ** (d.attempts - 1));
        const wait = Math.min(MAX_BACKOFF_MS, Math.max(backoff, outcome.retryAfterMs ?? 0));
        await q.retryDelivery(this.ctx.db, d.id, d.subscription_id, new Date(now.getTime() + wait), now);
        result.retried++;
      }
    }
    const done = this.ctx.now();
    await q.finishSent(
      this.ctx.db,
      sent.map((d) => d.id),
      [...new Set(sent.map((d) => d.subscription_id))],
      done,
    );
    await q.deleteDeliveries(this.ctx.db, dropped);
    await q.deleteSubscriptions(this.ctx.db, [...gone]);
    result.sent = sent.length;
    result.gone = gone.size;
    result.dropped += dropped.length;
    return result;
  }

  /** Each claimed push's payload, by delivery id; absent when there is nothing left to tell. */
  private async payloadsFor(claimed: q.ClaimedDelivery[], now: Date): Promise<Map<number, PushPayload>> {
    const openingIds = new Set<string>();
    const messageIds = new Set<string>();
    const searchIds = new Set<string>();
    for (const d of claimed) {
      if (d.kind === 'new_messages') messageIds.add(d.subject_id);
      else openingIds.add(d.subject_id);
      if (d.saved_search_id) searchIds.add(d.saved_search_id);
    }
    const [openings, messages, searches] = await Promise.all([
      q.findPushOpenings(this.ctx.db, [...openingIds], now),
      q.findPushMessages(this.ctx.db, [...messageIds]),
      q.findSavedSearchNames(this.ctx.db, [...searchIds]),
    ]);
    const openingById = new Map(openings.map((o) => [o.id, o]));
    const messageById = new Map(messages.map((m) => [m.id, m]));
    const searchName = new Map(searches.map((s) => [s.id, s.name]));
    const payloads = new Map<number, PushPayload>();
    for (const d of claimed) {
      if (d.kind === 'new_messages') {
        const message = messageById.get(d.subject_id);
        if (message) payloads.set(d.id, messagePayload(message, now));
        continue;
      }
      const opening = openingById.get(d.subject_id);
      if (!opening) continue;
      const open = this.tokens.sign(
        { userId: d.user_id, openingId: opening.id, providerId: opening.provider_id },
        now,
      );
      const search = d.saved_search_id ? (searchName.get(d.saved_search_id) ?? '') : undefined;
      payloads.set(d.id, openingPayload(opening, now, open, search));
    }
    return payloads;
  }

  /** One push: encrypted to the device, sent with fetch (web-push's own sender only speaks https). */
  private async send(d: q.ClaimedDelivery, payload: PushPayload, now: Date): Promise<Outcome> {
    // Worth delivering until the row expires (an opening's start, a message's day); at least a minute.
    const ttl = Math.max(60, Math.floor((Date.parse(d.expires_at) - now.getTime()) / 1000));
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
        JSON.stringify(payload),
        {
          TTL: ttl,
          contentEncoding: 'aes128gcm',
          urgency: payload.kind === 'new_messages' ? 'normal' : 'high',
          headers: { Authorization: this.vapidHeader(d.endpoint, now) },
        },
      );
    } catch (error) {
      // Keys the library cannot use (validated when stored, so not expected): nothing will fix them.
      this.ctx.log.warn({ err: error, subscriptionId: d.subscription_id }, 'push not encrypted');
      return { kind: 'gone' };
    }
    try {
      const answer = await postPush(request);
      const status = answer.status;
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone' };
      if (status === 429 || status >= 500)
        return { kind: 'retry', retryAfterMs: retryAfterMs(answer.retryAfter, now) };
      return { kind: 'refused', status };
    } catch {
      // No answer (a timeout, a refused connection): the service may be back later.
      return { kind: 'retry', retryAfterMs: null };
    }
  }

  /** The VAPID Authorization header for the endpoint's push service, made once per VAPID_TOKEN_S. */
  private vapidHeader(endpoint: string, now: Date): string {
    const audience = new URL(endpoint).origin;
    const cached = this.vapid.get(audience);
    // Renewed an hour before it ends, so no push leaves with a token about to expire.
    if (cached && cached.until - 3600_000 > now.getTime()) return cached.header;
    const { publicKey, privateKey, subject } = this.ctx.config.push;
    const exp = Math.floor(now.getTime() / 1000) + VAPID_TOKEN_S;
    const headers = webpush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm', exp);
    const header = String(headers.Authorization);
    this.vapid.set(audience, { header, until: exp * 1000 });
    return header;
  }
}

/**
 * Kept-alive connections to the push services, as many as pushes in flight. node:http rather than
 * fetch: measured by the fan-out bench, fetch cost 0.7–0.8 ms of CPU per push against ~0.1 ms, and a
 * 1,000-device fan-out is CPU-bound on the sender (docs/performance.md 'Push fan-out').
 */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
};

/** POSTs one encrypted push as web-push prepared it; resolves with the status and Retry-After. Redirects are not followed. */
function postPush(request: {
  endpoint: string;
  method: string;
  headers: object;
  body: Buffer | null;
}): Promise<{ status: number; retryAfter: string | null }> {
  const url = new URL(request.endpoint);
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers as http.OutgoingHttpHeaders,
        agent: AGENTS[url.protocol === 'http:' ? 'http:' : 'https:'],
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}

/** Runs `work` over `items` with at most `limit` at once, results in the items' order. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
