import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';

/** The catalogue version (ADR 014) and how many providers are listed, read in one snapshot. */
export async function countListedProviders(db: Db): Promise<{ version: number; listed: number }> {
  const [row] = rowsOf<{ version: string; listed: string }>(
    await db.execute(sql`
      SELECT (SELECT version FROM catalogue_version) AS version,
        (SELECT count(*) FROM users WHERE listed) AS listed`),
  );
  return { version: Number(row!.version), listed: Number(row!.listed) };
}

/**
 * The routing slug `skip` listed providers after `from` (inclusive) in slug order, and the catalogue
 * version it was read at: the first slug of the next sitemap file. Walks `skip` entries of
 * users_routing_slug_idx (checking `listed` on each row); null past the last provider.
 */
export async function findSlugAfter(
  db: Db,
  from: string,
  skip: number,
): Promise<{ version: number; slug: string | null }> {
  const [row] = rowsOf<{ version: string; slug: string | null }>(
    await db.execute(sql`
      SELECT (SELECT version FROM catalogue_version) AS version,
        (SELECT routing_slug FROM users WHERE listed AND routing_slug >= ${from}
         ORDER BY routing_slug OFFSET ${skip} LIMIT 1) AS slug`),
  );
  return { version: Number(row!.version), slug: row!.slug };
}

export interface SitemapProviderRow {
  slug: string;
  /** W3C datetime in UTC, to the second. */
  lastmod: string;
}

/**
 * Up to `limit` listed providers in routing-slug order from `from` (inclusive) or after `after`
 * (exclusive): one keyset batch of a sitemap file. `lastmod` is the later of the account's and the
 * profile's last update (name, picture, verification and kind live on users; the rest on the profile).
 */
export async function findListedProvidersBatch(
  db: Db,
  start: { from: string } | { after: string },
  limit: number,
): Promise<SitemapProviderRow[]> {
  const bound = 'from' in start ? sql`u.routing_slug >= ${start.from}` : sql`u.routing_slug > ${start.after}`;
  return rowsOf<SitemapProviderRow>(
    await db.execute(sql`
      SELECT u.routing_slug AS slug,
        to_char(greatest(u.updated_at, p.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
      FROM users u
      JOIN provider_profiles p ON p.user_id = u.id
      WHERE u.listed AND ${bound}
      ORDER BY u.routing_slug
      LIMIT ${limit}`),
  );
}
