// `node --import tsx scripts/bench/search-kinds.ts --reuse URL|DATA_DIR [--count 600] [--prices realistic|wide]
//  [--queries unique|zipf] [--warm 1500]`:
// what one search of each kind costs on an idle server. Sends `--count` bodies one at a time to the
// real server on a database kept by `npm run bench -- --keep`, and prints each kind's mean, p50 and
// p95 in ms, and its share of the time. `unique` (the default): the unique generator, no body twice,
// so no cache answers. `zipf`: the Zipf generator's distinct bodies in the order drawn, after
// `--warm` distinct bodies of another draw (the caches hold what a busy server's would; repeats
// of those are answered from them, as in the bench's row). Concurrency hides a search's own cost
// behind the queue; this is the number a change to one search shape moves.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRng } from '#server/seed/art.ts';
import { buildPlaces, PRICE_SAMPLE, pricedSample, SEARCH_WORDS } from './catalogue';
import { cataloguePrices, percentile, type RequestSpec, uniqueSearches, zipfSearches } from './mix';
import { startAppServer, stopProcess } from './processes';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'string' },
    count: { type: 'string', default: '600' },
    seed: { type: 'string', default: 'bench' },
    providers: { type: 'string', default: '100000' },
    // 'realistic': price ranges drawn from the catalogue's prices (`unique`); 'wide': every $5 pair (`unique-wide`).
    prices: { type: 'string', default: 'realistic' },
    queries: { type: 'string', default: 'unique' },
    warm: { type: 'string', default: '1500' },
    // A generator seed of its own: the bench's rows already sent the default one's first bodies.
    bodies: { type: 'string', default: 'kinds' },
  },
});
if (!args.reuse)
  throw new Error('--reuse DATABASE_URL|DATA_DIR: a database kept by `npm run bench -- --keep`');
if (args.queries !== 'unique' && args.queries !== 'zipf') throw new Error('--queries takes unique or zipf');
const reuseUrl = /^postgres(ql)?:\/\//.test(args.reuse) ? args.reuse : undefined;

interface Body {
  query?: string;
  locationZip?: string;
  priceRange?: unknown;
  availability?: unknown;
  experience?: unknown;
}

/** The kind of a unique body, read back from its fields. */
function uniqueKindOf(body: Body, typos: Set<string>) {
  if (body.query && body.locationZip) return typos.has(body.query) ? 'typo + zip' : 'text + zip';
  if (body.query) return 'text + price range, no zip';
  if (body.priceRange) return 'zip + price range';
  return 'zip alone, any sort';
}

/** The kind of a Zipf body: its words and place, and its filter. */
function zipfKindOf(body: Body, typos: Set<string>) {
  if (body.query && typos.has(body.query)) return 'typo';
  const filter = body.priceRange
    ? ' + price range'
    : body.availability
      ? ' + hours'
      : body.experience
        ? ' + experience'
        : '';
  return `${body.query && body.locationZip ? 'text + zip' : body.query ? 'text' : 'zip'}${filter}`;
}

const dataDir = reuseUrl ? mkdtempSync(path.join(tmpdir(), 'search-kinds-')) : args.reuse;
const app = await startAppServer({ dataDir, databaseUrl: reuseUrl });
try {
  const places = buildPlaces();
  const prices = cataloguePrices(
    pricedSample(args.seed, places, { count: PRICE_SAMPLE, providers: Number(args.providers) }),
  );
  const typos = new Set<string>(SEARCH_WORDS.typos);
  const send = async (spec: RequestSpec) => {
    const started = performance.now();
    const response = await fetch(`${app.base}${spec.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: spec.body,
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status} for ${spec.body}`);
    return performance.now() - started;
  };
  let next: () => RequestSpec;
  let kindOf: (body: Body) => string;
  if (args.queries === 'zipf') {
    const draw = zipfSearches(
      args.seed,
      places.popular.map((p) => p.zip),
      prices,
    );
    const distinct = (rng: ReturnType<typeof createRng>) => {
      const seen = new Set<string>();
      return () => {
        for (;;) {
          const spec = draw(rng);
          if (!seen.has(spec.body!)) {
            seen.add(spec.body!);
            return spec;
          }
        }
      };
    };
    const warm = distinct(createRng(`${args.seed}:${args.bodies}:warm`));
    for (let i = 0; i < Number(args.warm); i++) await send(warm());
    next = distinct(createRng(`${args.seed}:${args.bodies}`));
    kindOf = (body) => zipfKindOf(body, typos);
  } else {
    const unique = uniqueSearches(
      `${args.seed}:${args.bodies}`,
      places.metro.map((p) => p.zip),
      prices,
    );
    const ranges = args.prices === 'wide' ? 'wide' : 'realistic';
    next = () => unique.next(ranges);
    kindOf = (body) => uniqueKindOf(body, typos);
  }
  const times = new Map<string, number[]>();
  for (let i = 0; i < Number(args.count); i++) {
    const spec = next();
    const ms = await send(spec);
    const kind = kindOf(JSON.parse(spec.body!) as Body);
    times.set(kind, [...(times.get(kind) ?? []), ms]);
  }
  const all = [...times.values()].flat();
  const total = all.reduce((s, x) => s + x, 0);
  console.log(`${all.length} searches, mean ${(total / all.length).toFixed(2)} ms`);
  console.log(
    '| kind | searches | mean ms | p50 ms | p95 ms | share of time |\n| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [kind, list] of [...times].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...list].sort((a, b) => a - b);
    const sum = sorted.reduce((s, x) => s + x, 0);
    console.log(
      `| ${kind} | ${sorted.length} | ${(sum / sorted.length).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${((100 * sum) / total).toFixed(1)}% |`,
    );
  }
} finally {
  await stopProcess(app.child);
}
