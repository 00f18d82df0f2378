import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One row: the version of everything the public sees (profiles, pricing, portfolio, openings,
 * reviews, who is listed). Triggers bump it in the same transaction as the write and NOTIFY
 * 'catalogue_version' on commit (migrations/0016_catalogue_version.sql); caches of public replies
 * are keyed by it (src/server/lib/catalogue-cache.ts, ADR 014).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
