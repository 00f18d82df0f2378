import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { z } from 'zod';

/**
 * What a backup archive holds, next to the files themselves: enough to check the archive before
 * restoring it (file hashes) and the restored database after (row counts and checksums per table).
 */
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILES = { pglite: 'database.pglite.tar.gz', postgres: 'database.pgdump' } as const;

const FileEntrySchema = z.object({
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const TableChecksumSchema = z.object({
  /** schema.table */
  name: z.string().min(1),
  rows: z.number().int().min(0),
  /** md5 over the md5 of every row's text, rows ordered by primary key (see tableChecksums). */
  md5: z.string().regex(/^[0-9a-f]{32}$/),
});
export type TableChecksum = z.infer<typeof TableChecksumSchema>;

export const ManifestSchema = z.object({
  format: z.literal('glowfind-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  engine: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  migrations: z.object({ count: z.number().int().min(0), latest: z.string() }),
  database: FileEntrySchema.extend({ file: z.enum([DATABASE_FILES.pglite, DATABASE_FILES.postgres]) }),
  tables: z.array(TableChecksumSchema),
  uploads: z.object({
    /** 's3': images live in a bucket and are NOT in this archive. */
    storage: z.enum(['disk', 's3']),
    /** Key (path under uploads/, forward slashes) → size and hash. */
    files: z.record(z.string(), FileEntrySchema),
  }),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** The little both PGlite and a node-postgres client can do: one statement, rows back. */
export interface SqlClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A node-postgres client seen as a SqlClient. */
export function pgSqlClient(client: pg.Client): SqlClient {
  return {
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params)) as unknown as { rows: T[] },
  };
}

/**
 * Row text depends on session settings (time zone, date style, float digits), so they are pinned
 * for the checksum queries; call inside a transaction (SET LOCAL).
 */
export async function pinOutputSettings(client: SqlClient): Promise<void> {
  for (const setting of [
    "SET LOCAL TimeZone = 'UTC'",
    "SET LOCAL DateStyle = 'ISO, MDY'",
    "SET LOCAL IntervalStyle = 'postgres'",
    'SET LOCAL extra_float_digits = 1',
    "SET LOCAL bytea_output = 'hex'",
  ]) {
    await client.query(setting);
  }
}

/**
 * Row count and checksum of every ordinary table outside the system schemas (the app's tables and
 * drizzle's migration log; extension-owned tables are skipped). Rows are ordered by their primary
 * key as text in the "C" collation, so the order is the same on any server; a table without a
 * primary key is ordered by the row text. Hashing each row first keeps memory at 32 bytes a row.
 */
export async function tableChecksums(client: SqlClient): Promise<TableChecksum[]> {
  const { rows: tables } = await client.query<{ name: string; qualified: string; order_by: string | null }>(
    `SELECT n.nspname || '.' || c.relname AS name,
            format('%I.%I', n.nspname, c.relname) AS qualified,
            (SELECT string_agg(format('_row.%I::text COLLATE "C"', a.attname), ', ' ORDER BY k.ord)
               FROM pg_index i
               CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
              WHERE i.indrelid = c.oid AND i.indisprimary) AS order_by
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r'
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
      ORDER BY 1`,
  );
  const result: TableChecksum[] = [];
  for (const table of tables) {
    const orderBy = table.order_by ?? '_row::text COLLATE "C"';
    const { rows } = await client.query<{ rows: string; md5: string }>(
      `SELECT count(*)::text AS rows,
              md5(coalesce(string_agg(md5(_row::text), '' ORDER BY ${orderBy}), '')) AS md5
         FROM ${table.qualified} AS _row`,
    );
    result.push({ name: table.name, rows: Number(rows[0]!.rows), md5: rows[0]!.md5 });
  }
  return result;
}

const JOURNAL = path.join(import.meta.dirname, '../db/migrations/meta/_journal.json');

/** Migration tags this code knows, oldest first (drizzle's journal). */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

/** How many migrations the database has applied, and the tag of the last one. */
export async function migrationState(client: SqlClient): Promise<Manifest['migrations']> {
  const { rows: exists } = await client.query<{ ok: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`,
  );
  if (!exists[0]?.ok) {
    throw new Error(
      'The database has no migration log (drizzle.__drizzle_migrations): is it this app’s database?',
    );
  }
  const { rows } = await client.query<{ count: string; last: string | null }>(
    'SELECT count(*)::text AS count, max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last ? Number(rows[0].last) : undefined;
  const tag = knownMigrations().find((m) => m.when === last)?.tag;
  return { count: Number(rows[0]?.count ?? 0), latest: tag ?? (last ? `unknown (${last})` : 'none') };
}

export async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Every regular file under root, keyed by its path relative to root with forward slashes. */
export async function fileChecksums(root: string): Promise<Manifest['uploads']['files']> {
  if (!existsSync(root)) return {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const keys = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const files: Manifest['uploads']['files'] = {};
  for (const key of keys) files[key] = await sha256File(path.join(root, key));
  return files;
}

export interface TableComparison {
  name: string;
  expected: TableChecksum | undefined;
  actual: TableChecksum | undefined;
  ok: boolean;
}

export interface Comparison {
  tables: TableComparison[];
  uploads: { expected: number; matched: number; missing: string[]; changed: string[]; extra: string[] };
  ok: boolean;
}

/** The backup's tables and files against what is there now. */
export function compareWithManifest(
  manifest: Manifest,
  tables: TableChecksum[],
  uploads: Manifest['uploads']['files'],
): Comparison {
  const names = [...new Set([...manifest.tables.map((t) => t.name), ...tables.map((t) => t.name)])].sort();
  const tableRows = names.map((name) => {
    const expected = manifest.tables.find((t) => t.name === name);
    const actual = tables.find((t) => t.name === name);
    const ok = !!expected && !!actual && expected.rows === actual.rows && expected.md5 === actual.md5;
    return { name, expected, actual, ok };
  });
  const wanted = manifest.uploads.files;
  const missing = Object.keys(wanted).filter((k) => !uploads[k]);
  const changed = Object.keys(wanted).filter((k) => uploads[k] && uploads[k].sha256 !== wanted[k]!.sha256);
  const extra = Object.keys(uploads).filter((k) => !wanted[k]);
  const matched = Object.keys(wanted).length - missing.length - changed.length;
  return {
    tables: tableRows,
    uploads: { expected: Object.keys(wanted).length, matched, missing, changed, extra },
    ok:
      tableRows.every((t) => t.ok) &&
      missing.length === 0 &&
      changed.length === 0 &&
      (manifest.uploads.storage === 's3' || extra.length === 0),
  };
}

/** The comparison as the table restore prints. */
export function formatComparison(comparison: Comparison): string {
  const width = Math.max(5, ...comparison.tables.map((t) => t.name.length));
  const lines = [`${'table'.padEnd(width)}  ${'backup'.padStart(8)}  ${'restored'.padStart(8)}  checksum`];
  for (const t of comparison.tables) {
    const verdict = !t.expected ? 'EXTRA TABLE' : !t.actual ? 'MISSING TABLE' : t.ok ? 'ok' : 'MISMATCH';
    lines.push(
      `${t.name.padEnd(width)}  ${String(t.expected?.rows ?? '-').padStart(8)}  ${String(t.actual?.rows ?? '-').padStart(8)}  ${verdict}`,
    );
  }
  const u = comparison.uploads;
  lines.push(`uploads: ${u.matched}/${u.expected} files match`);
  for (const [label, keys] of [
    ['missing', u.missing],
    ['changed', u.changed],
    ['not in the backup', u.extra],
  ] as const) {
    if (keys.length)
      lines.push(`  ${label}: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}`);
  }
  lines.push(
    comparison.ok ? 'Everything matches the backup.' : 'MISMATCH: the restored data differs from the backup.',
  );
  return lines.join('\n');
}
