// `npm run bench -- --push-fanout 1000 [--trials 10] [--database-url URL] [--cpu-prof DIR]`
//
// How long a posted opening takes to reach the devices of everyone who saved its provider: from just
// before the provider's POST to the last push arriving at the push service. Seeds a small catalogue,
// then that many client accounts that each saved one listed provider and have one device, whose
// endpoint is a local push service (push-receiver.ts; real P-256 keys and auth secrets). Starts the
// real server like `npm start` with PUSH_ALLOW_HTTP_LOOPBACK=1, logs in as the provider and posts an
// opening through the API once to warm up, then `--trials` times: each waits for every push, checks
// them all (decrypted, VAPID verified, one per device, about this opening), then for the queue to be
// empty before the next. Without --database-url it runs on PGlite in a temporary DATA_DIR.
//
// The clients' opening-alert emails are off: with them on, their 1,000 emails would go out two
// minutes after an opening (ALERT_GROUPING_SECONDS) in the middle of a later trial.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '#server/db/scratch-database.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { unusedPort } from '#server/lib/unused-port.ts';
import { percentile } from './mix';
import { startProcess, stopProcess } from './processes';
import { type Arrival, type BenchDevice, decryptPush, PushReceiver, verifyVapid } from './push-receiver';
import { seedCatalogue } from './seed';

const PROVIDERS = 200;
const PASSWORD = 'bench-push-fanout-password';
/** Far above the 5 s target: a trial that takes this long has failed, not just been slow. */
const TRIAL_TIMEOUT_MS = 120_000;

interface Trial {
  /** Posting to the last push's arrival. */
  fanoutMs: number;
  /** Posting to the first push's arrival. */
  firstMs: number;
  /** The POST's own answer time. */
  postMs: number;
  /** The server process's CPU time from posting to the last push, per push (PGlite's included, not PostgreSQL's). */
  cpuPerPushMs: number;
}

/**
 * A process's CPU time so far (user + system, /proc/PID/stat, in clock ticks of 10 ms): NaN where
 * there is no /proc. The fan-out's wall time depends on what else the machine runs; its CPU time much less.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Seeds, starts the server, times `trials` openings' fan-out to `subscribers` devices and prints the table. */
export async function benchPushFanout(options: {
  databaseUrl: string | undefined;
  subscribers: number;
  trials: number;
  seed: string;
  cpuProfileDir: string | undefined;
  log: (message: string) => void;
}) {
  const { log, subscribers } = options;
  const receiver = new PushReceiver();
  const origin = await receiver.start();
  const devices = receiver.createDevices(subscribers);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'glowfind-bench-push-'));
  let scratch: ScratchDatabase | null = null;
  let server: Awaited<ReturnType<typeof startProcess>> | null = null;
  try {
    if (options.databaseUrl) scratch = await createScratchDatabase(options.databaseUrl, 'bench');
    const engine = scratch ? 'PostgreSQL' : 'PGlite';
    log(`seeding ${PROVIDERS} providers and ${subscribers} subscribers on ${engine}`);
    const passwordHash = await hashPassword(PASSWORD);
    let provider = { id: '', email: '' };
    const seeded = await seedCatalogue({
      databaseUrl: scratch?.url,
      dataDir,
      providers: PROVIDERS,
      seed: options.seed,
      log,
      extra: async (db) => {
        [provider] = rowsOf<{ id: string; email: string }>(
          await db.execute(sql`
            UPDATE users SET password_hash = ${passwordHash}
            WHERE id = (SELECT id FROM users WHERE user_type = 'provider' AND listed ORDER BY routing_slug LIMIT 1)
            RETURNING id, email`),
        ) as [typeof provider];
        if (!provider) throw new Error('the catalogue has no listed provider');
        // Client i owns device i: the receiver's endpoint /push/i.
        await db.execute(sql`
          INSERT INTO users (email, password_hash, name, user_type, routing_slug, email_verified_at, opening_alerts)
          SELECT 'fan-' || i || '@bench.example', ${passwordHash}, 'Fan ' || i, 'client', 'fan-' || i, now(), false
          FROM generate_series(0, ${subscribers - 1}) AS i`);
        await db.execute(sql`
          INSERT INTO favorites (user_id, provider_id)
          SELECT id, ${provider.id} FROM users WHERE email LIKE 'fan-%@bench.example'`);
        const rows = devices.map((d) => ({
          i: d.index,
          endpoint: d.endpoint,
          p256dh: d.p256dh,
          auth: d.auth,
        }));
        await db.execute(sql`
          INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
          SELECT u.id, x.endpoint, x.p256dh, x.auth,
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(i int, endpoint text, p256dh text, auth text)
          JOIN users u ON u.email = 'fan-' || x.i || '@bench.example'`);
      },
    });
    log(`  seeded in ${seeded.seconds.toFixed(1)} s`);

    const port = await unusedPort();
    const base = `http://127.0.0.1:${port}`;
    const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
    server = await startProcess(
      [...profiling, '--import', 'tsx', 'src/server/main.ts'],
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url ?? '',
        AUTH_SECRET: randomBytes(32).toString('hex'),
        RATE_LIMIT: 'off',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        PUSH_ALLOW_HTTP_LOOPBACK: '1',
      },
      `${base}/api/health`,
    );
    const { publicKey } = (await (await fetch(`${base}/api/push/public-key`)).json()) as {
      publicKey: string;
    };
    const providerToken = await logIn(base, provider.email);

    const trial = async (k: number): Promise<Trial> => {
      receiver.clear();
      // Each opening at its own hour, all within the public lists' 5 days.
      const start = new Date(Date.now() + (2 + (k % 40) / 10) * 24 * 3_600_000);
      start.setUTCMinutes(0, 0, 0);
      const startedAt = new Date();
      const cpu0 = cpuMs(server?.pid);
      const t0 = performance.now();
      const response = await fetch(`${base}/api/last-minute-openings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${providerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          service_type: `Bench trial ${k}`,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3_600_000).toISOString(),
          price: '$80',
        }),
      });
      const reply = (await response.json()) as { opening?: { id: string } };
      const postMs = performance.now() - t0;
      if (!response.ok || !reply.opening)
        throw new Error(`posting answered ${response.status}: ${JSON.stringify(reply)}`);
      await receiver.waitForCount(subscribers, TRIAL_TIMEOUT_MS);
      const cpuPerPushMs = (cpuMs(server?.pid) - cpu0) / subscribers;
      const arrivals = receiver.arrivals.slice();
      checkPushes(arrivals, devices, reply.opening.id, publicKey, origin);
      const last = arrivals.reduce((a, b) => (b.at > a.at ? b : a));
      await waitForDrain(base, `fan-${last.device}@bench.example`, startedAt);
      // Anything more than one push per device (a retry of a push already taken) would show here.
      if (receiver.arrivals.length !== subscribers)
        throw new Error(`${receiver.arrivals.length} pushes for ${subscribers} devices`);
      return {
        fanoutMs: last.at - t0,
        firstMs: Math.min(...arrivals.map((a) => a.at)) - t0,
        postMs,
        cpuPerPushMs,
      };
    };

    const warm = await trial(0);
    log(`warm-up (the server's first opening): ${row(warm)}`);
    const trials: Trial[] = [];
    for (let k = 1; k <= options.trials; k++) {
      const t = await trial(k);
      trials.push(t);
      log(`  trial ${k}: ${row(t)}`);
    }

    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const fanout = sorted(trials.map((t) => t.fanoutMs));
    const post = sorted(trials.map((t) => t.postMs));
    const cpu = sorted(trials.map((t) => t.cpuPerPushMs));
    const s = (ms: number) => (ms / 1000).toFixed(2);
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, ${seeded.version.split(',')[0]!.replace(/ on .*/, '')}`;
    const commit = (() => {
      try {
        return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
          encoding: 'utf8',
          stdio: 'pipe',
        }).trim();
      } catch {
        return 'unknown (not a git checkout)';
      }
    })();
    console.log(
      [
        `Push fan-out on ${engine}: ${subscribers.toLocaleString('en-US')} devices, ${trials.length} openings after one to warm up; commit ${commit}; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.`,
        `Machine: ${machine}.`,
        '',
        '| engine | fan-out p50 | fan-out p95 | fan-out max | pushes/s (p50) | first push p50 | POST p50 | POST p95 | server CPU per push p50 |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        `| ${engine} | ${s(percentile(fanout, 50))} s | ${s(percentile(fanout, 95))} s | ${s(fanout.at(-1)!)} s | ${Math.round(subscribers / (percentile(fanout, 50) / 1000))} | ${percentile(sorted(trials.map((t) => t.firstMs)), 50).toFixed(0)} ms | ${percentile(post, 50).toFixed(0)} ms | ${percentile(post, 95).toFixed(0)} ms | ${percentile(cpu, 50).toFixed(2)} ms |`,
      ].join('\n'),
    );
  } finally {
    if (server) await stopProcess(server);
    await receiver.stop();
    if (scratch) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const row = (t: Trial) =>
  `fan-out ${(t.fanoutMs / 1000).toFixed(2)} s, first push ${t.firstMs.toFixed(0)} ms, POST ${t.postMs.toFixed(0)} ms, server CPU ${t.cpuPerPushMs.toFixed(2)} ms per push`;

async function logIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { session?: { access_token: string } };
  if (!body.session)
    throw new Error(`logging in as ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.session.access_token;
}

/**
 * Every push is one of ours: one per device, aes128gcm that decrypts with that device's keys to an
 * opening alert about this opening, under a VAPID token the server's key signed for this service.
 * Run after the trial's clock has stopped.
 */
function checkPushes(
  arrivals: Arrival[],
  devices: BenchDevice[],
  openingId: string,
  publicKey: string,
  audience: string,
) {
  const seen = new Set<number>();
  const tokens = new Set<string>();
  for (const a of arrivals) {
    if (seen.has(a.device)) throw new Error(`device ${a.device} got two pushes`);
    seen.add(a.device);
    if (a.contentEncoding !== 'aes128gcm') throw new Error(`Content-Encoding ${a.contentEncoding}`);
    if (!/^\d+$/.test(a.ttl)) throw new Error(`TTL ${a.ttl}`);
    const payload = JSON.parse(decryptPush(devices[a.device]!, a.body)) as { kind: string; url: string };
    if (payload.kind !== 'opening_alerts' || !payload.url.endsWith(`#opening-${openingId}`))
      throw new Error(`device ${a.device} got ${JSON.stringify(payload)}`);
    tokens.add(a.authorization);
  }
  for (const token of tokens) verifyVapid(token, publicKey, audience);
}

/**
 * The queue is empty once the batch that sent the last push has been recorded: batches are sent one
 * after the other, so that is the last one. Its device's last success, read through the API as its
 * owner, moves past the trial's start when it is (the next trial would otherwise share the sender).
 */
async function waitForDrain(base: string, email: string, since: Date) {
  const token = await logIn(base, email);
  for (const started = Date.now(); Date.now() - started < TRIAL_TIMEOUT_MS; ) {
    const body = (await (
      await fetch(`${base}/api/push/devices`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { devices: { lastSuccessAt: string | null }[] };
    const at = body.devices[0]?.lastSuccessAt;
    if (at && Date.parse(at) >= since.getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the push queue did not empty within ${TRIAL_TIMEOUT_MS} ms`);
}
