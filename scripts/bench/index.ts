// `npm run bench -- [--providers 100000] [--database-url URL] [--duration 10] [--connections 50]
//                   [--queries mix,zipf,unique,unique-wide] [--seed bench] [--json FILE] [--keep]
//                   [--reuse DATABASE_URL|DATA_DIR] [--only hello,health,profile,search,unique10,kinds,landing]
//                   [--cpu-prof DIR]`
// `npm run bench -- --saved-searches 100000 --database-url URL [--providers 2000]`: only the
// saved-search matching case (scripts/bench/saved-searches.ts), on PostgreSQL.
// `npm run bench -- --push-fanout 1000 [--trials 10] [--database-url URL]`: only a posted opening's
// pushes to that many devices (scripts/bench/push-fanout.ts), on PGlite or PostgreSQL.
//
// --keep leaves the seeded database; --reuse measures such a database again without seeding (same
// --providers and --seed); --only runs some of the rows; --cpu-prof writes the server's V8 CPU
// profile into DIR when it stops (open it in Chrome DevTools, or sum it with scripts/bench/cpu-profile.ts).
//
// Seeds a fresh database with N providers (deterministic), starts the real server on it with rate
// limits off, and measures with autocannon, one row after the other: a static hello route on a bare
// Fastify process (the ceiling), /api/health, GET /api/user/:slug, POST /api/search once per query
// mode (--queries: `mix` a fixed pool of 400 bodies, `zipf` popular searches repeating, `unique` no
// body twice, both with price ranges drawn from the prices the catalogue has for the searched words,
// and `unique-wide` the unique searches with every $5 price range of the slider, as `unique` was
// before), the unique searches again at 10 connections, then each kind of the mix alone. Prints
// req/s, p50/p95/p99, errors and timeouts and each row's share of the ceiling, as a markdown table
// with the machine line. Without --database-url it runs on PGlite in a temporary DATA_DIR; with it,
// on a new database created on that server from the URL's database as template (see createScratchDatabase).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createScratchDatabase, type ScratchDatabase } from '#server/db/scratch-database.ts';
import { createRng, type Rng } from '#server/seed/art.ts';
import { buildPlaces, PRICE_SAMPLE, pricedSample } from './catalogue';
import {
  cataloguePrices,
  parseQueryModes,
  percentile,
  profileMix,
  type QueryMode,
  type RequestSpec,
  searchMix,
  uniqueSearches,
  zipfSearches,
} from './mix';
import { startAppServer, startHelloServer, stopProcess } from './processes';
import { benchPushFanout } from './push-fanout';
import { benchSavedSearches } from './saved-searches';
import { activeCatalogue, databaseVersion, seedCatalogue } from './seed';

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
    queries: { type: 'string', default: 'mix,zipf,unique,unique-wide' },
    only: { type: 'string', default: 'hello,health,profile,search,unique10,kinds,landing' },
    'cpu-prof': { type: 'string' },
    'web-concurrency': { type: 'string', default: '1' },
    'saved-searches': { type: 'string' },
    'push-fanout': { type: 'string' },
    trials: { type: 'string', default: '10' },
  },
});
const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const ROWS = ['hello', 'health', 'profile', 'search', 'unique10', 'kinds', 'landing'];
const ONLY = new Set(list(args.only));
/** Each mode's row: the unique mode keeps its name, so its rows read as in earlier tables. */
const MODE_ROUTES: Record<QueryMode, string> = {
  mix: 'POST /api/search (mix)',
  zipf: 'POST /api/search (zipf)',
  unique: 'POST /api/search (unique)',
  'unique-wide': 'POST /api/search (unique, wide prices)',
};
const QUERIES = parseQueryModes(args.queries);
const N = Number(args.providers);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
/** The issue's 1,000,000-provider row: unique searches at 10 connections. */
const FEW_CONNECTIONS = 10;
if (!Number.isInteger(N) || N < 100) throw new Error('--providers must be an integer ≥ 100');
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1)
  throw new Error('--connections must be an integer ≥ 1');
if (!Number.isFinite(DURATION) || DURATION < 1) throw new Error('--duration must be at least 1 second');
for (const row of ONLY)
  if (!ROWS.includes(row)) throw new Error(`--only takes ${ROWS.join(', ')} (comma-separated), not '${row}'`);

const log = (message: string) => console.error(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------------
// The load

interface Row {
  route: string;
  connections: number;
  /** 2xx answers in the measured seconds. */
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx, and socket errors. */
  errors: number;
  /** Requests without an answer within autocannon's 10 s. */
  timeouts: number;
}

/** Where a row's requests come from: called once per request, with the row's own seeded rng. */
type RequestSource = (rng: Rng) => RequestSpec;
const fromPool =
  (specs: RequestSpec[]): RequestSource =>
  (rng) =>
    specs[Math.floor(rng.next() * specs.length)]!;

async function measure(
  route: string,
  base: string,
  source: RequestSource,
  connections = CONNECTIONS,
): Promise<Row> {
  const run = (duration: number, latencies: number[] | null) => {
    const rng = createRng(`${args.seed}:${route}`);
    let errors = 0;
    return new Promise<{ result: autocannon.Result; errors: number }>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections,
          duration,
          requests: [
            {
              // autocannon calls this for every request, so each one gets a body of its own.
              setupRequest: (request) => {
                const spec = source(rng);
                // The spec's own headers too (the landing row's Accept-Encoding: without it every
                // page went out uncompressed, 129 KB where browsers get 8 KB).
                const headers = {
                  ...spec.headers,
                  ...(spec.body ? { 'content-type': 'application/json' } : {}),
                };
                return {
                  ...request,
                  method: spec.method,
                  path: spec.path,
                  ...(spec.body ? { body: spec.body } : {}),
                  ...(Object.keys(headers).length ? { headers } : {}),
                };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve({ result, errors })),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        // A quick error (a 503 from a full queue) is not a served request: it counts as an error,
        // not in req/s nor in the percentiles.
        if (statusCode < 200 || statusCode >= 300) errors++;
        else latencies?.push(responseTime);
      });
    });
  };
  await run(Math.max(2, Math.round(DURATION / 5)), null); // warm-up: JIT, caches, pool
  const latencies: number[] = [];
  const { result, errors } = await run(DURATION, latencies);
  latencies.sort((a, b) => a - b);
  const row: Row = {
    route,
    connections,
    requests: latencies.length,
    rps: latencies.length / DURATION,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    // autocannon counts a timeout among its errors too.
    errors: errors + result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
  log(
    `  ${route}${connections === CONNECTIONS ? '' : `, ${connections} connections`}: ${row.rps.toFixed(0)} req/s, p50 ${ms(row.p50)} ms, p95 ${ms(row.p95)} ms, p99 ${ms(row.p99)} ms${row.errors ? `, ${row.errors} errors` : ''}${row.timeouts ? `, ${row.timeouts} timeouts` : ''}`,
  );
  return row;
}

/** CPU, cores, memory, system, Node and the database server: the line every table is read with. */
function machineLine(databaseVersion: string) {
  const cpus = os.cpus();
  const server = databaseVersion.split(',')[0]!.replace(/ on .*/, '');
  return `${cpus.length} × ${cpus[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${server}`;
}

/** Milliseconds, or '–' for a row that got no 2xx answer to take percentiles of. */
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const ratio = (rps: number, ceiling: number) =>
  Number.isNaN(ceiling) ? '–' : `${((rps / ceiling) * 100).toFixed(1)}%`;

/** The rows as markdown for docs/performance.md (the ceiling is the same run's hello row). */
function markdownTable(heading: string, rows: Row[]) {
  // Without the hello row there is no ceiling to compare with: the column reads '–'.
  const ceiling = rows.find((r) => r.route.startsWith('static hello'))?.rps ?? Number.NaN;
  return [
    heading,
    '',
    '| route | req/s | p50 ms | p95 ms | p99 ms | of ceiling | errors | timeouts |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.route.trim()}${r.connections === CONNECTIONS ? '' : `, ${r.connections} connections`} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ratio(r.rps, ceiling)} | ${r.errors} | ${r.timeouts} |`,
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const databaseUrl = args['database-url'];
  if (args['saved-searches']) {
    const count = Number(args['saved-searches']);
    if (!Number.isInteger(count) || count < 1) throw new Error('--saved-searches must be a positive integer');
    if (!databaseUrl) throw new Error('--saved-searches measures PostgreSQL: give --database-url');
    await benchSavedSearches({
      databaseUrl,
      providers: N,
      savedSearches: count,
      seed: args.seed,
      keep: args.keep,
      log,
    });
    return;
  }
  if (args['push-fanout']) {
    const subscribers = Number(args['push-fanout']);
    const trials = Number(args.trials);
    if (!Number.isInteger(subscribers) || subscribers < 1)
      throw new Error('--push-fanout must be a positive integer');
    if (!Number.isInteger(trials) || trials < 1) throw new Error('--trials must be a positive integer');
    await benchPushFanout({
      databaseUrl,
      subscribers,
      trials,
      seed: args.seed,
      cpuProfileDir: args['cpu-prof'],
      log,
    });
    return;
  }
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
      ? {
          seconds: 0,
          steps: {},
          searchable: N,
          terms: 0,
          version: await databaseVersion({ databaseUrl: reuseUrl, dataDir: appDataDir }),
        }
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
    const machine = machineLine(seeded.version);
    log(`machine: ${machine}`);

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

    const active = activeCatalogue(args.seed, N);
    const places = buildPlaces();
    const profiles = profileMix(args.seed, active);
    const mix = searchMix(
      args.seed,
      active,
      places.popular.map((p) => p.zip),
    );
    // The prices the Zipf and unique searches draw their price ranges from: a fixed sample of the
    // catalogue, the same whatever N is once N has that many providers.
    const prices = cataloguePrices(pricedSample(args.seed, places, { count: PRICE_SAMPLE, providers: N }));
    // One generator for every unique row: no body repeats across warm-ups, rows, connection counts
    // and the two unique modes.
    const unique = uniqueSearches(
      args.seed,
      places.metro.map((p) => p.zip),
      prices,
    );
    log(
      `price ranges from ${prices.providers} sampled providers; unique searches before one kind runs out: ${unique.capacity.toLocaleString('en-US')} (unique), ${unique.wideCapacity.toLocaleString('en-US')} (unique-wide)`,
    );
    const sources: Record<QueryMode, RequestSource> = {
      mix: fromPool(mix.mix!),
      zipf: zipfSearches(
        args.seed,
        places.popular.map((p) => p.zip),
        prices,
      ),
      unique: () => unique.next(),
      'unique-wide': () => unique.next('wide'),
    };

    log(`measuring: ${CONNECTIONS} connections, ${DURATION} s per route after a warm-up`);
    const rows: Row[] = [];
    if (ONLY.has('hello'))
      rows.push(
        await measure('static hello (ceiling)', hello, fromPool([{ method: 'GET', path: '/hello' }])),
      );
    if (ONLY.has('health'))
      rows.push(await measure('GET /api/health', base, fromPool([{ method: 'GET', path: '/api/health' }])));
    if (ONLY.has('profile')) rows.push(await measure('GET /api/user/:slug', base, fromPool(profiles)));
    if (ONLY.has('search'))
      for (const mode of QUERIES) rows.push(await measure(MODE_ROUTES[mode], base, sources[mode]));
    if (ONLY.has('unique10') && CONNECTIONS === FEW_CONNECTIONS && !QUERIES.includes('unique'))
      rows.push(await measure(MODE_ROUTES.unique, base, sources.unique));
    else if (ONLY.has('unique10') && CONNECTIONS !== FEW_CONNECTIONS)
      rows.push(await measure(MODE_ROUTES.unique, base, sources.unique, FEW_CONNECTIONS));
    if (ONLY.has('kinds'))
      for (const kind of ['text', 'zip', 'text + zip', 'with filters', 'typo'])
        rows.push(await measure(`  search (mix): ${kind}`, base, fromPool(mix[kind]!)));
    if (ONLY.has('landing')) {
      // Landing pages as a crawler finds them: the first 500 of the sitemap's
      // places files, server-rendered HTML (the build's dist/ssr), each cached after its first request.
      // The landing-page list is made in the background (ADR 018; 4–5 s at 100,000 providers): the
      // index names the places files once it is.
      const placesFiles = async () =>
        [
          ...(await (await fetch(`${base}/sitemap.xml`)).text()).matchAll(
            /<loc>[^<]*(\/sitemaps\/places-\d+\.xml)<\/loc>/g,
          ),
        ].map((m) => m[1]!);
      let files = await placesFiles();
      for (const started = Date.now(); files.length === 0 && Date.now() - started < 600_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        files = await placesFiles();
      }
      const paths: string[] = [];
      for (const file of files) {
        if (paths.length >= 500) break;
        const xml = await (await fetch(`${base}${file}`)).text();
        for (const m of xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]+)<\/loc>/g)) paths.push(m[1]!);
      }
      if (paths.length === 0) throw new Error('the sitemap lists no landing page');
      const pool = paths.slice(0, 500);
      // Each page's first request renders it (its queries, React on the server, compression): timed
      // here one at a time, so the row below measures pages as they are served once made.
      const started = performance.now();
      for (const path of pool) await (await fetch(`${base}${path}`)).arrayBuffer();
      log(
        `landing pages: ${pool.length} from the sitemap, first requests ${((performance.now() - started) / pool.length).toFixed(1)} ms each (one at a time)`,
      );
      rows.push(
        await measure(
          'GET /{topic}/{place} (landing page HTML)',
          base,
          // As browsers and crawlers ask: compressed.
          fromPool(
            pool.map((path) => ({
              method: 'GET' as const,
              path,
              headers: { 'accept-encoding': 'br, gzip' },
            })),
          ),
        ),
      );
    }
    if (unique.issued > 0) log(`unique searches: ${unique.issued} distinct bodies sent`);

    const table = markdownTable(
      `${N.toLocaleString('en-US')} providers on ${engine}, ${CONNECTIONS} connections unless said, ${DURATION} s per row after a ${Math.max(2, Math.round(DURATION / 5))} s warm-up${seeded.seconds ? `, seeded in ${seeded.seconds.toFixed(0)} s` : ''}.\nMachine: ${machine}.`,
      rows,
    );
    console.log(table);
    if (args.json)
      writeFileSync(
        args.json,
        JSON.stringify(
          {
            engine,
            providers: N,
            machine,
            connections: CONNECTIONS,
            duration: DURATION,
            queries: QUERIES,
            seeded: { seconds: seeded.seconds, steps: seeded.steps, terms: seeded.terms },
            rows,
          },
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
