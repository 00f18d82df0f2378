import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '#server/db/client.ts';
import { unusedPort } from '#server/lib/unused-port.ts';
import { type SmtpSink, startSmtpSink } from '#server/test/smtp-sink.ts';
import { type Account, type Attempt, call, createAccount, inBatches, percentile } from './http';
import { PrivateCluster } from './postgres';
import { ServerProcess, sleep } from './server';
import { statusHistogram, type Verification, WriteLoad } from './write-load';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DrillResult {
  name: string;
  figures: string[];
  /** Checks that do not depend on the host's speed: any one fails the drill. */
  failures: string[];
  /** Wall-clock targets: printed as measured, failures only with --strict (index.ts). */
  timings: Timing[];
}

export interface Timing {
  target: string;
  measured: string;
  met: boolean;
}

export interface DrillOptions {
  short: boolean;
  log: (line: string) => void;
}

const HANG_MS = 5000;
const RECOVERY_MS = 2000;
const FREEZE_MS = 6000;
/**
 * Failure detector, far above any real figure: a request without an answer this long, a write
 * without an acknowledgement, the service not answering 2xx this long after the database is back.
 */
const NO_ANSWER_MS = 60_000;

async function makeAccounts(server: ServerProcess, sink: SmtpSink, clients: number, providers: number) {
  const jobs = [
    ...Array.from(
      { length: providers },
      (_, i) => () => createAccount(server.baseUrl, sink, 'provider', `p${i}`),
    ),
    ...Array.from(
      { length: clients },
      (_, i) => () => createAccount(server.baseUrl, sink, 'client', `c${i}`),
    ),
  ];
  const accounts = await inBatches(jobs, 3);
  return { providers: accounts.slice(0, providers), clients: accounts.slice(providers) };
}

function checkVerification(v: Verification, load: WriteLoad, figures: string[], failures: string[]) {
  figures.push(
    `acknowledged writes: ${v.openings} openings, ${v.clicks} booking logs, ${v.favoriteOps} favourite changes; lost ${v.lost}, duplicated ${v.duplicated}`,
  );
  if (v.lost > 0) failures.push(`${v.lost} acknowledged writes lost`);
  if (v.duplicated > 0) failures.push(`${v.duplicated} duplicate rows`);
  for (const p of v.problems.slice(0, 5)) failures.push(p);
  if (load.abandoned > 0) failures.push(`${load.abandoned} writes never acknowledged (gave up retrying)`);
  for (const u of load.unexpected.slice(0, 5)) failures.push(`unexpected reply: ${u}`);
}

/** (a) PostgreSQL restarted under write traffic. */
export async function postgresRestartDrill({ short, log }: DrillOptions): Promise<DrillResult> {
  const figures: string[] = [];
  const failures: string[] = [];
  const timings: Timing[] = [];
  const cluster = new PrivateCluster(await unusedPort());
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-faults-a-'));
  let server: ServerProcess | undefined;
  try {
    await cluster.init();
    log(`private PostgreSQL on port ${cluster.port} (${cluster.dir})`);
    server = new ServerProcess(await unusedPort(), {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      MAIL_POLL_MS: '200',
    });
    await server.start();
    const { clients, providers } = await makeAccounts(server, sink, short ? 2 : 4, short ? 2 : 4);
    const base = server.baseUrl;
    const load = new WriteLoad(() => base, clients, providers, {
      retryForMs: NO_ANSWER_MS,
      timeoutMs: NO_ANSWER_MS,
      pauseMs: 20,
    });
    load.start();
    const settleMs = short ? 2000 : 5000;
    await sleep(settleMs);

    // Phase 1: the database stopped (fast shutdown) for 3 s, then started.
    const downAt = Date.now();
    log('stopping PostgreSQL (fast shutdown) for 3 s');
    await cluster.stop();
    const stoppedAt = Date.now();
    await sleep(3000);
    log('starting PostgreSQL');
    const started = cluster.start();
    const readyAt = await cluster.waitReady();
    await started;
    await sleep(settleMs);

    // Phase 2: the database frozen (SIGSTOP) for longer than a request may take: open connections
    // that answer nothing, as with a hung server or a network partition.
    log(`freezing PostgreSQL (SIGSTOP) for ${FREEZE_MS} ms`);
    const thaw = await cluster.freeze();
    const frozenAt = Date.now();
    await sleep(FREEZE_MS);
    thaw();
    const thawedAt = Date.now();
    log('PostgreSQL resumed');
    await sleep(settleMs);
    await load.stop();

    const all = load.attempts;
    const phases = [
      {
        name: 'stopped',
        from: stoppedAt,
        until: readyAt,
        note: `down ${readyAt - downAt} ms, stop took ${stoppedAt - downAt} ms`,
      },
      { name: 'frozen', from: frozenAt, until: thawedAt, note: `frozen ${thawedAt - frozenAt} ms` },
    ];
    for (const phase of phases) {
      const during = all.filter((a) => a.startedAt >= phase.from && a.startedAt < phase.until);
      const failedDuring = during.filter((a) => a.status < 200 || a.status >= 300);
      const ms = failedDuring.map((a) => a.ms);
      const firstOk = all
        .filter((a) => a.status >= 200 && a.status < 300 && a.endedAt >= phase.until)
        .sort((x, y) => x.endedAt - y.endedAt)[0];
      const recoveryMs = firstOk ? firstOk.endedAt - phase.until : Number.POSITIVE_INFINITY;
      figures.push(
        `${phase.name} (${phase.note}): ${during.length} requests started meanwhile: ${statusHistogram(during)}; failed p50 ${percentile(ms, 50)} ms, max ${Math.max(0, ...ms)} ms; first 2xx ${recoveryMs} ms after the database was back`,
      );
      if (phase.name === 'stopped' && failedDuring.length === 0)
        failures.push(`${phase.name}: no request failed while the database was out`);
      if (!firstOk || recoveryMs > NO_ANSWER_MS)
        failures.push(`${phase.name}: no 2xx within ${NO_ANSWER_MS} ms of the database being back`);
      timings.push({
        target: `${phase.name}: service back within ${RECOVERY_MS} ms of the database`,
        measured: `first 2xx after ${recoveryMs} ms`,
        met: recoveryMs <= RECOVERY_MS,
      });
    }
    const failed = all.filter((a) => a.status < 200 || a.status >= 300);
    const unanswered = failed.filter((a) => a.status === 0);
    const not503 = failed.filter(
      (a) => a.status !== 0 && (a.status !== 503 || a.body?.error !== 'SERVICE_UNAVAILABLE'),
    );
    const slow = all.filter((a) => a.ms > HANG_MS);
    const slowest = Math.max(0, ...all.map((a) => a.ms));
    figures.push(
      `${all.length} requests in all, failed answers ${statusHistogram(failed)} (each retried with its Idempotency-Key)`,
    );
    if (server.unexpectedExit) failures.push(`server ${server.unexpectedExit}`);
    // The server keeps running through the outage: every request gets an HTTP answer.
    if (unanswered.length > 0)
      failures.push(
        `${unanswered.length} requests got no HTTP answer (ours time out after ${NO_ANSWER_MS} ms): ${statusHistogram(unanswered)}`,
      );
    if (not503.length > 0)
      failures.push(
        `${not503.length} failed answers were not 503 SERVICE_UNAVAILABLE: ${statusHistogram(not503)}`,
      );
    timings.push({
      target: `no request over ${HANG_MS} ms`,
      measured: `slowest ${slowest} ms, ${slow.length} over`,
      met: slow.length === 0,
    });
    for (const line of server.errorLines().slice(0, 3)) failures.push(`server logged: ${line}`);
    const health = await call(base, 'GET', '/api/health');
    if (health.status !== 200) failures.push(`health after the drill: ${health.status}`);

    const database = await openDatabase({ databaseUrl: cluster.url, onPoolError: () => {} });
    try {
      checkVerification(await load.verify(database.db), load, figures, failures);
    } finally {
      await database.close();
    }
  } catch (error) {
    failures.push(`drill error: ${(error as Error).message}`);
    if (server) log(server.tail());
  } finally {
    await server?.stop();
    await sink.stop();
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { name: '(a) PostgreSQL restart under write traffic', figures, failures, timings };
}

/** (b) kill -9 of the server on embedded PGlite, restarted on the same DATA_DIR. */
export async function pgliteKillDrill({ short, log }: DrillOptions): Promise<DrillResult> {
  const figures: string[] = [];
  const failures: string[] = [];
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-faults-b-'));
  const server = new ServerProcess(await unusedPort(), { DATA_DIR: dataDir, SMTP_URL: sink.url });
  try {
    await server.start();
    const { clients, providers } = await makeAccounts(server, sink, short ? 2 : 3, short ? 2 : 2);
    const base = server.baseUrl;
    const load = new WriteLoad(() => base, clients, providers, {
      retryForMs: NO_ANSWER_MS,
      timeoutMs: NO_ANSWER_MS,
      pauseMs: 10,
    });
    load.start();
    const kills = short ? 1 : 3;
    const openMs: number[] = [];
    for (let k = 0; k < kills; k++) {
      await sleep(short ? 2000 : 4000);
      const ackedBefore = load.acknowledged;
      log(`kill -9 server (pid ${server.pid}) after ${ackedBefore} acknowledged writes`);
      await server.kill9();
      const t0 = Date.now();
      await server.start();
      openMs.push(Date.now() - t0);
    }
    await sleep(short ? 1500 : 4000);
    await load.stop();
    figures.push(
      `${kills} kill -9 under load; restarts healthy after ${openMs.join(', ')} ms; ${load.attempts.length} requests, failed: ${statusHistogram(load.attempts.filter((a) => a.status < 200 || a.status >= 300))}`,
    );
    if (server.unexpectedExit) failures.push(`server ${server.unexpectedExit}`);
    await server.stop();
    // Opened again here, directly: the files a killed server left must be a consistent database.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const [tables] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`),
      );
      figures.push(`PGlite reopened directly: ${tables?.n} tables`);
      checkVerification(await load.verify(database.db), load, figures, failures);
    } finally {
      await database.close();
    }
  } catch (error) {
    failures.push(`drill error: ${(error as Error).message}`);
    log(server.tail());
  } finally {
    await server.stop();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Restart times are figures only: start() fails the drill when the server is never healthy.
  return { name: '(b) kill -9 of the server on embedded PGlite', figures, failures, timings: [] };
}

/** (c) SMTP down during sign-ups and opening alerts; every email delivered once afterwards. */
export async function smtpOutageDrill({ short, log }: DrillOptions): Promise<DrillResult> {
  const figures: string[] = [];
  const failures: string[] = [];
  const timings: Timing[] = [];
  const signups = short ? 40 : 200;
  const [providerCount, followerCount] = short ? [2, 5] : [5, 10];
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-faults-c-'));
  const server = new ServerProcess(await unusedPort(), {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    MAIL_POLL_MS: '100',
    MAIL_RETRY_BASE_MS: '250',
    ALERT_GROUPING_SECONDS: '0',
  });
  try {
    await server.start();
    const base = server.baseUrl;
    const { clients: followers, providers } = await makeAccounts(server, sink, followerCount, providerCount);
    for (const f of followers)
      for (const p of providers) {
        const res = await call(base, 'POST', '/api/favorites', { providerId: p.id }, { token: f.token });
        if (res.status !== 200) throw new Error(`favourite: ${res.status}`);
      }
    const before = sink.messages.length;

    log(
      `SMTP down: ${signups} sign-ups and ${providerCount} openings → ${providerCount * followerCount} alerts`,
    );
    await sink.stop();
    const downAt = Date.now();
    const emails = Array.from({ length: signups }, (_, i) => `signup-${i}-${downAt}@faults.test`);
    const replies = await inBatches(
      emails.map(
        (email) => () => call(base, 'POST', '/api/auth/signup', { email, password: 'Velvet-Orchid-4821' }),
      ),
      4,
    );
    const badSignups = replies.filter((r) => r.status !== 200);
    if (badSignups.length > 0)
      failures.push(`${badSignups.length} sign-ups failed: ${statusHistogram(badSignups)}`);
    for (const p of providers) {
      const now = Date.now();
      const res = await call(
        base,
        'POST',
        '/api/last-minute-openings',
        {
          service_type: 'Silk press',
          start_time: new Date(now + 7_200_000).toISOString(),
          end_time: new Date(now + 10_800_000).toISOString(),
        },
        { token: p.token },
      );
      if (res.status !== 200) failures.push(`opening: ${res.status}`);
    }
    // Long enough for the dispatcher to queue the alerts and the worker to fail on every email.
    await sleep(short ? 2000 : 3000);
    await sink.start();
    const upAt = Date.now();
    log(`SMTP back on port ${sink.port} after ${upAt - downAt} ms`);

    const expected = new Map<string, number>();
    for (const e of emails) expected.set(`${e} verify`, 1);
    for (const f of followers) for (const p of providers) expected.set(`${f.email} alert ${p.name}`, 1);
    const kindOf = (subject: string) =>
      subject.startsWith('Confirm your email')
        ? 'verify'
        : `alert ${providers.find((p) => subject.startsWith(`${p.name}:`))?.name ?? subject}`;
    const count = () => {
      const got = new Map<string, number>();
      for (const m of sink.messages.slice(before))
        for (const to of m.to)
          got.set(`${to} ${kindOf(m.subject)}`, (got.get(`${to} ${kindOf(m.subject)}`) ?? 0) + 1);
      return got;
    };
    // The target: a mail's next retry is due within about as long as it has been failing, so all
    // are out within twice the outage (a minute at least, for the worker to get through them).
    // The wait itself goes on twice as long: missing emails fail the drill, a late one does not.
    const targetMs = Math.max(60_000, 2 * (upAt - downAt));
    const waitLimitMs = 2 * targetMs;
    let deliveredAt: number | undefined;
    while (Date.now() - upAt < waitLimitMs) {
      const got = count();
      if ([...expected.keys()].every((k) => (got.get(k) ?? 0) >= 1)) {
        deliveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await sleep(2000); // late duplicates would show up here
    const got = count();
    const missing = [...expected.keys()].filter((k) => !got.has(k));
    const dupes = [...got].filter(([, n]) => n > 1);
    const stray = [...got.keys()].filter((k) => !expected.has(k));
    figures.push(
      `outage ${upAt - downAt} ms; expected ${expected.size} emails (${signups} verification + ${providerCount * followerCount} alerts); received ${sink.messages.length - before}`,
    );
    figures.push(
      deliveredAt
        ? `all delivered after SMTP came back; missing 0, duplicates ${dupes.length}, unexpected ${stray.length}`
        : `NOT all delivered within ${waitLimitMs} ms: missing ${missing.length}, duplicates ${dupes.length}`,
    );
    timings.push({
      target: `all delivered within ${targetMs} ms of SMTP's return`,
      measured: deliveredAt ? `${deliveredAt - upAt} ms` : `not within ${waitLimitMs} ms`,
      met: deliveredAt !== undefined && deliveredAt - upAt <= targetMs,
    });
    if (missing.length > 0)
      failures.push(`${missing.length} emails missing, e.g. ${missing.slice(0, 3).join('; ')}`);
    if (dupes.length > 0)
      failures.push(`${dupes.length} emails delivered more than once, e.g. ${dupes[0]?.[0]}`);
    if (stray.length > 0) failures.push(`${stray.length} unexpected emails, e.g. ${stray[0]}`);
    if (server.unexpectedExit) failures.push(`server ${server.unexpectedExit}`);
    await server.stop();
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const rows = rowsOf<{ status: string; n: number; retried: number; max_attempts: number }>(
        await database.db.execute(sql`select status, count(*)::int as n,
          (count(*) filter (where attempts > 1))::int as retried, max(attempts)::int as max_attempts
          from mail_outbox where created_at >= to_timestamp(${downAt / 1000}) group by status`),
      );
      figures.push(
        `outbox rows since the outage: ${rows.map((r) => `${r.status} ${r.n} (retried ${r.retried}, max attempts ${r.max_attempts})`).join('; ')}`,
      );
      const retried = rows.reduce((s, r) => s + r.retried, 0);
      if (retried === 0) failures.push('no email was retried: the outage did not bite');
    } finally {
      await database.close();
    }
  } catch (error) {
    failures.push(`drill error: ${(error as Error).message}`);
    log(server.tail());
  } finally {
    await server.stop();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { name: '(c) SMTP outage during sign-ups and opening alerts', figures, failures, timings };
}

/**
 * scripts/standby-postgres.sh pointed at a private primary: its socket, port and configuration (in
 * its data directory), and a standby directory of the drill's own.
 */
function standbyScript(cluster: PrivateCluster, base: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      [path.join(ROOT, 'scripts/standby-postgres.sh'), command],
      {
        env: {
          ...process.env,
          PRIMARY_PORT: String(cluster.port),
          PRIMARY_SOCKET: cluster.dir,
          PRIMARY_CONF_DIR: path.join(cluster.dir, 'data'),
          STANDBY_BASE: base,
        },
        timeout: 180_000,
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`standby ${command}: ${stderr}`)) : resolve(stdout),
    );
  });
}

/**
 * (d) A read replica that lags (replay paused) while a provider edits their profile, then goes away
 * under public reads: nobody is shown an older profile than the last save, and no read fails.
 */
export async function replicaDrill({ short, log }: DrillOptions): Promise<DrillResult> {
  const figures: string[] = [];
  const failures: string[] = [];
  const cluster = new PrivateCluster(await unusedPort());
  const sink = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-faults-d-'));
  const standbyBase = path.join(tmpdir(), `glowfind-faults-standby-${cluster.port}`);
  let server: ServerProcess | undefined;
  let standbyUp = false;
  try {
    await cluster.init();
    const out = await standbyScript(cluster, standbyBase, 'start');
    standbyUp = true;
    const standbyPort = /port=(\d+)/.exec(out)?.[1];
    if (!standbyPort) throw new Error(`the standby script printed no port: ${out}`);
    const replicaUrl = new URL(cluster.url);
    replicaUrl.port = standbyPort;
    log(`private primary on ${cluster.port}, streaming standby on ${standbyPort}`);
    server = new ServerProcess(await unusedPort(), {
      DATABASE_URL: cluster.url,
      DATABASE_REPLICA_URLS: replicaUrl.toString(),
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      MAIL_POLL_MS: '200',
    });
    await server.start();
    const base = server.baseUrl;
    const [provider] = await inBatches([() => createAccount(base, sink, 'provider', 'r0')], 1);
    const owner = provider!;

    // Phase 1: replay paused; every save is read back at once by its owner and by anyone.
    await standbyScript(cluster, standbyBase, 'pause');
    const edits = short ? 5 : 20;
    let stale = 0;
    for (let i = 0; i < edits; i++) {
      const bio = `Edit ${i} while the replica lags`;
      const saved = await call(base, 'PUT', '/api/auth/profile', { bio }, { token: owner.token });
      if (saved.status !== 200) failures.push(`save ${i}: ${saved.status}`);
      for (const token of [owner.token, undefined]) {
        const read = await call(base, 'GET', `/api/user/${owner.slug}`, undefined, token ? { token } : {});
        if (read.status !== 200) failures.push(`read after save ${i}: ${read.status}`);
        else if (read.body.profile.bio !== bio) stale++;
      }
    }
    await standbyScript(cluster, standbyBase, 'resume');
    figures.push(
      `lagging replica: ${edits} saves, each read back by its owner and anonymously; ${stale} stale reads`,
    );
    if (stale > 0) failures.push(`${stale} reads showed a profile older than the last save`);

    // Phase 2: the replica goes away under anonymous reads.
    const reads: Attempt[] = [];
    let reading = true;
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        reads.push(await call(base, 'POST', '/api/search', { query: `silk press ${i % 7}` }));
        reads.push(await call(base, 'GET', `/api/user/${owner.slug}`));
      }
    })();
    await sleep(short ? 500 : 2000);
    log('stopping the standby');
    await standbyScript(cluster, standbyBase, 'stop');
    standbyUp = false;
    await sleep(short ? 3000 : 6000);
    reading = false;
    await reader;
    const failed = reads.filter((r) => r.status !== 200);
    figures.push(`replica gone: ${reads.length} public reads, ${statusHistogram(failed)} failed`);
    if (failed.length > 0) failures.push(`${failed.length} public reads failed after the replica went away`);
    if (server.unexpectedExit) failures.push(`server ${server.unexpectedExit}`);
    for (const line of server.errorLines().slice(0, 3)) failures.push(`server logged: ${line}`);
  } catch (error) {
    failures.push(`drill error: ${(error as Error).message}`);
    if (server) log(server.tail());
  } finally {
    await server?.stop();
    if (standbyUp) await standbyScript(cluster, standbyBase, 'stop').catch(() => {});
    await sink.stop();
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { name: '(d) read replica lagging, then gone', figures, failures, timings: [] };
}

export type { Account };
