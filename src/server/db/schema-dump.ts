import path from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPgliteClient } from './client';

/** The file that shows the fully migrated schema in one place (`npm run db:schema` writes it). */
export const SCHEMA_FILE = path.join(import.meta.dirname, 'schema.sql');

const HEADER = [
  '-- The fully migrated schema, as pg_dump --schema-only prints it. Generated: do not edit.',
  '-- Change the schema with a migration in src/server/db/migrations, then run npm run db:schema.',
  '',
].join('\n');

/**
 * Migrates a fresh in-memory PGlite and dumps its schema: every table, index, function and view body.
 * PGlite's own pg_dump (WASM) gives the same text on every machine; the owner, privileges and
 * drizzle's bookkeeping schema are left out, and so is the header that names the versions.
 */
export async function dumpMigratedSchema(): Promise<string> {
  const client = createPgliteClient(undefined);
  try {
    await migrate(drizzle({ client }), { migrationsFolder: path.join(import.meta.dirname, 'migrations') });
    const file = await pgDump({
      pg: client,
      args: ['--schema-only', '--no-owner', '--no-privileges', '--exclude-schema=drizzle'],
    });
    return normalizeDump(await file.text());
  } finally {
    await client.close();
  }
}

/** Drops the version lines and session settings before the first object, and the dump's restrict keys. */
export function normalizeDump(dump: string): string {
  const lines = dump.split('\n').filter((line) => !/^\\(un)?restrict /.test(line));
  // Each object's comment opens with a bare `--` line, the one before its `-- Name:`.
  const firstObject = lines.findIndex((line) => line.startsWith('-- Name: ')) - 1;
  const body = (firstObject < 0 ? lines : lines.slice(firstObject)).map((line) => line.trimEnd());
  return `${HEADER}\n${body
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
