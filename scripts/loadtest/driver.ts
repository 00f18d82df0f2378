// The load generator of `npm run loadtest`: closed loop (N connections, each sends its next request
// when the last one answered) to find the maximum rate, and open loop (Poisson arrivals at a fixed
// rate, whatever the server does) for the long run.
//
// Why not autocannon's overallRate for the open loop: autocannon 8 gives each connection a quota per
// second and resets every connection's quota on the same timer tick, so at any rate the requests
// leave in one burst per second, and it times a request from when it was sent, not from when it was
// due (coordinated omission). Here each request has a due time, and its latency is counted from that
// due time, so a stalled server or a full connection pool shows up in the percentiles.
import http from 'node:http';
import type { Rng } from '#server/seed/art.ts';
import type { RequestSpec } from '../bench/mix';

export const TIMEOUT_MS = 10_000;

export type Outcome = ({ status: number; body: string } | { status: 'timeout' | 'error'; body: string }) & {
  /** Sent again once: the server had closed the idle keep-alive connection as this request went out. */
  resent?: boolean;
};

export interface NextRequest {
  kind: string;
  spec: RequestSpec;
  /** Answers that are not errors for this kind (default: any 2xx). */
  expected?: (status: number) => boolean;
}

/**
 * Sends one request on agent; resolves with the status and, for non-2xx answers, the body.
 *
 * The server closes a keep-alive connection after 5 s idle (SERVER_TIMEOUTS.keepAliveMs); a request
 * written on such a connection as it closes fails with ECONNRESET or 'socket hang up' before any
 * answer, and the server never read it. A browser sends it again on a new connection, and so does
 * this, once (Node's documented pattern: `req.reusedSocket`); the outcome says so and the report
 * counts them. Any other failure is an error.
 */
export async function send(agent: http.Agent, base: URL, spec: RequestSpec): Promise<Outcome> {
  const first = await sendOnce(agent, base, spec);
  if (!first.staleSocket) return first.outcome;
  return { ...(await sendOnce(agent, base, spec)).outcome, resent: true };
}

function sendOnce(
  agent: http.Agent,
  base: URL,
  spec: RequestSpec,
): Promise<{ outcome: Outcome; staleSocket: boolean }> {
  return new Promise((done) => {
    let answered = false;
    const resolve = (outcome: Outcome) => done({ outcome, staleSocket: false });
    const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: spec.method,
        path: spec.path,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
          ...spec.headers,
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          res.resume();
          res.on('end', () => resolve({ status, body: '' }));
        } else {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < 500) text += chunk;
          });
          res.on('end', () => resolve({ status, body: text.slice(0, 500) }));
        }
        res.on('error', (error) => resolve({ status: 'error', body: error.message }));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 'timeout', body: `no answer within ${TIMEOUT_MS} ms` });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const closedUnderIt =
        req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.message === 'socket hang up');
      done({ outcome: { status: 'error', body: error.message }, staleSocket: closedUnderIt });
    });
    req.end(body);
  });
}

export interface KindStats {
  latencies: number[];
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  errorSamples: string[];
}

/** Every answer: latency per kind, status counts, a few error bodies, and a time line. */
export class Recorder {
  readonly kinds = new Map<string, KindStats>();
  /** [ms since start, latency ms, 1 when an error] per answer, for the time line. */
  readonly timeline: [number, number, number][] = [];
  readonly lags: number[] = [];
  /** The most requests in flight at once (open loop): at `connections`, requests queued here. */
  peakInFlight = 0;
  /** Requests sent a second time after the server closed their idle connection under them (send). */
  resent = 0;

  constructor(readonly startedAt = performance.now()) {}

  record(next: NextRequest, outcome: Outcome, latency: number, dueAt: number) {
    let stats = this.kinds.get(next.kind);
    if (!stats) {
      stats = { latencies: [], ok: 0, errors: 0, statuses: {}, errorSamples: [] };
      this.kinds.set(next.kind, stats);
    }
    const { status } = outcome;
    if (outcome.resent) this.resent++;
    const isOk =
      typeof status === 'number' && (next.expected ? next.expected(status) : status >= 200 && status < 300);
    stats.latencies.push(latency);
    stats.statuses[String(status)] = (stats.statuses[String(status)] ?? 0) + 1;
    if (isOk) stats.ok++;
    else {
      stats.errors++;
      if (stats.errorSamples.length < 3)
        stats.errorSamples.push(`${next.spec.method} ${next.spec.path} → ${status} ${outcome.body}`);
    }
    this.timeline.push([dueAt - this.startedAt, latency, isOk ? 0 : 1]);
  }

  get count() {
    return this.timeline.length;
  }
  get errors() {
    let n = 0;
    for (const s of this.kinds.values()) n += s.errors;
    return n;
  }
}

export const keepAliveAgent = (connections: number) =>
  new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });

/** `connections` loops, each sending its next request as soon as the last one is answered. */
export async function closedLoop(options: {
  base: URL;
  connections: number;
  seconds: number;
  next: () => NextRequest;
  recorder?: Recorder;
}): Promise<{ requests: number; seconds: number; rate: number; errors: number }> {
  const agent = keepAliveAgent(options.connections);
  const recorder = options.recorder ?? new Recorder();
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const next = options.next();
        const sentAt = performance.now();
        const outcome = await send(agent, options.base, next.spec);
        recorder.record(next, outcome, performance.now() - sentAt, sentAt);
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return { requests: recorder.count, seconds, rate: recorder.count / seconds, errors: recorder.errors };
}

/**
 * Poisson arrivals at `rate` per second for `seconds`, over at most `connections` keep-alive
 * connections (a request that finds them all busy waits, and the wait counts in its latency).
 */
export async function openLoop(options: {
  base: URL;
  rate: number;
  connections: number;
  seconds: number;
  next: () => NextRequest;
  rng: Rng;
  recorder: Recorder;
}): Promise<void> {
  const { rate, recorder, rng } = options;
  const agent = keepAliveAgent(options.connections);
  const inflight = new Set<Promise<void>>();
  const start = recorder.startedAt;
  const end = start + options.seconds * 1000;
  let due = start;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        const dueAt = due;
        const next = options.next();
        recorder.lags.push(now - dueAt);
        const pending = send(agent, options.base, next.spec).then((outcome) =>
          recorder.record(next, outcome, performance.now() - dueAt, dueAt),
        );
        inflight.add(pending);
        recorder.peakInFlight = Math.max(recorder.peakInFlight, inflight.size);
        void pending.finally(() => inflight.delete(pending));
        due += (-Math.log(1 - rng.next()) * 1000) / rate;
      }
      if (due >= end) resolve();
      else setTimeout(tick, Math.max(0, due - performance.now()));
    };
    tick();
  });
  await Promise.all(inflight);
  agent.destroy();
}
