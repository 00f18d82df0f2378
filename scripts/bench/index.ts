// `npm run bench -- [--providers 100000] [--database-url URL] [--duration 10] [--connections 50]
//                   [--seed bench] [--json FILE] [--keep] [--reuse DATABASE_URL|DATA_DIR]
//                   [--only hello,health,profile,search,kinds] [--cpu-prof DIR]`
//
// --keep leaves the seeded database; --reuse measures such a database again without seeding (same
// --providers and --seed); --only runs some of the rows; --cpu-prof writes the server's V8 CPU
// profile into DIR when it stops (open it in Chrome DevTools, or sum it with scripts/bench/cpu-profile.ts).
//
// Seeds a fresh database with N providers (deterministic), starts the real server on it with rate
// limits off, and measures with autocannon, one route after the other: a static hello route on a bare
// Fastify process (the ceiling), /api/health, GET /api/user/:slug and POST /api/search (a realistic
// mix, then each kind of search alone). Prints req/s, p50/p95/p99 and each route's share of the
// ceiling. Without --database-url it runs on PGlite in a temporary DATA_DIR; with it, on a new
// database created on that server from the URL's database as template (see createScratchDatabase).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createScratchDatabase, type ScratchDatabase } from '#server/db/scratch-database.ts';
import { createRng } from '#server/seed/art.ts';
import { buildPlaces } from './catalogue';
import { percentile, profileMix, type RequestSpec, searchMix } from './mix';
import { startAppServer, startHelloServer, stopProcess } from './processes';
import { catalogueProviders, seedCatalogue } from './seed';

const { values: args } = parseArgs({
  options: {
    providers: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: 'bench' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string', default: 'hello,health,profile,search,kinds' },
    'cpu-prof': { type: 'string' },
    'web-concurrency': { type: 'string', default: '1' },
  },
});
const ONLY = new Set(args.only.split(',').map((s) => s.trim()));
const N = Number(args.providers);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
if (!Number.isInteger(N) || N < 100) throw new Error('--providers must be an integer ≥ 100');

const log = (message: string) => console.error(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------
// The load

interface Row {
  route: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
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

// ---------------------------------------------------------------------------------------------

async function main() {
  const databaseUrl = args['database-url'];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'glowfind-bench-'));
  let scratch: ScratchDatabase | null = null;
  const children: ChildProcess[] = [];
  // A kept database measured again: a URL is PostgreSQL, anything else a PGlite DATA_DIR.
  const reuse = args.reuse;
  const reuseUrl = reuse && /^postgres(ql)?:\/\//.test(reuse) ? reuse : undefined;
  const appDataDir = reuse && !reuseUrl ? reuse : dataDir;
  try {
    if (databaseUrl && !reuse) scratch = await createScratchDatabase(databaseUrl, 'bench');
    const engine = scratch || reuseUrl ? 'PostgreSQL' : 'PGlite';
    const seeded = reuse
      ? { providers: catalogueProviders(args.seed, N), seconds: 0, searchable: N, terms: 0, version: engine }
      : await (async () => {
          log(
            `seeding ${N.toLocaleString('en-US')} providers on ${engine}${scratch ? ` (${new URL(scratch.url).pathname.slice(1)})` : ` in ${dataDir}`}`,
          );
          const result = await seedCatalogue({
            databaseUrl: scratch?.url,
            dataDir,
            providers: N,
            seed: args.seed,
            log,
          });
          log(
            `  seeded in ${result.seconds.toFixed(1)} s: ${result.searchable} searchable providers, ${result.terms} vocabulary words`,
          );
          return result;
        })();
    if (reuse) log(`reusing ${reuse} (${N.toLocaleString('en-US')} providers, seed ${args.seed})`);

    const helloServer = await startHelloServer();
    children.push(helloServer.child);
    const hello = helloServer.base;
    const app = await startAppServer({
      dataDir: appDataDir,
      databaseUrl: reuseUrl ?? scratch?.url,
      cpuProfileDir: args['cpu-prof'],
      webConcurrency: Number(args['web-concurrency']),
    });
    children.push(app.child);
    const base = app.base;

    const active = seeded.providers.filter((p) => p.verified);
    const profiles = profileMix(args.seed, active);
    const mix = searchMix(
      args.seed,
      active,
      buildPlaces().popular.map((p) => p.zip),
    );

    log(`measuring: ${CONNECTIONS} connections, ${DURATION} s per route after a warm-up`);
    const rows: Row[] = [];
    if (ONLY.has('hello'))
      rows.push(await measure('static hello (ceiling)', hello, [{ method: 'GET', path: '/hello' }]));
    if (ONLY.has('health'))
      rows.push(await measure('GET /api/health', base, [{ method: 'GET', path: '/api/health' }]));
    if (ONLY.has('profile')) rows.push(await measure('GET /api/user/:slug', base, profiles));
    if (ONLY.has('search')) rows.push(await measure('POST /api/search (mix)', base, mix.mix!));
    if (ONLY.has('kinds'))
      for (const kind of ['text', 'zip', 'text + zip', 'with filters', 'typo'])
        rows.push(await measure(`  search: ${kind}`, base, mix[kind]!));

    // Without the hello row there is no ceiling to compare with: the column reads '–'.
    const ceiling = rows.find((r) => r.route.startsWith('static hello'))?.rps ?? Number.NaN;
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
    const table = [
      `${N.toLocaleString('en-US')} providers on ${engine} (${seeded.version.split(',')[0]}), ${CONNECTIONS} connections, ${DURATION} s per route; ${machine}`,
      '',
      '| route | req/s | p50 ms | p95 ms | p99 ms | of ceiling | errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.route.trim()} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${Number.isNaN(ceiling) ? '–' : `${((r.rps / ceiling) * 100).toFixed(1)}%`} | ${r.errors} |`,
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
    if (reuse) {
      rmSync(dataDir, { recursive: true, force: true });
    } else if (args.keep) {
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
