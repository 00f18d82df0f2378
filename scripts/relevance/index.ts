// `npm run relevance [-- --markdown] [-- --all]`
//
// The search relevance benchmark (docs/search.md). Boots the real app in-process on a fresh PGlite
// with the demo catalogue seeded, sends every judged query of judgments.json to POST /api/search
// through app.inject (following nextCursor up to 250 results), and prints precision@10, recall and
// nDCG@10 per query kind and overall, then the ten worst queries with what came back that was not
// relevant and what relevant was missed. Exits 1 when a figure is below thresholds.json, a search
// does not answer 200, or the judgments do not fit the catalogue (an unknown slug, a provider
// judged relevant outside the query's radius). --markdown prints the table for docs/search.md;
// --all lists every query, not only the worst ten.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SEARCH_LIMITS } from '#domain/search-options.ts';
import { slugify } from '#domain/slug.ts';
import { extractZip } from '#domain/zip.ts';
import { distanceMeters, METERS_PER_MILE } from '#server/lib/geo.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import { DEMO_PROVIDERS } from '#server/seed/demo-catalogue.ts';
import { startDemoApp } from './demo-app';
import { CUTOFF, type Grades, mean, ndcgAtK, precisionAtK, recall } from './metrics';

const { values: args } = parseArgs({
  options: {
    markdown: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
  },
});

const KINDS = ['service', 'category', 'typo', 'name', 'place', 'combined'] as const;
const METRICS = ['precision', 'recall', 'ndcg'] as const;
type Metric = (typeof METRICS)[number];
const METRIC_LABELS: Record<Metric, string> = { precision: 'P@10', recall: 'recall', ndcg: 'nDCG@10' };
/** Every search says who it is in the search log; the admin can tell these apart. */
const SESSION_ID = 'relevance';
/** Results followed at most per query: the engine's own cap (SEARCH_LIMITS.totalCap). */
const MAX_RESULTS = SEARCH_LIMITS.totalCap;

// ---------------------------------------------------------------------------------------------
// Judgments and thresholds

const JudgedQuerySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(KINDS),
  /** Sent to POST /api/search as it is, plus sessionId and limit. */
  body: z.record(z.string(), z.unknown()),
  why: z.string().min(10),
  relevant: z.record(z.string(), z.union([z.literal(1), z.literal(2)])),
});
type JudgedQuery = z.infer<typeof JudgedQuerySchema>;
const JudgmentsSchema = z.object({ queries: z.array(JudgedQuerySchema).min(1) });

const FiguresSchema = z.object({
  precision: z.number().min(0).max(1),
  recall: z.number().min(0).max(1),
  ndcg: z.number().min(0).max(1),
});
const ThresholdsSchema = z.object({
  service: FiguresSchema,
  category: FiguresSchema,
  typo: FiguresSchema,
  name: FiguresSchema,
  place: FiguresSchema,
  combined: FiguresSchema,
  overall: FiguresSchema,
  /** Where the engine is headed: printed, never enforced. */
  targets: z.partialRecord(z.enum([...KINDS, 'overall']), FiguresSchema.partial()).optional(),
});

const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));

/**
 * Problems that make the judgments wrong whatever the engine does: a duplicate id, a slug that is
 * not in the catalogue, a provider judged relevant to a zip search but outside its radius.
 */
function checkJudgments(queries: readonly JudgedQuery[]): string[] {
  const problems: string[] = [];
  const zipOf = new Map(DEMO_PROVIDERS.map((p) => [slugify(p.name), p.zip as string]));
  const ids = new Set<string>();
  for (const q of queries) {
    if (ids.has(q.id)) problems.push(`${q.id}: duplicate id`);
    ids.add(q.id);
    const zip = (q.body.locationZip as string | undefined) || extractZip(String(q.body.query ?? ''));
    const center = zip ? lookupZip(zip) : null;
    if (zip && !center) problems.push(`${q.id}: unknown zip ${zip}`);
    const radius = Number(q.body.radiusMiles ?? SEARCH_LIMITS.radiusDefaultMiles);
    for (const slug of Object.keys(q.relevant)) {
      const providerZip = zipOf.get(slug);
      if (!providerZip) {
        problems.push(`${q.id}: '${slug}' is not a provider of the demo catalogue`);
        continue;
      }
      if (center) {
        const miles = distanceMeters(center, lookupZip(providerZip)!) / METERS_PER_MILE;
        if (miles > radius)
          problems.push(`${q.id}: '${slug}' is ${miles.toFixed(1)} mi from ${zip}, outside ${radius} mi`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Running the queries

interface Outcome {
  query: JudgedQuery;
  /** Result slugs in rank order, every page. */
  returned: string[];
  requests: number;
  error: string | null;
  figures: Record<Metric, number>;
}

async function searchAll(
  app: Awaited<ReturnType<typeof startDemoApp>>['app'],
  body: Record<string, unknown>,
) {
  const returned: string[] = [];
  let cursor: string | undefined;
  let requests = 0;
  do {
    const payload = {
      ...body,
      sessionId: SESSION_ID,
      limit: SEARCH_LIMITS.pageMax,
      ...(cursor ? { cursor } : {}),
    };
    const res = await app.inject({ method: 'POST', url: '/api/search', payload });
    requests += 1;
    if (res.statusCode !== 200) {
      return { returned, requests, error: `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}` };
    }
    const reply = res.json() as { results: { routing_slug: string }[]; nextCursor: string | null };
    returned.push(...reply.results.map((r) => r.routing_slug));
    cursor = reply.nextCursor ?? undefined;
  } while (cursor && returned.length < MAX_RESULTS);
  return { returned: returned.slice(0, MAX_RESULTS), requests, error: null };
}

function figuresOf(returned: readonly string[], grades: Grades): Record<Metric, number> {
  return {
    precision: precisionAtK(returned, grades),
    recall: recall(returned, grades),
    ndcg: ndcgAtK(returned, grades),
  };
}

// ---------------------------------------------------------------------------------------------
// Printing

const fmt = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3));

function describeBody(body: Record<string, unknown>): string {
  const parts: string[] = [];
  if (body.query) parts.push(`'${String(body.query)}'`);
  if (body.locationZip) parts.push(`zip ${String(body.locationZip)}`);
  if (body.radiusMiles !== undefined) parts.push(`${String(body.radiusMiles)} mi`);
  if (Array.isArray(body.priceRange)) parts.push(`$${body.priceRange[0]}-$${body.priceRange[1]}`);
  for (const [key, value] of Object.entries(body)) {
    if (['query', 'locationZip', 'radiusMiles', 'priceRange'].includes(key)) continue;
    parts.push(`${key} ${JSON.stringify(value)}`);
  }
  return parts.join(' ');
}

interface Row {
  label: string;
  count: number;
  figures: Record<Metric, number>;
  min: Record<Metric, number>;
}

function printTable(rows: readonly Row[], markdown: boolean) {
  const header = ['kind', 'queries', ...METRICS.flatMap((m) => [METRIC_LABELS[m], 'min'])];
  const cells = rows.map((row) => [
    row.label,
    String(row.count),
    ...METRICS.flatMap((m) => [
      `${fmt(row.figures[m])}${row.figures[m] < row.min[m] ? ' ✗' : ''}`,
      row.min[m].toFixed(2),
    ]),
  ]);
  if (markdown) {
    console.log(`| ${header.join(' | ')} |`);
    console.log(`| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
    for (const line of cells) console.log(`| ${line.join(' | ')} |`);
    return;
  }
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((line) => line[i]!.length)));
  const render = (line: string[]) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(render(header));
  for (const line of cells) console.log(render(line));
}

function printQuery(o: Outcome, position: string) {
  const { query, returned, figures } = o;
  const grades = query.relevant;
  console.log(
    `${position}${query.kind} ${query.id}: ${describeBody(query.body)}  ` +
      `P@10 ${fmt(figures.precision)}  recall ${fmt(figures.recall)}  nDCG@10 ${fmt(figures.ndcg)}  ` +
      `(${returned.length} returned, ${Object.keys(grades).length} relevant)`,
  );
  if (o.error) console.log(`      error: ${o.error}`);
  const wrong = returned.map((slug, i) => ({ slug, rank: i + 1 })).filter((r) => !grades[r.slug]);
  if (wrong.length > 0) {
    const shown = wrong.slice(0, 12).map((r) => `${r.slug} #${r.rank}`);
    const more = wrong.length > shown.length ? ` … +${wrong.length - shown.length} more` : '';
    console.log(`      not relevant: ${shown.join(', ')}${more}`);
  }
  const missed = Object.entries(grades).filter(([slug]) => !returned.includes(slug));
  if (missed.length > 0) console.log(`      missed: ${missed.map(([s, g]) => `${s} (${g})`).join(', ')}`);
  const late = returned
    .map((slug, i) => ({ slug, rank: i + 1 }))
    .filter((r) => grades[r.slug] && r.rank > CUTOFF);
  if (late.length > 0)
    console.log(`      relevant below #${CUTOFF}: ${late.map((r) => `${r.slug} #${r.rank}`).join(', ')}`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const started = performance.now();
  const { queries } = JudgmentsSchema.parse(readJson('./judgments.json'));
  const thresholds = ThresholdsSchema.parse(readJson('./thresholds.json'));
  const problems = checkJudgments(queries);
  if (problems.length > 0) {
    console.error(`judgments.json does not fit the demo catalogue:\n  ${problems.join('\n  ')}`);
    return 1;
  }

  const demo = await startDemoApp();
  const seeded = performance.now();
  const outcomes: Outcome[] = [];
  let requests = 0;
  try {
    for (const query of queries) {
      const result = await searchAll(demo.app, query.body);
      requests += result.requests;
      outcomes.push({ query, ...result, figures: figuresOf(result.returned, query.relevant) });
    }
  } finally {
    await demo.close();
  }
  const searched = performance.now();

  const meanFigures = (of: readonly Outcome[]) =>
    Object.fromEntries(METRICS.map((m) => [m, mean(of.map((o) => o.figures[m]))])) as Record<Metric, number>;
  const rows: Row[] = [
    ...KINDS.map((kind) => {
      const of = outcomes.filter((o) => o.query.kind === kind);
      return { label: kind, count: of.length, figures: meanFigures(of), min: thresholds[kind] };
    }),
    { label: 'overall', count: outcomes.length, figures: meanFigures(outcomes), min: thresholds.overall },
  ];

  console.log(
    `Search relevance: ${queries.length} judged queries over the demo catalogue (${demo.providers} providers)\n`,
  );
  printTable(rows, args.markdown);
  const targets = Object.entries(thresholds.targets ?? {}).flatMap(([label, figures]) => {
    const row = rows.find((r) => r.label === label);
    return METRICS.filter((m) => row && figures[m] !== undefined).map((m) => {
      const [actual, goal] = [row!.figures[m], figures[m]!];
      return `${label} ${METRIC_LABELS[m]} ${goal.toFixed(2)}: ${actual >= goal ? 'met' : 'not yet'} (${fmt(actual)})`;
    });
  });
  if (targets.length > 0) console.log(`\nTargets (not enforced): ${targets.join('; ')}`);

  const byScore = [...outcomes].sort(
    (a, b) =>
      mean(METRICS.map((m) => a.figures[m])) - mean(METRICS.map((m) => b.figures[m])) ||
      a.query.id.localeCompare(b.query.id),
  );
  const listed = args.all ? byScore : byScore.slice(0, 10);
  console.log(`\n${args.all ? 'Every query' : 'The 10 worst queries'} (by the mean of the three figures):`);
  for (const [i, o] of listed.entries()) printQuery(o, `${String(i + 1).padStart(2)}. `);

  const failures = rows.flatMap((row) =>
    METRICS.filter((m) => !(row.figures[m] >= row.min[m])).map(
      (m) => `${row.label} ${METRIC_LABELS[m]} ${fmt(row.figures[m])} < ${row.min[m].toFixed(2)}`,
    ),
  );
  const errors = outcomes.filter((o) => o.error).map((o) => `${o.query.id}: ${o.error}`);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `\nTime: ${seconds(seeded - started)} s to boot and seed, ${seconds(searched - seeded)} s for ` +
      `${outcomes.length} queries (${requests} requests); ` +
      `${seconds(performance.now() - started)} s in all`,
  );
  if (errors.length > 0) console.error(`\nSearches that failed:\n  ${errors.join('\n  ')}`);
  if (failures.length > 0) {
    console.error(`\nBelow threshold (scripts/relevance/thresholds.json):\n  ${failures.join('\n  ')}`);
  }
  if (errors.length > 0 || failures.length > 0) return 1;
  console.log('Every figure meets its threshold.');
  return 0;
}

process.exitCode = await main();
