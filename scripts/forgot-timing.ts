// `node --import tsx scripts/forgot-timing.ts [--database-url URL] [--web-concurrency N] [--pairs 50]
//   [--warm-up 10] [--pause-ms 0] [--keep-alive] [--rate-limit]`
//
// Does 'Forgot password' tell, by its timing, whether an address has an account? Starts the real
// server (production mode, as `npm start` runs it) on a fresh DATA_DIR — embedded PGlite, or a new
// scratch database on --database-url's PostgreSQL server — with its mail going to an SMTP receiver in
// this process, signs up one account per pair (addresses of one length, so every body has the same
// size), then sends --pairs alternating pairs of POST /api/auth/forgot-password over real sockets, one
// new connection per request as separate probes come (--keep-alive: one kept connection): a known
// address and an unknown one, the order swapped every pair. Each probe is followed at once by a
// second request (another unknown address): the work a probe leaves running after its answer shows
// in that one's time. Prints, for the probes and for the requests that follow them, the medians and
// p90s of both sides and the median of the differences within each pair (a busy moment slows both
// requests of a pair, so it cancels out there), for docs/reliability.md. --rate-limit turns the
// limits on (each request from its own X-Forwarded-For address, TRUST_PROXY=loopback).
// A measurement, not a test: npm test holds no timed assertion on it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { createScratchDatabase, type ScratchDatabase } from '#server/db/scratch-database.ts';
import { unusedPort } from '#server/lib/unused-port.ts';
import { startProcess, stopProcess } from './bench/processes';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pairs: { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '10' },
    'web-concurrency': { type: 'string', default: '1' },
    'pause-ms': { type: 'string', default: '0' },
    'keep-alive': { type: 'boolean', default: false },
    'rate-limit': { type: 'boolean', default: false },
  },
});
const PAIRS = Number(values.pairs);
const WARM_UP = Number(values['warm-up']);
const PAUSE_MS = Number(values['pause-ms']);
const KEEP_ALIVE = values['keep-alive'] ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
const PASSWORD = 'Timing-Probe-Secret-5821';

/** Receives the server's mail and keeps a count (the sign-ups' and the resets'), nothing else. */
async function startMailReceiver(): Promise<{
  url: string;
  received: () => number;
  stop: () => Promise<void>;
}> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        count += 1;
        callback();
      });
    },
  });
  const port = await unusedPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => count,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let clients = 0;
/** A new client address for each request (TRUST_PROXY=loopback believes it): per-address limits do not trip. */
function nextClientAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** One POST with a JSON body on a connection of its own; resolves with the status and the time to the whole answer. */
function post(base: string, pathname: string, body: unknown): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: KEEP_ALIVE ?? false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(KEEP_ALIVE ? {} : { connection: 'close' }),
          'x-forwarded-for': nextClientAddress(),
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
};
const ms = (v: number) => v.toFixed(2);

async function main() {
  const databaseUrl = values['database-url'];
  const workers = Number(values['web-concurrency']);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'glowfind-forgot-timing-'));
  let scratch: ScratchDatabase | undefined;
  const mail = await startMailReceiver();
  try {
    scratch = databaseUrl ? await createScratchDatabase(databaseUrl, 'forgot_timing') : undefined;
    const port = await unusedPort();
    const base = `http://127.0.0.1:${port}`;
    const child = await startProcess(
      ['--import', 'tsx', 'src/server/main.ts'],
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? '',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        RATE_LIMIT: values['rate-limit'] ? 'on' : 'off',
        TRUST_PROXY: 'loopback',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SMTP_URL: mail.url,
        WEB_CONCURRENCY: String(workers),
      },
      `${base}/api/health`,
    );
    try {
      if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 2000));
      const total = PAIRS + WARM_UP;
      const known = Array.from(
        { length: total },
        (_, i) => `known-${String(i).padStart(3, '0')}@timing.example`,
      );
      const unknown = known.map((_, i) => `nobdy-${String(i).padStart(3, '0')}@timing.example`);
      for (const email of known) {
        const res = await post(base, '/api/auth/signup', { email, password: PASSWORD });
        if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}`);
      }
      // The sign-ups' verification mail goes out first, so it is not sent during the samples.
      for (let i = 0; i < 300 && mail.received() < total; i++) await new Promise((r) => setTimeout(r, 100));

      const probes = { known: [] as number[], unknown: [] as number[], gaps: [] as number[] };
      const followers = { known: [] as number[], unknown: [] as number[], gaps: [] as number[] };
      const forgot = async (email: string) => {
        const res = await post(base, '/api/auth/forgot-password', { email });
        if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
        return res.ms;
      };
      for (let i = 0; i < total; i++) {
        const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
        const probe = { known: 0, unknown: 0 };
        const follower = { known: 0, unknown: 0 };
        for (const side of order) {
          probe[side] = await forgot(side === 'known' ? known[i]! : unknown[i]!);
          follower[side] = await forgot(
            `after-${side === 'known' ? 'k' : 'u'}${String(i).padStart(3, '0')}@timing.example`,
          );
          if (PAUSE_MS > 0) await new Promise((r) => setTimeout(r, PAUSE_MS));
        }
        if (i < WARM_UP) continue;
        for (const [into, from] of [
          [probes, probe],
          [followers, follower],
        ] as const) {
          into.known.push(from.known);
          into.unknown.push(from.unknown);
          into.gaps.push(from.known - from.unknown);
        }
      }
      // Every known address got its reset mail: the work was done, after the answers.
      for (let i = 0; i < 300 && mail.received() < 2 * total; i++)
        await new Promise((r) => setTimeout(r, 100));

      const cpus = os.cpus();
      console.log(
        `# forgot-password over HTTP, ${PAIRS} alternating pairs after ${WARM_UP} to warm up; ` +
          `${scratch ? `PostgreSQL, WEB_CONCURRENCY=${workers}` : 'PGlite'}; ` +
          `${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}`,
      );
      console.log('| request | address | median (ms) | p90 (ms) | median gap in pairs (ms) |');
      console.log('| --- | --- | --- | --- | --- |');
      for (const [name, series] of [
        ['the probe', probes],
        ['the request after it', followers],
      ] as const) {
        for (const side of ['known', 'unknown'] as const)
          console.log(
            `| ${name} | ${side} | ${ms(quantile(series[side], 0.5))} | ${ms(quantile(series[side], 0.9))} | ${
              side === 'known' ? ms(quantile(series.gaps, 0.5)) : ''
            } |`,
          );
      }
      console.log(`Mail received: ${mail.received()} of ${2 * total} (sign-ups and resets).`);
    } finally {
      await stopProcess(child);
    }
  } finally {
    await mail.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
