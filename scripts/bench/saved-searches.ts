// `npm run bench -- --saved-searches 100000 --database-url postgres://… [--providers 2000]`
//
// How long matching one new opening against N saved searches takes. Seeds a small
// catalogue (--providers), then N saved searches (alerts on, the worst case) spread like searches
// are: service words, zips of the catalogue's metros weighted as its providers are, radii of 5 to 50
// miles, some price, availability and amenity filters, some without a zip. Then, for 300 listed
// providers, times the statement a posted opening runs (matchingSavedSearchesSql: the index of grid
// cells joined with words, then the exact rules) on its own, and with the provider lookup before it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SearchBodySchema, type SearchFilters } from '#domain/search.ts';
import type { AppContext } from '#server/context.ts';
import { openDatabase, rowsOf } from '#server/db/client.ts';
import { savedSearches } from '#server/db/schema/index.ts';
import { createScratchDatabase } from '#server/db/scratch-database.ts';
import { matchingSavedSearchesSql } from '#server/modules/saved-searches/saved-search-alerts.queries.ts';
import { openingToMatch } from '#server/modules/saved-searches/saved-search-alerts.service.ts';
import type { NewSavedSearch } from '#server/modules/saved-searches/saved-searches.queries.ts';
import {
  matchRowColumns,
  placeColumns,
  ruleColumns,
} from '#server/modules/saved-searches/saved-searches.service.ts';
import { searchMatchOf } from '#server/modules/search/search.service.ts';
import { createRng } from '#server/seed/art.ts';
import { buildPlaces, SEARCH_WORDS } from './catalogue';
import { percentile } from './mix';
import { seedCatalogue } from './seed';

const SEARCHES_PER_ACCOUNT = 20;
const SAMPLES = 300;
const WARM_UP = 30;
const BATCH = 1000;
const RADII = [5, 10, 25, 50] as const;
const AMENITY_CHOICES = ['Free Wi-Fi', 'Wheelchair Accessible', 'Parking Available', 'Private Studio'];

export async function benchSavedSearches(options: {
  databaseUrl: string;
  providers: number;
  savedSearches: number;
  seed: string;
  keep: boolean;
  log: (message: string) => void;
}) {
  const { log } = options;
  const scratch = await createScratchDatabase(options.databaseUrl, 'bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'glowfind-bench-ss-'));
  try {
    log(`seeding ${options.providers} providers on PostgreSQL (${new URL(scratch.url).pathname.slice(1)})`);
    await seedCatalogue({
      databaseUrl: scratch.url,
      dataDir,
      providers: options.providers,
      seed: options.seed,
      log,
    });
    const database = await openDatabase({ databaseUrl: scratch.url });
    const { db } = database;
    try {
      const ctx = { db, now: () => new Date() } as unknown as AppContext;
      const N = options.savedSearches;
      const accounts = Math.ceil(N / SEARCHES_PER_ACCOUNT);
      const started = performance.now();
      const userIds = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO users (email, password_hash, name, user_type, routing_slug, email_verified_at)
          SELECT 'saver-' || i || '@bench.example', 'x', 'Saver ' || i, 'client', 'saver-' || i, now()
          FROM generate_series(1, ${accounts}) AS i
          RETURNING id`),
      ).map((r) => r.id);
      const places = buildPlaces();
      const rng = createRng(`${options.seed}:saved-searches`);
      const words = SEARCH_WORDS.services.map((w) => w.toLowerCase());
      // The words' rules are worked out once per distinct set of filters (a database round trip each).
      const rules = new Map<string, ReturnType<typeof ruleColumns>>();
      const rulesOf = async (filters: SearchFilters) => {
        const key = JSON.stringify({ ...filters, locationZip: '', radiusMiles: 25 });
        let found = rules.get(key);
        if (!found) {
          found = ruleColumns(await searchMatchOf(ctx, { ...filters, locationZip: '' }));
          rules.set(key, found);
        }
        return found;
      };
      for (let from = 0; from < N; from += BATCH) {
        const rows: NewSavedSearch[] = [];
        for (let i = from; i < Math.min(N, from + BATCH); i++) {
          const place = rng.chance(0.9) ? places.pick(rng) : null;
          const body: Record<string, unknown> = {
            query: place && rng.chance(0.1) ? '' : rng.pick(words),
            locationZip: place?.zip ?? '',
            radiusMiles: rng.pick(RADII),
          };
          if (rng.chance(0.3)) body.priceRange = [15, rng.pick([100, 200, 300])];
          const when = rng.next();
          if (when < 0.15)
            Object.assign(body, { availability: 'weekends', availabilityType: 'days_pattern' });
          else if (when < 0.25)
            Object.assign(body, { availability: 'evenings', availabilityType: 'time_pattern' });
          if (rng.chance(0.1)) body.experience = [rng.pick(AMENITY_CHOICES)];
          const filters = SearchBodySchema.parse(body);
          const { sessionId: _s, cursor: _c, limit: _l, ...params } = filters;
          rows.push({
            userId: userIds[i % accounts]!,
            name: `Saved ${i}`,
            params,
            ...matchRowColumns(
              await rulesOf(filters),
              placeColumns(
                place ? { latitude: place.latitude, longitude: place.longitude } : null,
                filters.radiusMiles,
              ),
            ),
          });
        }
        await db.insert(savedSearches).values(rows);
        if ((from / BATCH) % 20 === 19) log(`  ${from + rows.length} saved searches inserted`);
      }
      // As autovacuum leaves a table after a bulk load: statistics, and the visibility map and hint bits
      // set (the first reads after the load would otherwise write them).
      await db.execute(sql`VACUUM ANALYZE saved_searches`);
      log(
        `  ${N} saved searches in ${((performance.now() - started) / 1000).toFixed(1)} s (${rules.size} distinct rule sets)`,
      );

      // Each posts an opening for the first service of its price list.
      const providers = rowsOf<{ provider_id: string; time_zone: string; service_type: string }>(
        await db.execute(sql`
          SELECT d.provider_id, coalesce(p.time_zone, 'America/Chicago') AS time_zone,
            coalesce(p.pricing -> 0 ->> 'service', 'Consultation') AS service_type
          FROM provider_search d JOIN provider_profiles p ON p.user_id = d.provider_id
          WHERE p.zip IS NOT NULL ORDER BY md5(d.provider_id::text) LIMIT ${SAMPLES + WARM_UP}`),
      );
      const start = new Date(Date.now() + 3 * 24 * 3_600_000);
      const statement: number[] = [];
      const whole: number[] = [];
      let matched = 0;
      let plan = '';
      for (const [k, provider] of providers.entries()) {
        const t0 = performance.now();
        const toMatch = await openingToMatch(
          db,
          {
            providerId: provider.provider_id,
            startTime: start,
            timeZone: provider.time_zone,
            price: k % 2 ? '$120' : null,
            serviceType: provider.service_type,
            reduced: false,
          },
          new Date(),
        );
        if (!toMatch) continue;
        const t1 = performance.now();
        const rows = rowsOf(await db.execute(matchingSavedSearchesSql(toMatch)));
        const t2 = performance.now();
        if (k === WARM_UP) {
          plan = rowsOf<{ 'QUERY PLAN': string }>(
            await db.execute(
              sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${matchingSavedSearchesSql(toMatch)}`,
            ),
          )
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        }
        if (k < WARM_UP) continue;
        statement.push(t2 - t1);
        whole.push(t2 - t0);
        matched += rows.length;
      }
      const ms = (v: number) => `${v.toFixed(2)} ms`;
      const line = (label: string, unsorted: number[]) => {
        const values = [...unsorted].sort((a, b) => a - b);
        return `| ${label} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(percentile(values, 99))} | ${ms(values.at(-1) ?? Number.NaN)} |`;
      };
      console.log(
        [
          `Matching one new opening against ${N.toLocaleString('en-US')} saved searches (alerts on) on PostgreSQL, ${statement.length} openings of ${options.providers.toLocaleString('en-US')} providers, ${(matched / statement.length).toFixed(1)} matches each on average.`,
          '',
          '| measured | p50 | p95 | p99 | max |',
          '| --- | --- | --- | --- | --- |',
          line('matching statement', statement),
          line('provider lookup + matching', whole),
          '',
          'One plan (EXPLAIN ANALYZE):',
          '```',
          plan,
          '```',
        ].join('\n'),
      );
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (options.keep) log(`kept the database: DATABASE_URL=${scratch.url}`);
    else await scratch.drop();
  }
}
