import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { rateLimited } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate-limit store's client when REDIS_URL is set (globalPace keeps its slots there too). */
    rateLimitRedis: Redis | null;
  }
}

/** Every limit in one table: [max requests, window]. Per IP unless the name says otherwise. */
export const RATE_LIMITS = {
  login: { max: 30, timeWindow: '15 minutes' },
  loginPerAccount: { max: 10, timeWindow: '15 minutes' },
  signup: { max: 10, timeWindow: '1 hour' },
  resend: { max: 5, timeWindow: '15 minutes' },
  forgotPassword: { max: 5, timeWindow: '15 minutes' },
  perEmailMail: { max: 3, timeWindow: '1 hour' },
  verifyEmail: { max: 30, timeWindow: '15 minutes' },
  /** Every page load of a signed-in person resumes the session with one (its token lives in memory only). */
  refresh: { max: 600, timeWindow: '15 minutes' },
  profileUpdate: { max: 120, timeWindow: '15 minutes' },
  /**
   * Steps that check who the person is once signed in (change password or email, delete the account,
   * a passkey's re-authentication), per account: a stolen access token cannot guess the password.
   */
  identityCheck: { max: 10, timeWindow: '15 minutes' },
  /** The data download builds a whole account's file: a person needs one now and then. */
  dataExport: { max: 5, timeWindow: '1 hour' },
  /** Passkeys: options and their answers, per address (sign-in) or account (registration). */
  passkey: { max: 30, timeWindow: '15 minutes' },
  message: { max: 20, timeWindow: '1 hour' },
  /** Replies in a conversation per IP (the per-account 10 a minute bounds floods). */
  messageReply: { max: 120, timeWindow: '1 hour' },
  /** Reports of messages, per account. */
  messageReport: { max: 20, timeWindow: '1 hour' },
  /** Turning notifications on for a device, changing and removing devices, quiet hours: per account. */
  pushDeviceWrite: { max: 60, timeWindow: '15 minutes' },
  /** Notification clicks the service worker reports, per IP: a person opens a few. */
  pushOpened: { max: 60, timeWindow: '1 minute' },
  /** Adding, changing and deleting saved replies, per account. */
  savedReplyWrite: { max: 60, timeWindow: '15 minutes' },
  /** Avatar and portfolio changes: a full portfolio is 10 uploads, each decoded and re-encoded. */
  upload: { max: 60, timeWindow: '15 minutes' },
  /** Searches (and 'Load more' pages) per IP: generous for a person, a brake on scrapers. */
  search: { max: 300, timeWindow: '1 minute' },
  /** Saving and removing favourites (providers and services). */
  favorite: { max: 120, timeWindow: '1 minute' },
  /** Booking-link clicks: a person clicks a few; a script inflating a provider's numbers many. */
  bookingLog: { max: 30, timeWindow: '1 minute' },
  /** Insight beacons (results pages shown, profiles viewed): a person browsing sends a few a minute. */
  insightBeacon: { max: 120, timeWindow: '1 minute' },
  /** Feedback, support and investor forms per IP. */
  form: { max: 10, timeWindow: '1 hour' },
  /** Posting, changing and removing openings. */
  openingWrite: { max: 60, timeWindow: '15 minutes' },
  /** Posting, editing and deleting reviews and replies. */
  reviewWrite: { max: 30, timeWindow: '15 minutes' },
  /** Reports of reviews: a person reports a few. */
  reviewReport: { max: 20, timeWindow: '1 hour' },
  /**
   * The admin and beta passwords, per address block (/24 or /64, lib/address-block.ts: addresses in
   * one network are cheap to rotate): slow enough that guessing is hopeless.
   */
  accessPassword: { max: 10, timeWindow: '15 minutes' },
  /**
   * Wrong admin or beta passwords for the whole site, each step counted on its own, whatever the
   * address: rotating addresses cannot escape it. Past it the step slows down for everyone
   * (accessPasswordSlowed), never locks: a lock would shut the right password out too.
   */
  accessPasswordFailures: { max: 100, timeWindow: '1 hour' },
  /** While accessPasswordFailures is spent: attempts per address block, right or wrong. */
  accessPasswordSlowed: { max: 1, timeWindow: '5 minutes' },
  /**
   * While accessPasswordFailures is spent: passwords checked for the whole site, each step on its own
   * (globalPace: one every 15 s, 4 at once after a quiet minute). Blocks are cheap too (a /48 of IPv6
   * holds 65,536 /64s), so accessPasswordSlowed alone does not bound the total.
   */
  accessPasswordPaced: { max: 4, timeWindow: '1 minute' },
} as const;

/** How long start-up waits for Redis before serving without it (the limits then fail open until it answers). */
const REDIS_START_WAIT_MS = 2000;

/**
 * Registers @fastify/rate-limit (Redis-backed when REDIS_URL is set) with our 429 body.
 *
 * A limit whose store (Redis) cannot answer lets the request through (`skipOnError`): the limits
 * protect the site, and an outage of their store must not take the site down with it. The failure
 * lock and the keyed limits below read the same store, so they open too; the outage is logged once,
 * and so is the recovery. Commands fail at once while Redis is unreachable (no offline queue) and
 * after REDIS_COMMAND_TIMEOUT_MS (config, 500 ms) when it hangs, so requests do not wait on it either.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config) {
  const redis = config.redisUrl
    ? await connectRedis(app, config.redisUrl, config.redisCommandTimeoutMs)
    : undefined;
  app.decorate('rateLimitRedis', redis ?? null);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true } : {}),
    allowList: () => !config.rateLimit,
    errorResponseBuilder: (_req, context) =>
      Object.assign(rateLimited(context.ttl / 1000), { statusCode: 429 }),
  });
}

/** The shared store's client; start-up waits a little for it, never for long (see registerRateLimit). */
async function connectRedis(app: FastifyInstance, url: string, commandTimeout: number): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout,
  });
  let down = false;
  // ioredis reconnects by itself (every 2 s at most); one line when the store goes, one when it is back.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.error(
      { err: error.message },
      'rate-limit store (Redis) unavailable: limits are not enforced until it answers',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('rate-limit store (Redis) answering again: limits enforced');
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_START_WAIT_MS);
    redis.once('ready', done);
    redis.once('error', done);
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/**
 * A count of failures under one key for the whole site (e.g. wrong passwords at one step), in the
 * rate-limit store (Redis when REDIS_URL is set, so every instance shares it). `isSpent` reads the
 * count without adding to it: true once `max` failures are in the window; `recordFailure` adds one
 * and says whether it was the one that spent the budget. Successes are never counted. Never spent
 * with RATE_LIMIT=off, like every limit.
 */
export function failureBudget(
  app: FastifyInstance,
  config: Config,
  key: string,
  limit: { max: number; timeWindow: string },
) {
  const counter = app.createRateLimit({ ...limit, keyGenerator: () => key });
  return {
    async isSpent(req: FastifyRequest): Promise<boolean> {
      if (!config.rateLimit) return false;
      const state = await counter(req, { increment: false });
      return !state.isAllowed && state.remaining === 0;
    },
    /** Counts one failure; true when this one reached `max` (the budget is spent from now). */
    async recordFailure(req: FastifyRequest): Promise<boolean> {
      if (!config.rateLimit) return false;
      const state = await counter(req);
      return !state.isAllowed && state.remaining === 0 && !state.isExceeded;
    },
  };
}

/**
 * A second limit on the same route keyed by something in the body (e.g. the account's email),
 * so one account cannot be brute-forced from many addresses.
 */
export function keyedLimit(
  app: FastifyInstance,
  config: Config,
  name: string,
  limit: { max: number; timeWindow: string },
  key: (req: FastifyRequest) => string,
) {
  const check = app.createRateLimit({ ...limit, keyGenerator: (req) => `${name}:${key(req)}` });
  return async (req: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
    if (!config.rateLimit) return;
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('Retry-After', String(result.ttlInSeconds));
      throw rateLimited(result.ttlInSeconds);
    }
  };
}

/** keyedLimit per signed-in account (after app.authenticate): the account's own allowance, wherever it calls from. */
export function accountLimit(
  app: FastifyInstance,
  config: Config,
  name: string,
  limit: { max: number; timeWindow: string },
) {
  return keyedLimit(app, config, name, limit, (req) => req.user.id);
}

/**
 * The steps that check who the person is (the password change, the email change, passkey
 * registration and re-authentication, the deletion) share one allowance per account.
 */
export const identityCheckLimit = (app: FastifyInstance, config: Config) =>
  accountLimit(app, config, 'identity-check', RATE_LIMITS.identityCheck);

/** How long a slot handed out by globalPace stays the holder's after its time; then it lapses. */
export const PACE_SLOT_GRACE_MS = 2 * 60_000;
/**
 * The furthest ahead globalPace keeps a slot. Beyond it a holder is told to come back later and is
 * given none, so the kept slots (memory here, keys in Redis) stay bounded however many holders an
 * attacker has (a /32 of IPv6 holds 4 billion /64s).
 */
export const PACE_QUEUE_MS = 60 * 60_000;

/** A globalPace answer: check now, or come back in `retryAfter` seconds (to a slot kept for you). */
export type PaceAnswer = { ready: true } | { ready: false; retryAfter: number };

/**
 * GCRA with kept slots, atomic in Redis. KEYS: the pace's next-slot time, the holder's slot.
 * ARGV: now, interval, tolerance, grace (ms), '1' to take a slot when the holder has none, the
 * furthest ahead a slot is kept (ms). Returns 0 (check now), -1 (no slot held, none taken), the ms
 * until the holder's slot, or -(ms + 1) when the next free slot is too far ahead: come back in ms,
 * nothing kept.
 */
const PACE_LUA = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local tolerance = tonumber(ARGV[3])
local grace = tonumber(ARGV[4])
local held = tonumber(redis.call('GET', KEYS[2]))
if held and held + grace > now then
  if held <= now then
    redis.call('DEL', KEYS[2])
    return 0
  end
  return held - now
end
if ARGV[5] ~= '1' then return -1 end
local tat = math.max(tonumber(redis.call('GET', KEYS[1])) or 0, now)
local at = tat - tolerance
if at - now > tonumber(ARGV[6]) then return -(at - now - tonumber(ARGV[6])) - 1 end
redis.call('SET', KEYS[1], tat + interval, 'PX', tat + interval - now + 60000)
if at <= now then return 0 end
redis.call('SET', KEYS[2], at, 'PX', at - now + grace)
return at - now
`;

/**
 * A pace for one kind of check across the whole site: `max` per `timeWindow`, spread evenly (one
 * every timeWindow / max, up to `max` at once after a quiet spell: GCRA), in Redis when REDIS_URL is
 * set so every instance shares it, in memory otherwise. Times come from the app's clock (`now`).
 *
 * Fairness: a holder (e.g. an address block) that finds no free slot is given the next one, its own:
 * `take` answers how long to wait, and when the holder comes back after that its `claim` is ready
 * whatever others sent meanwhile. One pending slot per holder (asking again gives the same slot), so
 * each holder waits behind at most one slot of every other holder, in the order they asked. A slot
 * lapses PACE_SLOT_GRACE_MS after its time, and none is kept more than PACE_QUEUE_MS ahead. Never limits with RATE_LIMIT=off; opens when Redis fails.
 */
export function globalPace(
  app: FastifyInstance,
  config: Config,
  name: string,
  limit: { max: number; timeWindow: string },
  now: () => Date,
) {
  const interval = Math.ceil(windowMs(limit.timeWindow) / limit.max);
  const tolerance = (limit.max - 1) * interval;
  const redis = app.rateLimitRedis;
  let nextSlot = 0;
  const held = new Map<string, number>();

  function inMemory(holder: string, at: number, take: boolean): number {
    const slot = held.get(holder);
    if (slot !== undefined && slot + PACE_SLOT_GRACE_MS > at) {
      if (slot > at) return slot - at;
      held.delete(holder);
      return 0;
    }
    held.delete(holder);
    if (!take) return -1;
    if (held.size > 10_000) {
      for (const [h, s] of held) if (s + PACE_SLOT_GRACE_MS <= at) held.delete(h);
    }
    const tat = Math.max(nextSlot, at);
    const slotAt = tat - tolerance;
    if (slotAt - at > PACE_QUEUE_MS) return -(slotAt - at - PACE_QUEUE_MS) - 1;
    nextSlot = tat + interval;
    if (slotAt <= at) return 0;
    held.set(holder, slotAt);
    return slotAt - at;
  }

  async function ask(holder: string, take: boolean): Promise<PaceAnswer | null> {
    if (!config.rateLimit) return { ready: true };
    const at = now().getTime();
    let ms: number;
    if (redis) {
      try {
        const keys = [`access-pace:${name}`, `access-pace:${name}:slot:${holder}`];
        const args = [at, interval, tolerance, PACE_SLOT_GRACE_MS, take ? '1' : '0', PACE_QUEUE_MS];
        ms = Number(await redis.eval(PACE_LUA, 2, ...keys, ...args));
      } catch {
        return { ready: true }; // the store does not answer: open, like every limit (registerRateLimit)
      }
    } else {
      ms = inMemory(holder, at, take);
    }
    if (ms === -1) return null;
    // Too far ahead: nothing kept; come back when the line has room.
    if (ms < -1) return { ready: false, retryAfter: Math.max(1, Math.ceil((-ms - 1) / 1000)) };
    return ms === 0 ? { ready: true } : { ready: false, retryAfter: Math.ceil(ms / 1000) };
  }

  return {
    /** The holder's kept slot: ready once its time has come (and used up), else the wait; null if it holds none. */
    claim: (holder: string) => ask(holder, false),
    /** A slot for the holder: now if the pace allows, else the next free one, kept for it (or the one it holds). */
    take: async (holder: string) => (await ask(holder, true)) as PaceAnswer,
  };
}

function windowMs(text: string): number {
  const match = /^(\d+) (second|minute|hour)s?$/.exec(text);
  if (!match) throw new Error(`globalPace: unsupported time window '${text}'`);
  const unit = { second: 1000, minute: 60_000, hour: 3_600_000 }[match[2] as 'second' | 'minute' | 'hour'];
  return Number(match[1]) * unit;
}
