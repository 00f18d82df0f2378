// The load generator of `npm run loadtest`: closed loop (N connections, each sends its next request
// when the last one answered) to find the maximum rate, and open loop (Poisson arrivals at a fixed
// rate, whatever the server does) for the long run.
//
// Why not autocannon's overallRate for the open loop: autocannon 8 gives each connection a quota per
// second and resets every connection's quota on the same timer tick, so at any rate the requests
// leave in one burst per second, and it times a request from when it was sent, not from when it was
// due (coordinated omission). Here each request has a due time, and its latency is counted from that
// due time, so a stalled server or a full connection pool shows up in the percentiles.
//
// Why raw sockets, not node:http: the generator shares the machine with the server and its database,
// and its own CPU and event-loop delays land in every latency it records. node:http cost 255–320 µs
// of CPU a request at 1,500 req/s on this 2-core VM, this client 160–200 µs (measured 2026-11-27
// against the bench's hello server), and it allocates no per-request agent state.
import net from 'node:net';
import type { Rng } from '#server/seed/art.ts';
import { percentile, type RequestSpec } from '../bench/mix';

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

/** Where an answer's body ends: a length, chunked encoding, or nothing (304, 204). */
type Framing = { length: number } | { chunked: true };

/** What a connection knows about the answer it is reading. */
interface Answer {
  status: number;
  framing: Framing;
  close: boolean;
  /** Offset of the body in the connection's buffer. */
  bodyAt: number;
}

/** The first bytes of a body kept for non-2xx answers (error samples). */
const KEPT_BODY = 500;
const HEADER_END = Buffer.from('\r\n\r\n');

/** Parses a response head (status line and headers), or null when it has not all arrived. */
function parseHead(buffer: Buffer): Answer | null {
  const end = buffer.indexOf(HEADER_END);
  if (end < 0) return null;
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP response: ${JSON.stringify(lines[0])}`);
  let length = 0;
  let chunked = false;
  let close = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value.includes('close');
  }
  const bodyless = status === 204 || status === 304 || status < 200;
  return {
    status,
    framing: bodyless ? { length: 0 } : chunked ? { chunked: true } : { length },
    close,
    bodyAt: end + 4,
  };
}

/**
 * A chunked body that starts at `at`: where it ends (after its final empty line) and its data, or
 * null when it has not all arrived.
 */
function readChunked(buffer: Buffer, at: number): { end: number; data: Buffer[] } | null {
  const data: Buffer[] = [];
  let i = at;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', i, 'latin1');
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', i, lineEnd), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    if (size === 0) {
      // The last chunk's line, any trailers, then an empty line.
      const last = buffer.indexOf('\r\n\r\n', lineEnd, 'latin1');
      return last < 0 ? null : { end: last + 4, data };
    }
    i = lineEnd + 2 + size + 2;
    if (i > buffer.length) return null;
    data.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
  }
}

/**
 * One keep-alive HTTP/1.1 connection, one request at a time. `exchange` writes a request and
 * resolves with the answer, or with why there was none (and whether the server closed the
 * connection before answering anything, which is what its keep-alive timeout does).
 */
class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private answer: Answer | null = null;
  private pending: ((result: { outcome: Outcome; closedBeforeAnswer: boolean }) => void) | null = null;
  /** When the request in flight was written (performance.now()); the owner's sweep times it out. */
  sentAt = Number.POSITIVE_INFINITY;
  /** Answers read on this connection. */
  served = 0;
  closed = false;

  constructor(base: URL) {
    this.socket = net.connect(Number(base.port || 80), base.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error.message));
    this.socket.on('close', () => this.fail('socket hang up'));
  }

  exchange(request: Buffer): Promise<{ outcome: Outcome; closedBeforeAnswer: boolean }> {
    return new Promise((resolve) => {
      this.pending = resolve;
      this.sentAt = performance.now();
      this.socket.write(request);
    });
  }

  /** Ends the request in flight with a timeout once it has waited TIMEOUT_MS (one timer for all, not one per request). */
  expireIfLate(now: number) {
    if (!this.pending || now - this.sentAt < TIMEOUT_MS) return;
    this.finish({ status: 'timeout', body: `no answer within ${TIMEOUT_MS} ms` }, false);
    this.destroy();
  }

  destroy() {
    this.closed = true;
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (!this.pending) return;
    try {
      this.answer ??= parseHead(this.buffer);
      const answer = this.answer;
      if (!answer) return;
      const chunked = 'chunked' in answer.framing ? readChunked(this.buffer, answer.bodyAt) : null;
      const end = 'length' in answer.framing ? answer.bodyAt + answer.framing.length : (chunked?.end ?? -1);
      if (end < 0 || end > this.buffer.length) return;
      const ok = answer.status >= 200 && answer.status < 300;
      const bytes = chunked ? Buffer.concat(chunked.data) : this.buffer.subarray(answer.bodyAt, end);
      const body = ok ? '' : bytes.toString('utf8', 0, Math.min(bytes.length, KEPT_BODY));
      this.buffer = this.buffer.subarray(end);
      this.answer = null;
      this.served++;
      if (answer.close) this.destroy();
      this.finish({ status: answer.status, body }, false);
    } catch (error) {
      this.destroy();
      this.finish({ status: 'error', body: (error as Error).message }, false);
    }
  }

  private fail(message: string) {
    this.closed = true;
    // Nothing of an answer had arrived: the server closed the connection under the request.
    this.finish({ status: 'error', body: message }, this.answer === null && this.buffer.length === 0);
  }

  private finish(outcome: Outcome, closedBeforeAnswer: boolean) {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.sentAt = Number.POSITIVE_INFINITY;
    pending({ outcome, closedBeforeAnswer });
  }
}

/** The bytes of a request, made once per spec (the mixes reuse their specs). */
const encoded = new WeakMap<RequestSpec, Buffer>();

function encode(base: URL, spec: RequestSpec): Buffer {
  let bytes = encoded.get(spec);
  if (bytes) return bytes;
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers: Record<string, string | number> = {
    host: base.host,
    ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
    ...spec.headers,
  };
  const head = `${spec.method} ${spec.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  bytes = body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
  encoded.set(spec, bytes);
  return bytes;
}

/**
 * At most `max` keep-alive connections to `base`, opened as needed; a request that finds them all
 * busy waits for one (first come, first served).
 */
export class Connections {
  private readonly idle: Connection[] = [];
  private readonly waiting: ((connection: Connection) => void)[] = [];
  private readonly all = new Set<Connection>();
  private open = 0;
  private readonly sweep: NodeJS.Timeout;

  constructor(
    readonly base: URL,
    readonly max: number,
  ) {
    this.sweep = setInterval(() => {
      const now = performance.now();
      for (const c of this.all) c.expireIfLate(now);
    }, 250);
    this.sweep.unref();
  }

  /** A connection of its own for one request: an idle one, a new one, or the next one freed. */
  async take(): Promise<Connection> {
    for (let c = this.idle.pop(); c; c = this.idle.pop()) {
      if (!c.closed) return c;
      // Closed by the server while idle.
      this.open--;
      this.all.delete(c);
    }
    if (this.open < this.max) return this.connect();
    return await new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands a connection back after its exchange: to the next waiting request, or idle. */
  give(connection: Connection) {
    if (connection.closed) {
      this.open--;
      this.all.delete(connection);
      const next = this.waiting.shift();
      if (next) next(this.connect());
      return;
    }
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }

  /** A new connection in place of one that closed (counted as open already). */
  replace(connection: Connection): Connection {
    connection.destroy();
    this.all.delete(connection);
    return this.track(new Connection(this.base));
  }

  close() {
    clearInterval(this.sweep);
    for (const c of this.all) c.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private connect(): Connection {
    this.open++;
    return this.track(new Connection(this.base));
  }

  private track(connection: Connection): Connection {
    this.all.add(connection);
    return connection;
  }
}

/**
 * Sends one request; resolves with the status and, for non-2xx answers, the body.
 *
 * The server closes a keep-alive connection after 5 s idle (SERVER_TIMEOUTS.keepAliveMs); a request
 * written on such a connection as it closes fails before any answer, and the server never read it.
 * A browser sends it again on a new connection, and so does this, once; the outcome says so and the
 * report counts them. Any other failure, and a new connection closed without an answer, is an error.
 */
export async function send(connections: Connections, spec: RequestSpec): Promise<Outcome> {
  const request = encode(connections.base, spec);
  let connection = await connections.take();
  const reused = connection.served > 0;
  let { outcome, closedBeforeAnswer } = await connection.exchange(request);
  if (reused && closedBeforeAnswer) {
    connection = connections.replace(connection);
    ({ outcome } = await connection.exchange(request));
    outcome = { ...outcome, resent: true };
  }
  connections.give(connection);
  return outcome;
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
  /** Per answer, for the time line: ms since start, latency ms, 1 when an error (parallel arrays of numbers, not a tuple per answer: a 10-minute run records over a million). */
  readonly timeline = { at: [] as number[], latency: [] as number[], error: [] as number[] };
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
    this.timeline.at.push(dueAt - this.startedAt);
    this.timeline.latency.push(latency);
    this.timeline.error.push(isOk ? 0 : 1);
  }

  get count() {
    return this.timeline.at.length;
  }
  get errors() {
    let n = 0;
    for (const s of this.kinds.values()) n += s.errors;
    return n;
  }
}

/** `connections` loops, each sending its next request as soon as the last one is answered. */
export async function closedLoop(options: {
  base: URL;
  connections: number;
  seconds: number;
  next: () => NextRequest;
  recorder?: Recorder;
}): Promise<{ requests: number; seconds: number; rate: number; errors: number }> {
  const connections = new Connections(options.base, options.connections);
  const recorder = options.recorder ?? new Recorder();
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const next = options.next();
        const sentAt = performance.now();
        const outcome = await send(connections, next.spec);
        recorder.record(next, outcome, performance.now() - sentAt, sentAt);
      }
    }),
  );
  connections.close();
  const seconds = (performance.now() - started) / 1000;
  return { requests: recorder.count, seconds, rate: recorder.count / seconds, errors: recorder.errors };
}

/**
 * Poisson arrivals at `rate` per second for `seconds`, over at most `connections` keep-alive
 * connections (a request that finds them all busy waits, and the wait counts in its latency).
 * Resolves, once every answer is in, with the requests that were still waiting when the last one
 * was due: a server that keeps up has only a moment's arrivals in flight, one that does not, a
 * backlog that grows with the run.
 */
export async function openLoop(options: {
  base: URL;
  rate: number;
  connections: number;
  seconds: number;
  next: () => NextRequest;
  rng: Rng;
  recorder: Recorder;
}): Promise<{ inFlightAtEnd: number }> {
  const { rate, recorder, rng } = options;
  const connections = new Connections(options.base, options.connections);
  const inflight = new Set<Promise<void>>();
  const start = recorder.startedAt;
  const end = start + options.seconds * 1000;
  let due = start;
  let inFlightAtEnd = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        const dueAt = due;
        const next = options.next();
        recorder.lags.push(now - dueAt);
        const pending = send(connections, next.spec).then((outcome) =>
          recorder.record(next, outcome, performance.now() - dueAt, dueAt),
        );
        inflight.add(pending);
        recorder.peakInFlight = Math.max(recorder.peakInFlight, inflight.size);
        void pending.finally(() => inflight.delete(pending));
        due += (-Math.log(1 - rng.next()) * 1000) / rate;
      }
      if (due >= end) {
        inFlightAtEnd = inflight.size;
        resolve();
      } else setTimeout(tick, Math.max(0, due - performance.now()));
    };
    tick();
  });
  await Promise.all(inflight);
  connections.close();
  return { inFlightAtEnd };
}

/** One step of sustainedRate: the rate tried and what the server did with it. */
export interface SustainStep {
  rate: number;
  answered: number;
  inFlightAtEnd: number;
  errors: number;
  p99: number;
  keptUp: boolean;
}

/**
 * The highest Poisson arrival rate in [low, high] the server keeps up with, by bisection over
 * open-loop steps of `seconds` each. A step is kept up with when it had no error or timeout and,
 * when its last request was due, no more than a quarter second of arrivals were still waiting
 * (by Little's law, their mean wait was under about 250 ms); past its capacity the backlog grows
 * by the excess every second. Returns `low` when no step was kept up with (`steps` says so).
 */
export async function sustainedRate(options: {
  base: URL;
  low: number;
  high: number;
  steps: number;
  seconds: number;
  connections: number;
  next: () => NextRequest;
  rng: Rng;
  /** Told each step as it ends, with the step's answers. */
  onStep?: (step: SustainStep, recorder: Recorder) => void;
}): Promise<{ rate: number; steps: SustainStep[] }> {
  let { low, high } = options;
  let best = low;
  const steps: SustainStep[] = [];
  for (let i = 0; i < options.steps; i++) {
    const rate = (low + high) / 2;
    const recorder = new Recorder();
    const { inFlightAtEnd } = await openLoop({ ...options, rate, recorder });
    const p99 = percentile(Float64Array.from(recorder.timeline.latency).sort(), 99);
    const keptUp = recorder.errors === 0 && inFlightAtEnd <= rate / 4;
    const step = { rate, answered: recorder.count, inFlightAtEnd, errors: recorder.errors, p99, keptUp };
    steps.push(step);
    options.onStep?.(step, recorder);
    if (keptUp) {
      best = rate;
      low = rate;
    } else high = rate;
  }
  return { rate: best, steps };
}
