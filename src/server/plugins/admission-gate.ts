import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * The embedded database's admission gate. PGlite runs one statement at a time (in a thread of its
 * own, db/pglite-thread.ts), so without a bound every request of a burst waits as long as the whole
 * burst takes (10-second timeouts at 100,000 providers, docs/performance.md). The gate
 * lets a few API requests work at once, keeps a bounded line behind them, and answers 503
 * SERVICE_UNAVAILABLE with Retry-After to a request that finds the line full or has waited its
 * bound: a quick "try again" instead of a wait that grows with the burst.
 *
 * Per request, not per query: a request is refused before it has done anything, so a 503 never
 * means a write half-happened, and the client may resend any read (the web app retries once). A
 * query-level gate could refuse the second statement of a request whose first already wrote. The
 * gate is an app-level preHandler: it runs after the route's rate limit, the body's arrival and
 * its validation (a slow upload or a bad request never holds a place), and before authentication,
 * whose token check is a query too. (The image uploads authenticate earlier, in onRequest, before
 * their body is read: there only a correctly signed token's lookup runs ungated, under the route's
 * rate limit.)
 *
 * Not gated: /api/health (one SELECT 1, which waits in PGlite behind at most the gated requests'
 * statements, so it stays quick while the gate is full: liveness means the database answers), the
 * API documentation, static files, the SPA's HTML and the profile pages' one lookup by slug (a
 * page view is never refused; it too waits behind at most `concurrency` requests). The routes that
 * hash a password wait in a line of their own (PGLITE_PASSWORD_GATE). On PostgreSQL there is no
 * gate: the pool's own bounded wait (connectionTimeoutMillis, then 503) does this job.
 */

export interface GateLimits {
  /** Requests doing their work at once. */
  concurrency: number;
  /** Requests waiting for a place; one more is refused at once. */
  queue: number;
  /** A waiting request is refused after this long, in milliseconds. */
  maxWaitMs: number;
}

/**
 * A few at once keep PGlite busy while the others' Node side runs (parsing, JSON, sockets), and
 * each adds its statements to what the next one waits behind. The wait bound is the PostgreSQL
 * pool's (connectionTimeoutMillis, 2 s): the same worst wait on both engines. The line is about
 * what PGlite serves in that time at 100,000 providers (82–150 searches a second measured before
 * the gate), so a full line mostly drains within the bound and the bound refuses what does not.
 */
export const PGLITE_GATE: GateLimits = { concurrency: 4, queue: 128, maxWaitMs: 2000 };

/**
 * The line of the routes that hash a password (sign-up, login, reset: `hashesPassword`), which wait
 * here instead of in PGLITE_GATE. Such a request spends most of its time on argon2 (5–29 ms of CPU
 * on a hashing thread, seconds while a flood queues on the threads) and used to hold one of the
 * database's few places all along: 360 unknown-email logins from 12 addresses made searches wait
 * 2 s and turned many away with 503. In a line of their own, a flood of logins waits behind
 * itself; the database's places and line are left to the rest. Four at once keep the hashing
 * threads (at most four, one per core) busy while others look up their account; each adds a few
 * short statements beside the gated requests' (PGlite then serves at most eight requests'). The
 * line's length and wait bound are PGLITE_GATE's: past them, a quick 503 with Retry-After.
 */
export const PGLITE_PASSWORD_GATE: GateLimits = { concurrency: 4, queue: 128, maxWaitMs: 2000 };

interface Waiter {
  settle: (admitted: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * A count of places and a first-come line, each waiter with its own deadline.
 *
 * Every request joins the line and is let in from a setImmediate, never on the spot. With PGlite in
 * this thread (as it was until ADR 032), its promises settled without going back to the event
 * loop, so a request let in at once ran to its answer before Node read the next socket: a burst
 * never showed up as a line here, only as unread sockets. Letting in from the check phase means
 * every request that has arrived by then (the poll phase reads every ready socket first) is in
 * the line, in order, before the next one is served; the line's length and each wait are real.
 */
export class AdmissionGate {
  #inside = 0;
  /** In arrival order (a Set keeps insertion order and deletes in O(1)). */
  readonly #line = new Set<Waiter>();
  #dispatchScheduled = false;

  constructor(readonly limits: GateLimits) {}

  get inside(): number {
    return this.#inside;
  }

  get waiting(): number {
    return this.#line.size;
  }

  /** Resolves true once the caller holds a place (it must call leave()), false when refused. */
  enter(): Promise<boolean> {
    // Beyond the free places, `queue` may wait; one more is refused at once.
    const free = Math.max(0, this.limits.concurrency - this.#inside);
    if (this.#line.size >= free + this.limits.queue) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        settle: resolve,
        // At its deadline, free places go to the head of the line first, then this waiter, if it
        // is still waiting, is refused. A place free while everyone in line is past the deadline
        // (the event loop's turn took longer than the bound on a starved machine) still goes to
        // the first of them, a little late: refusing them all would turn overload into no answers.
        timer: setTimeout(() => {
          this.#dispatch();
          if (this.#line.delete(waiter)) resolve(false);
        }, this.limits.maxWaitMs),
      };
      this.#line.add(waiter);
      this.#scheduleDispatch();
    });
  }

  /** Frees a place; the next in line gets it from the check phase. */
  leave(): void {
    this.#inside = Math.max(0, this.#inside - 1);
    if (this.#line.size > 0) this.#scheduleDispatch();
  }

  #scheduleDispatch(): void {
    if (this.#dispatchScheduled) return;
    this.#dispatchScheduled = true;
    setImmediate(() => {
      this.#dispatchScheduled = false;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    for (const waiter of this.#line) {
      if (this.#inside >= this.limits.concurrency) break;
      this.#line.delete(waiter);
      clearTimeout(waiter.timer);
      this.#inside++;
      waiter.settle(true);
    }
  }
}

/** Paths that pass without waiting (see above). */
const OPEN_PATHS = new Set(['/api/health']);
function isGatedRoute(route: string | undefined): boolean {
  if (!route?.startsWith('/api/') || OPEN_PATHS.has(route)) return false;
  return !route.startsWith('/api/docs') && route !== '/api/openapi.json';
}

/** Seconds to say in Retry-After: by then everyone now in line has been let in or refused. */
export const retryAfterSeconds = (limits: GateLimits) => Math.max(1, Math.ceil(limits.maxWaitMs / 1000));

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded database's admission gate; null on PostgreSQL. Tests read its counts. */
    admissionGate: AdmissionGate | null;
    /** The password routes' own line on the embedded database (PGLITE_PASSWORD_GATE); null on PostgreSQL. */
    passwordGate: AdmissionGate | null;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read answered from the catalogue cache (plugins/public-cache.ts): it passes the
     * request-level gate, and only a cache miss waits in it, so repeats are never refused.
     */
    gatedOnMiss?: boolean;
    /** The route hashes or verifies a password: on PGlite it waits in the password line (PGLITE_PASSWORD_GATE). */
    hashesPassword?: boolean;
  }
}

/** The 503 a refused request gets, with its Retry-After. */
export class GateRefusedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('SERVICE_UNAVAILABLE');
  }
}

/** Waits for a place in `gate` (none: at once); a refusal throws GateRefusedError. Call leave() after. */
export async function enterGate(gate: AdmissionGate | null): Promise<void> {
  if (gate && !(await gate.enter())) throw new GateRefusedError(retryAfterSeconds(gate.limits));
}

/**
 * Puts the gate in front of every API route but the open ones and the cached reads (null: none), and
 * the password line (PGLITE_PASSWORD_GATE, with the gate's wait bound) in front of the password routes.
 */
export function registerAdmissionGate(app: FastifyInstance, gate: AdmissionGate | null): void {
  const passwordGate = gate
    ? new AdmissionGate({ ...PGLITE_PASSWORD_GATE, maxWaitMs: gate.limits.maxWaitMs })
    : null;
  app.decorate('admissionGate', gate);
  app.decorate('passwordGate', passwordGate);
  if (!gate || !passwordGate) return;
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const { config } = request.routeOptions;
    if (!isGatedRoute(request.routeOptions.url) || config.gatedOnMiss) return;
    const line = config.hashesPassword ? passwordGate : gate;
    await enterGate(line);
    // Exactly once, whichever comes first: the answer is ready (onSend: the handler's statements
    // are done), or the response closed before it (the client went away or the socket was cut:
    // the handler may still be running, so one more request gets in early, but a place is never
    // lost for good, which would shut the API).
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      line.leave();
    };
    releases.set(request, release);
    reply.raw.once('close', release);
  });
  const releases = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onSend', async (request) => {
    releases.get(request)?.();
  });
}
