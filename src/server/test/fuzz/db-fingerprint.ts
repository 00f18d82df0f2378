import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** table name → "row count:md5 of its rows" (rows hashed in a fixed order, so equal data gives equal text). */
export type Fingerprint = Record<string, string>;

async function rows<T>(db: Db, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  // node-postgres and PGlite both answer { rows }.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Columns that background workers change on their own schedule, left out of the hash: the mail
 * worker's bookkeeping on each queued email (a failing address is retried for a minute). A request
 * that queues an email still shows: the row count and the row's content change.
 */
const WORKER_COLUMNS: Record<string, string[]> = {
  mail_outbox: ['status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at'],
};

let tablesCache: { db: Db; names: string[] } | undefined;

/** Every base table of the public schema, found in information_schema (so new tables are covered). */
async function publicTables(db: Db): Promise<string[]> {
  if (tablesCache?.db === db) return tablesCache.names;
  const found = await rows<{ name: string }>(
    db,
    sql.raw(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  tablesCache = { db, names: found.map((r) => r.name) };
  return tablesCache.names;
}

/** One query over every public table: its row count and an md5 of all its rows. */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const names = await publicTables(db);
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const parts = names.map((name) => {
    const skipped = (WORKER_COLUMNS[name] ?? []).map((c) => ` - '${c}'`).join('');
    const row = `md5((to_jsonb(fp_row)${skipped})::text)`;
    return `select '${name.replaceAll("'", "''")}' as name, count(*)::text || ':' ||
         md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as print
       from public.${quote(name)} fp_row`;
  });
  const result = await rows<{ name: string; print: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(result.map((r) => [r.name, r.print]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

/**
 * Waits until background writers (mail worker, search log, opening alerts) have gone quiet: two
 * fingerprints `gapMs` apart that agree (the search log writes 100 ms after a search, hence 120).
 * Gives up after `timeoutMs` and returns the last one.
 */
export async function settledFingerprint(db: Db, gapMs = 120, timeoutMs = 5000): Promise<Fingerprint> {
  const deadline = Date.now() + timeoutMs;
  let previous = await fingerprint(db);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    const next = await fingerprint(db);
    if (changedTables(previous, next).length === 0 || Date.now() > deadline) return next;
    previous = next;
  }
}
