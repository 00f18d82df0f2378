// Seeding for `npm run bench` and `npm run loadtest`: N deterministic providers from the catalogue,
// bulk-loaded with the search triggers off, then search_rebuild_all() and ANALYZE.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '#server/db/client.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { type BenchProvider, benchProvider, buildPlaces } from './catalogue';

const BATCH = 2000;

export type SeededProvider = Pick<BenchProvider, 'id' | 'slug' | 'zip' | 'verified' | 'bookingLink'> & {
  service: string;
};

export interface SeedOptions {
  /** A PostgreSQL URL, or undefined for PGlite in dataDir/pglite. */
  databaseUrl: string | undefined;
  dataDir: string;
  providers: number;
  seed: string;
  log: (message: string) => void;
  /** Runs on the same connection after the catalogue is in, before ANALYZE (more rows for other tests). */
  extra?: (db: Db, providers: SeededProvider[]) => Promise<void>;
}

const toSeeded = (p: BenchProvider): SeededProvider => ({
  id: p.id,
  slug: p.slug,
  zip: p.zip,
  verified: p.verified,
  bookingLink: p.bookingLink,
  service: p.pricing[0]?.service ?? 'Consultation',
});

/**
 * The active providers a seed of N made, built on demand: the catalogue is deterministic, so the
 * bench needs neither the database nor a list of N providers in memory (a million would take hundreds
 * of megabytes) to know their slugs and zips, on a fresh seed or a kept database (`--reuse`). Index i
 * is provider i, or the next verified one after it.
 */
export function activeCatalogue(seed: string, N: number) {
  const places = buildPlaces();
  return {
    length: N,
    at(i: number): SeededProvider {
      for (let k = 0; k < N; k++) {
        const p = benchProvider(seed, (i + k) % N, places);
        if (p.verified) return toSeeded(p);
      }
      throw new Error(`no verified provider among the ${N} of seed ${seed}`);
    },
  };
}

/**
 * Seeds a migrated, empty database with the catalogue; returns the counts, the server's version and
 * how long each step took. Memory stays flat whatever N is: providers are built, sent and dropped a
 * batch at a time, and listed only for `extra` (the loadtest's 100,000 need them; the bench does not).
 */
export async function seedCatalogue(options: SeedOptions) {
  const { providers: N, log } = options;
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: path.join(options.dataDir, 'pglite'),
  });
  const started = Date.now();
  const steps: Record<string, number> = {};
  let stepStarted = started;
  const step = (name: string) => {
    const now = Date.now();
    steps[name] = (now - stepStarted) / 1000;
    stepStarted = now;
  };
  const places = buildPlaces();
  const providers: SeededProvider[] = [];
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
        benchProvider(options.seed, from + k, places),
      );
      if (options.extra) for (const p of batch) providers.push(toSeeded(p));
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
      // What the triggers would have kept: who is listed (provider_listed(), migration 0015). A batch
      // at a time, while its rows are in the buffer cache, rather than one statement over N rows.
      await db.execute(sql`
        UPDATE users SET listed = provider_listed(id, user_type, email_verified_at, name)
        WHERE id IN (SELECT x::uuid FROM jsonb_array_elements_text(${JSON.stringify(batch.map((p) => p.id))}::jsonb) AS x)`);
      if ((from / BATCH) % 25 === 24)
        log(
          `  ${from + batch.length} providers inserted (${((Date.now() - started) / 1000).toFixed(0)} s, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB)`,
        );
    }
    step('insert');
    await db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
    await db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
    log('  building search documents and indexes (search_rebuild_all)');
    if (options.databaseUrl) {
      // One session building eight indexes over N rows: PostgreSQL's defaults (64 MB per index build,
      // 4 MB per sort) are sized for many sessions at once. A GIN build flushes whenever its memory is
      // full: the documents' index of 200,000 providers fits in about two flushes (11.6 s at 64 MB,
      // 10.7 s at 512 MB, no real gain), a million's would need ten. SET LOCAL ends with the
      // transaction; PGlite keeps its defaults (its memory is the WASM heap).
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL maintenance_work_mem = '1GB'`);
        await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
        await tx.execute(sql`SELECT search_rebuild_all()`);
      });
    } else {
      await db.execute(sql`SELECT search_rebuild_all()`);
    }
    step('search_rebuild_all');
    if (options.extra) {
      await options.extra(db, providers);
      step('extra');
    }
    await db.execute(sql`ANALYZE`);
    step('analyze');
    const [counts] = (
      (await db.execute(sql`
        SELECT (SELECT count(*) FROM provider_search)::int AS searchable,
          (SELECT count(*) FROM search_terms)::int AS terms,
          version() AS version`)) as unknown as {
        rows: { searchable: number; terms: number; version: string }[];
      }
    ).rows;
    log(
      `  steps: ${Object.entries(steps)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
    return { providers, seconds: (Date.now() - started) / 1000, steps, ...counts! };
  } finally {
    await database.close();
  }
}

/** The database server's version line, for the bench's machine line on a kept database (`--reuse`). */
export async function databaseVersion(options: { databaseUrl: string | undefined; dataDir: string }) {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: path.join(options.dataDir, 'pglite'),
  });
  try {
    const result = (await database.db.execute(sql`SELECT version() AS version`)) as unknown as {
      rows: { version: string }[];
    };
    return result.rows[0]!.version;
  } finally {
    await database.close();
  }
}
