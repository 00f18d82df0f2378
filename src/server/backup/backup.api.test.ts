import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../config';
import { createPgliteClient, openDatabase } from '../db/client';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch-database';
import { DEMO_REVIEWERS } from '../seed/demo-reviews';
import { seedDemo } from '../seed/seed';
import { createStorage } from '../storage/create-storage';
import { TEST_AUTH_SECRET, testDbKind } from '../test/build-test-app';
import { type BackupResult, createBackup } from './backup';
import {
  fileChecksums,
  knownMigrations,
  type Manifest,
  pgSqlClient,
  pinOutputSettings,
  type SqlClient,
  type TableChecksum,
  tableChecksums,
} from './manifest';
import { restoreBackup } from './restore';

/**
 * The real demo seed (60 providers, ~440 image files) in a real DATA_DIR on PGlite or in a scratch
 * PostgreSQL database, backed up and restored into fresh ones; the API project runs this per engine.
 */
const kind = testDbKind();

/** A DATA_DIR and, on PostgreSQL, its own empty database (from the test template). */
interface Side {
  config: Config;
  scratch: ScratchDatabase | undefined;
}

const sides: Side[] = [];
const work = mkdtempSync(path.join(tmpdir(), 'glowfind-backup-test-'));

async function newSide(): Promise<Side> {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  let scratch: ScratchDatabase | undefined;
  if (kind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    scratch = await createScratchDatabase(baseUrl, 'bk');
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const side = { config, scratch };
  sides.push(side);
  return side;
}

/** A raw connection to a side's database (PGlite opened on its folder, or one pg client). */
async function withDb<T>(side: Side, use: (client: SqlClient) => Promise<T>): Promise<T> {
  if (side.config.databaseUrl) {
    const client = new pg.Client({ connectionString: side.config.databaseUrl });
    await client.connect();
    try {
      return await use(pgSqlClient(client));
    } finally {
      await client.end();
    }
  }
  const client = createPgliteClient(path.join(side.config.dataDir, 'pglite'));
  await client.waitReady;
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** Checksums in a transaction that is rolled back, after an optional change inside it. */
async function checksumsIn(client: SqlClient, change?: string): Promise<TableChecksum[]> {
  await client.query('BEGIN');
  try {
    if (change) await client.query(change);
    await pinOutputSettings(client);
    return await tableChecksums(client);
  } finally {
    await client.query('ROLLBACK');
  }
}

const checksumsOf = (side: Side) => withDb(side, (client) => checksumsIn(client));

const uploadsOf = (side: Side) => fileChecksums(path.join(side.config.dataDir, 'uploads'));

/** Unpacks an archive, lets `edit` change the files, and packs them into a new archive. */
function rewriteArchive(archive: string, edit: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(work, 'edit-'));
  execFileSync('tar', ['-xf', archive, '-C', dir]);
  edit(dir);
  const out = `${dir}.tar`;
  const names = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const topLevel = [...new Set(names.map((n) => n.split('/')[0]!))];
  execFileSync('tar', ['-cf', out, '-C', dir, ...topLevel]);
  return out;
}

function flipByte(file: string, at: number): void {
  const bytes = readFileSync(file);
  bytes[at] = bytes[at]! ^ 0xff;
  writeFileSync(file, bytes);
}

let source: Side;
let backup: BackupResult;
let sourceTables: TableChecksum[];
let sourceUploads: Manifest['uploads']['files'];
const timings: Record<string, number> = {};

beforeAll(async () => {
  source = await newSide();
  let started = performance.now();
  const database = await openDatabase({
    databaseUrl: source.config.databaseUrl,
    pgliteDir: path.join(source.config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const seeded = await seedDemo({ db: database.db, storage: createStorage(source.config) });
    expect(seeded?.providers).toBe(60);
  } finally {
    await database.close();
  }
  timings.seed = performance.now() - started;

  started = performance.now();
  backup = await createBackup({ config: source.config, out: path.join(work, 'backup.tar') });
  timings.backup = performance.now() - started;
  sourceTables = await checksumsOf(source);
  sourceUploads = await uploadsOf(source);
}, 150_000);

afterAll(async () => {
  console.info(
    `backup test (${kind}): seed ${(timings.seed! / 1000).toFixed(1)} s, backup ${(timings.backup! / 1000).toFixed(1)} s, ` +
      `restore ${((timings.restore ?? 0) / 1000).toFixed(1)} s, archive ${(backup?.bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  for (const side of sides) await side.scratch?.drop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${kind})`, () => {
  it('writes one archive whose manifest describes every table and upload of the source', async () => {
    const { manifest } = backup;
    expect(manifest.engine).toBe(kind);
    expect(manifest.migrations.count).toBe(knownMigrations().length);
    expect(manifest.migrations.latest).toBe(knownMigrations().at(-1)!.tag);
    expect(manifest.tables).toEqual(sourceTables);
    const rows = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    expect(rows['public.users']).toBe(62 + DEMO_REVIEWERS.length);
    expect(rows['public.provider_profiles']).toBe(60);
    expect(rows['drizzle.__drizzle_migrations']).toBe(knownMigrations().length);
    expect(manifest.uploads.storage).toBe('disk');
    expect(manifest.uploads.files).toEqual(sourceUploads);
    expect(Object.keys(sourceUploads).length).toBeGreaterThan(100);

    const names = execFileSync('tar', ['-tf', backup.file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(names.slice(0, 2)).toEqual([
      'manifest.json',
      kind === 'pglite' ? 'database.pglite.tar.gz' : 'database.pgdump',
    ]);
    expect(names.slice(2).sort()).toEqual(Object.keys(sourceUploads).map((k) => `uploads/${k}`));

    await expect(createBackup({ config: source.config, out: backup.file })).rejects.toThrow(/already exists/);
  });

  it('restores into a fresh target with every table and upload identical, and says so', async () => {
    const target = await newSide();
    const started = performance.now();
    const result = await restoreBackup({ config: target.config, archive: backup.file });
    timings.restore = performance.now() - started;

    expect(result.comparison.ok).toBe(true);
    expect(result.comparison.tables.map((t) => t.name)).toEqual(sourceTables.map((t) => t.name));
    expect(result.comparison.uploads).toMatchObject({
      matched: Object.keys(sourceUploads).length,
      extra: [],
    });
    // Recomputed here, independently of the restore's own check; and the checksums do notice a
    // one-field change (and only in that table: a setting, which bumps no catalogue version, where a
    // reviewer's name would, migration 0023).
    const [restored, changed] = await withDb(target, async (client) => [
      await checksumsIn(client),
      await checksumsIn(
        client,
        "UPDATE users SET opening_alerts = NOT opening_alerts WHERE id = (SELECT id FROM users WHERE user_type = 'client' ORDER BY id LIMIT 1)",
      ),
    ]);
    expect(restored).toEqual(sourceTables);
    expect(changed!.filter((t, i) => t.md5 !== sourceTables[i]!.md5).map((t) => t.name)).toEqual([
      'public.users',
    ]);
    expect(await uploadsOf(target)).toEqual(sourceUploads);
    const key = Object.keys(sourceUploads)[0]!;
    expect(readFileSync(path.join(target.config.dataDir, 'uploads', key))).toEqual(
      readFileSync(path.join(source.config.dataDir, 'uploads', key)),
    );

    // A second restore onto it is refused, and the data stays as it was.
    await expect(restoreBackup({ config: target.config, archive: backup.file })).rejects.toThrow(
      /target is not empty/,
    );
    expect(await checksumsOf(target)).toEqual(sourceTables);
  }, 90_000);

  it('refuses an archive whose upload or dump was altered, before touching the target', async () => {
    const target = await newSide();
    const alteredUpload = rewriteArchive(backup.file, (dir) =>
      flipByte(path.join(dir, 'uploads', Object.keys(sourceUploads)[0]!), 100),
    );
    await expect(restoreBackup({ config: target.config, archive: alteredUpload })).rejects.toThrow(
      /damaged or was altered.*uploads\/.* differs/,
    );
    const alteredDump = rewriteArchive(backup.file, (dir) =>
      flipByte(path.join(dir, backup.manifest.database.file), 5000),
    );
    await expect(restoreBackup({ config: target.config, archive: alteredDump })).rejects.toThrow(
      /damaged or was altered.*database\.\S+ differs/,
    );
    const notAnArchive = path.join(work, 'not-an-archive.tar');
    writeFileSync(notAnArchive, 'hello');
    await expect(restoreBackup({ config: target.config, archive: notAnArchive })).rejects.toThrow(
      /not a backup archive/,
    );
    await expect(
      restoreBackup({ config: target.config, archive: path.join(work, 'missing.tar') }),
    ).rejects.toThrow(/No such file/);

    expect(existsSync(path.join(target.config.dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(target.config.dataDir, 'uploads'))).toBe(false);
    if (kind === 'postgres') expect(await checksumsOf(target)).toEqual([]);
  }, 60_000);

  it('refuses a PGlite DATA_DIR that a running server holds; a PostgreSQL backup runs beside one', async () => {
    // The server's own lock file, held by a live process (our parent) that is not us.
    const lock = path.join(source.config.dataDir, 'server.lock');
    writeFileSync(lock, String(process.ppid));
    try {
      const out = path.join(work, 'while-running.tar');
      if (kind === 'pglite') {
        await expect(createBackup({ config: source.config, out })).rejects.toThrow(
          /Another server .* is using DATA_DIR/,
        );
        expect(existsSync(out)).toBe(false);
      } else {
        const result = await createBackup({ config: source.config, out });
        expect(result.manifest.tables).toEqual(sourceTables);
      }
    } finally {
      rmSync(lock, { force: true });
    }
  });

  it('refuses to restore into the other engine', async () => {
    const dataDir = mkdtempSync(path.join(work, 'data-'));
    const other = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      // Never connected to: the engine is checked first.
      ...(kind === 'pglite' ? { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } : {}),
    });
    await expect(restoreBackup({ config: other, archive: backup.file })).rejects.toThrow(
      kind === 'pglite'
        ? /PGlite database, but DATABASE_URL is set/
        : /PostgreSQL database, but DATABASE_URL is not set/,
    );
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('reports a mismatch when the restored data differs from the manifest', async () => {
    const target = await newSide();
    // A manifest whose users checksum is wrong: the files still match it, the data cannot.
    const wrongManifest = rewriteArchive(backup.file, (dir) => {
      const file = path.join(dir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      manifest.tables.find((t) => t.name === 'public.users')!.md5 = '0'.repeat(32);
      writeFileSync(file, JSON.stringify(manifest));
    });
    const result = await restoreBackup({ config: target.config, archive: wrongManifest });
    expect(result.comparison.ok).toBe(false);
    expect(result.comparison.tables.filter((t) => !t.ok).map((t) => t.name)).toEqual(['public.users']);
  }, 60_000);
});
