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
 * The providers a seed of N made, without the database: the catalogue is deterministic, so a run
 * on a kept database (`npm run bench -- --reuse`) gets the same slugs and ids the seed wrote.
 */
export function catalogueProviders(seed: string, N: number): SeededProvider[] {
  const places = buildPlaces();
  return Array.from({ length: N }, (_, i) => toSeeded(benchProvider(seed, i, places)));
}

/** Seeds a migrated, empty database with the catalogue; returns what the load mixes need. */
export async function seedCatalogue(options: SeedOptions) {
  const { providers: N, log } = options;
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: path.join(options.dataDir, 'pglite'),
  });
  const started = Date.now();
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
      for (const p of batch) providers.push(toSeeded(p));
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
    // What the triggers would have kept: who is listed (provider_listed(), migration 0015).
    await db.execute(
      sql`UPDATE users SET listed = provider_listed(id, user_type, email_verified_at, name) WHERE user_type = 'provider'`,
    );
    await db.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
    await db.execute(sql`ALTER TABLE provider_profiles ENABLE TRIGGER USER`);
    log('  building search documents and indexes (search_rebuild_all)');
    await db.execute(sql`SELECT search_rebuild_all()`);
    if (options.extra) await options.extra(db, providers);
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
