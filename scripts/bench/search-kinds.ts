// `node --import tsx scripts/bench/search-kinds.ts --reuse URL|DATA_DIR [--count 600] [--prices realistic|wide]`:
// what one search of each kind costs on an idle server. Sends `--count` bodies of the unique
// generator (no body twice, so no cache answers) one at a time to the real server on a database kept
// by `npm run bench -- --keep`, and prints each kind's mean, p50 and p95 in ms. Concurrency hides a
// search's own cost behind the queue; this is the number a change to one search shape moves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildPlaces, PRICE_SAMPLE, pricedSample, SEARCH_WORDS } from './catalogue';
import { cataloguePrices, percentile, uniqueSearches } from './mix';
import { startAppServer, stopProcess } from './processes';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'string' },
    count: { type: 'string', default: '600' },
    seed: { type: 'string', default: 'bench' },
    providers: { type: 'string', default: '100000' },
    // 'realistic': price ranges drawn from the catalogue's prices (`unique`); 'wide': every $5 pair (`unique-wide`).
    prices: { type: 'string', default: 'realistic' },
    // A generator seed of its own: the bench's rows already sent the default one's first bodies.
    bodies: { type: 'string', default: 'kinds' },
  },
});
if (!args.reuse)
  throw new Error('--reuse DATABASE_URL|DATA_DIR: a database kept by `npm run bench -- --keep`');
const reuseUrl = /^postgres(ql)?:\/\//.test(args.reuse) ? args.reuse : undefined;

/** The kind of a unique body, read back from its fields. */
function kindOf(body: { query?: string; locationZip?: string; priceRange?: unknown }, typos: Set<string>) {
  if (body.query && body.locationZip) return typos.has(body.query) ? 'typo + zip' : 'text + zip';
  if (body.query) return 'text + price range, no zip';
  if (body.priceRange) return 'zip + price range';
  return 'zip alone, any sort';
}

const dataDir = reuseUrl ? mkdtempSync(path.join(tmpdir(), 'search-kinds-')) : args.reuse;
const app = await startAppServer({ dataDir, databaseUrl: reuseUrl });
try {
  const places = buildPlaces();
  const prices = cataloguePrices(
    pricedSample(args.seed, places, { count: PRICE_SAMPLE, providers: Number(args.providers) }),
  );
  const unique = uniqueSearches(
    `${args.seed}:${args.bodies}`,
    places.metro.map((p) => p.zip),
    prices,
  );
  const ranges = args.prices === 'wide' ? 'wide' : 'realistic';
  const typos = new Set<string>(SEARCH_WORDS.typos);
  const times = new Map<string, number[]>();
  for (let i = 0; i < Number(args.count); i++) {
    const spec = unique.next(ranges);
    const body = JSON.parse(spec.body!);
    const started = performance.now();
    const response = await fetch(`${app.base}${spec.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: spec.body,
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${response.status} for ${spec.body}`);
    const kind = kindOf(body, typos);
    times.set(kind, [...(times.get(kind) ?? []), ms]);
  }
  console.log('| kind | searches | mean ms | p50 ms | p95 ms |\n| --- | ---: | ---: | ---: | ---: |');
  for (const [kind, list] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
    console.log(
      `| ${kind} | ${sorted.length} | ${mean.toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} |`,
    );
  }
} finally {
  await stopProcess(app.child);
}
