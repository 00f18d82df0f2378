// `npm run bench -- [--providers 100000] [--database-url URL] [--duration 10] [--connections 50]
//                   [--seed bench] [--json FILE] [--keep]`
//
// Seeds a fresh database with N providers (deterministic), starts the real server on it with rate
// limits off, and measures with autocannon, one route after the other: a static hello route on a bare
// Fastify process (the ceiling), /api/health, GET /api/user/:slug and POST /api/search (a realistic
// mix, then each kind of search alone). Prints req/s, p50/p95/p99 and each route's share of the
// ceiling. Without --database-url it runs on PGlite in a temporary DATA_DIR; with it, on a new
// database created on that server from the URL's database as template (see createScratchDatabase).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { createScratchDatabase, type ScratchDatabase } from '../../src/server/db/scratch-database';
import { hashPassword } from '../../src/server/lib/passwords';
import { createRng } from '../../src/server/seed/art';
import { unusedPort } from '../../src/server/test/build-test-app';
import { type BenchProvider, benchProvider, buildPlaces, SEARCH_WORDS } from './catalogue';

const { values: args } = parseArgs({
  options: {
    providers: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: 'bench' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const N = Number(args.providers);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
if (!Number.isInteger(N) || N < 100) throw new Error('--providers must be an integer ≥ 100');
const ROOT = path.resolve(import.meta.dirname, '../..');

const log = (message: string) => console.error(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------
// 1. The database

const BATCH = 2000;

async function seed(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  const started = Date.now();
  const places = buildPlaces();
  const providers: Pick<BenchProvider, 'slug' | 'zip' | 'verified'>[] = [];
  try {
    await database.migrate();
    const { db } = database;
    // A real hash of a password nobody knows: the accounts exist, nobody signs in as them.
    const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
    // Bulk load: the per-row search triggers are off, and search_rebuild_all() builds every search
    // document and the indexes once at the end (the migration's own path for bulk loads).
    await db.execute(sql`ALTER TABLE users DISABLE TRIGGER USER`);
    await db.execute(sql`ALTER TABLE provider_profiles DISABLE TRIGGER USER`);
    for (let from = 0; from < N; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, N - from) }, (_, k) =>
        benchProvider(args.seed, from + k, places),
      );
      for (const p of batch) providers.push({ slug: p.slug, zip: p.zip, verified: p.verified });
      const json = JSON.stringify(batch);
      await db.execute(sql`
        INSERT INTO users (id, email, password_hash, name, user_type, routing_slug, email_verified_at, created_at, updated_at)
        SELECT x.id, x.email, ${passwordHash}, x.name, 'provider', x.slug,
          CASE WHEN x.verified THEN x."createdAt" END, x."createdAt", x."createdAt"
        FROM jsonb_to_recordset(${json}::jsonb)
          AS x(id uuid, email text, name text, slug text, verified boolean, "createdAt" timestamptz)`);
      await db.execute(sql`
        INSERT INTO provider_profiles (user_id, bio, location, zip, latitude, longitude, booking_link,
          availability, availability_slots, categories, specialties, certifications, amenities, products,
          portfolio_images, pricing, created_at, updated_at)
        SELECT x.id, x.bio, x.location, x.zip, x.latitude, x.longitude, x."bookingLink",
          x.availability, x.slots,
          ARRAY(SELECT jsonb_array_elements_text(x.categories)),
          ARRAY(SELECT jsonb_array_elements_text(x.specialties)),
          ARRAY(SELECT jsonb_array_elements_text(x.certifications)),
          ARRAY(SELECT jsonb_array_elements_text(x.amenities)),
          ARRAY(SELECT jsonb_array_elements_text(x.products)),
          ARRAY(SELECT jsonb_array_elements_text(x.portfolio)),
          x.pricing, x."createdAt", x."createdAt"
        FROM jsonb_to_recordset(${json}::jsonb) AS x(id uuid, bio text, location text, zip text,
          latitude float8, longitude float8, "bookingLink" text, availability text, slots jsonb,
          categories jsonb, specialties jsonb, certifications jsonb, amenities jsonb, products jsonb,
          portfolio jsonb, pricing jsonb, "createdAt" timestamptz)`);
      if ((from / BATCH) % 10 === 9) log(`  ${from + batch.length} providers inserted`);
    }
    await db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
    await db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
    log('  building search documents and indexes (search_rebuild_all)');
    await db.execute(sql`SELECT search_rebuild_all()`);
    await db.execute(sql`ANALYZE`);
    const [counts] = (
      (await db.execute(sql`
        SELECT (SELECT count(*) FROM provider_search)::int AS searchable,
          (SELECT count(*) FROM search_terms)::int AS terms,
          version() AS version`)) as unknown as {
        rows: { searchable: number; terms: number; version: string }[];
      }
    ).rows;
    return { providers, seconds: (Date.now() - started) / 1000, ...counts! };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The processes

/** Starts a Node process and resolves once readyUrl answers 2xx; fails with its output if it exits. */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not answer ${readyUrl} within 60 s:\n${output}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---------------------------------------------------------------------------------------------
// 3. The load

interface Row {
  route: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

type RequestSpec = { method: 'GET' | 'POST'; path: string; body?: string };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(route: string, base: string, specs: RequestSpec[]): Promise<Row> {
  const run = (duration: number, latencies: number[] | null) => {
    const rng = createRng(`${args.seed}:${route}`);
    let errors = 0;
    return new Promise<{ result: autocannon.Result; errors: number }>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              setupRequest: (request) => {
                const spec = specs[Math.floor(rng.next() * specs.length)]!;
                return {
                  ...request,
                  method: spec.method,
                  path: spec.path,
                  ...(spec.body ? { body: spec.body, headers: { 'content-type': 'application/json' } } : {}),
                };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve({ result, errors })),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode < 200 || statusCode >= 300) errors++;
        latencies?.push(responseTime);
      });
    });
  };
  await run(Math.max(2, Math.round(DURATION / 5)), null); // warm-up: JIT, caches, pool
  const latencies: number[] = [];
  const { result, errors } = await run(DURATION, latencies);
  latencies.sort((a, b) => a - b);
  const row: Row = {
    route,
    requests: latencies.length,
    rps: latencies.length / DURATION,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
  };
  log(
    `  ${route}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms${row.errors ? `, ${row.errors} errors` : ''}`,
  );
  return row;
}

/** The search mix: what people type, where, and with which filters; popular things more often. */
function searchMix(providers: { zip: string }[], popularZips: string[]): Record<string, RequestSpec[]> {
  const rng = createRng(`${args.seed}:mix`);
  const zips = [...popularZips, ...Array.from({ length: 40 }, () => rng.pick(providers).zip)];
  const zip = () =>
    rng.chance(0.7) ? popularZips[Math.floor(rng.next() ** 2 * popularZips.length)]! : rng.pick(zips);
  const text = () =>
    rng.chance(0.6)
      ? rng.pick(SEARCH_WORDS.services)
      : rng.chance(0.6)
        ? rng.pick(SEARCH_WORDS.specialties)
        : `${rng.pick(SEARCH_WORDS.names)}`;
  const filters = () => {
    const roll = rng.next();
    if (roll < 0.35) return { priceRange: [rng.pick([15, 30, 50]), rng.pick([100, 150, 250, 500])] };
    if (roll < 0.6) return { availability: 'weekends', availabilityType: 'days_pattern' };
    if (roll < 0.8) return { availability: 'evenings', availabilityType: 'time_pattern' };
    return {
      experience: rng
        .shuffle(['LGBTQIA+ Friendly', 'Wheelchair Accessible', 'Private Studio', 'Gratuity Free'])
        .slice(0, rng.int(1, 2)),
    };
  };
  const post = (body: object): RequestSpec => ({
    method: 'POST',
    path: '/api/search',
    body: JSON.stringify(body),
  });
  const kinds = {
    text: Array.from({ length: 200 }, () => post({ query: text() })),
    zip: Array.from({ length: 200 }, () => post({ locationZip: zip() })),
    'text + zip': Array.from({ length: 200 }, () => post({ query: text(), locationZip: zip() })),
    'with filters': Array.from({ length: 200 }, () =>
      post({ ...(rng.chance(0.5) ? { query: text() } : {}), locationZip: zip(), ...filters() }),
    ),
    typo: Array.from({ length: 50 }, () =>
      post({ query: rng.pick(SEARCH_WORDS.typos), ...(rng.chance(0.5) ? { locationZip: zip() } : {}) }),
    ),
  };
  // The mix: 30% text, 20% zip, 25% text + zip, 20% with filters, 5% typos.
  const share: Record<keyof typeof kinds, number> = {
    text: 30,
    zip: 20,
    'text + zip': 25,
    'with filters': 20,
    typo: 5,
  };
  const mix = Object.entries(share).flatMap(([kind, n]) =>
    Array.from(
      { length: n * 4 },
      (_, k) => kinds[kind as keyof typeof kinds][k % kinds[kind as keyof typeof kinds].length]!,
    ),
  );
  return { mix, ...kinds };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const databaseUrl = args['database-url'];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'glowfind-bench-'));
  let scratch: ScratchDatabase | null = null;
  const children: ChildProcess[] = [];
  try {
    if (databaseUrl) scratch = await createScratchDatabase(databaseUrl, 'bench');
    const engine = scratch ? 'PostgreSQL' : 'PGlite';
    log(
      `seeding ${N.toLocaleString('en-US')} providers on ${engine}${scratch ? ` (${new URL(scratch.url).pathname.slice(1)})` : ` in ${dataDir}`}`,
    );
    const seeded = await seed(scratch?.url, dataDir);
    log(
      `  seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.searchable} searchable providers, ${seeded.terms} vocabulary words`,
    );

    const [helloPort, appPort] = [await unusedPort(), await unusedPort()];
    const base = `http://127.0.0.1:${appPort}`;
    const hello = `http://127.0.0.1:${helloPort}`;
    children.push(
      await startProcess(
        ['--import', 'tsx', 'scripts/bench/hello-server.ts'],
        { PORT: String(helloPort) },
        `${hello}/hello`,
      ),
    );
    children.push(
      await startProcess(
        ['--import', 'tsx', 'src/server/main.ts'],
        {
          NODE_ENV: 'production',
          PORT: String(appPort),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: scratch?.url ?? '',
          AUTH_SECRET: randomBytes(32).toString('hex'),
          RATE_LIMIT: 'off',
          SEED_DEMO: '0',
          LOG_LEVEL: 'warn',
        },
        `${base}/api/health`,
      ),
    );

    const profileRng = createRng(`${args.seed}:profiles`);
    const active = seeded.providers.filter((p) => p.verified);
    // Popular profiles are viewed more often: the square of a uniform number skews to the front.
    const profiles: RequestSpec[] = Array.from({ length: 500 }, () => ({
      method: 'GET',
      path: `/api/user/${active[Math.floor(profileRng.next() ** 2 * active.length)]!.slug}`,
    }));
    const mix = searchMix(
      active,
      buildPlaces().popular.map((p) => p.zip),
    );

    log(`measuring: ${CONNECTIONS} connections, ${DURATION} s per route after a warm-up`);
    const rows: Row[] = [];
    rows.push(await measure('static hello (ceiling)', hello, [{ method: 'GET', path: '/hello' }]));
    rows.push(await measure('GET /api/health', base, [{ method: 'GET', path: '/api/health' }]));
    rows.push(await measure('GET /api/user/:slug', base, profiles));
    rows.push(await measure('POST /api/search (mix)', base, mix.mix!));
    for (const kind of ['text', 'zip', 'text + zip', 'with filters', 'typo'])
      rows.push(await measure(`  search: ${kind}`, base, mix[kind]!));

    const ceiling = rows[0]!.rps;
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
    const table = [
      `${N.toLocaleString('en-US')} providers on ${engine} (${seeded.version.split(',')[0]}), ${CONNECTIONS} connections, ${DURATION} s per route; ${machine}`,
      '',
      '| route | req/s | p50 ms | p95 ms | p99 ms | of ceiling | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.route.trim()} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${((r.rps / ceiling) * 100).toFixed(1)}% | ${r.errors} |`,
      ),
    ].join('\n');
    console.log(table);
    if (args.json)
      writeFileSync(
        args.json,
        JSON.stringify(
          { engine, providers: N, machine, seeded: { seconds: seeded.seconds, terms: seeded.terms }, rows },
          null,
          2,
        ),
      );
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    if (args.keep) {
      log(`kept the database: ${scratch ? `DATABASE_URL=${scratch.url}` : `DATA_DIR=${dataDir}`}`);
    } else {
      if (scratch) await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

try {
  await main();
} catch (error) {
  // Drizzle's message repeats the whole statement and its parameters (megabytes here): the cause is enough.
  const e = error as Error & { cause?: Error };
  console.error(`bench failed: ${e.cause?.message ?? e.message}`);
  process.exitCode = 1;
}
