import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { createPgliteClient } from '../db/client';
import { acquireDataDirLock } from '../lib/data-dir-lock';
import {
  type Comparison,
  compareWithManifest,
  DATABASE_FILES,
  fileChecksums,
  knownMigrations,
  MANIFEST_FILE,
  type Manifest,
  ManifestSchema,
  pgSqlClient,
  pinOutputSettings,
  type SqlClient,
  sha256File,
  type TableChecksum,
  tableChecksums,
} from './manifest';
import { BackupError, findPgTool, libpqTarget, run } from './tools';

export interface RestoreOptions {
  config: Config;
  /** An archive written by createBackup. */
  archive: string;
  /** Replace a non-empty target: PGlite and uploads folders are moved aside, PostgreSQL objects dropped. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The restored tables and files against the manifest; `ok` false means they differ. */
  comparison: Comparison;
  /** Folders moved aside by --force. */
  movedAside: string[];
  ms: number;
}

/**
 * Checks the archive against its manifest, restores it into the configured (empty) target, then
 * recomputes every table's row count and checksum and every upload's hash and compares.
 */
export async function restoreBackup({
  config,
  archive,
  force = false,
  log = () => {},
}: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const file = path.resolve(archive);
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const engine = config.databaseUrl ? 'postgres' : 'pglite';

  await mkdir(config.dataDir, { recursive: true });
  // PGlite: the server must not have this DATA_DIR open (its lock says so). PostgreSQL: the target
  // database must be empty, which a running server's data would fail anyway.
  const release = engine === 'pglite' ? acquireDataDirLock(config.dataDir) : () => {};
  // Unpacked inside DATA_DIR so the uploads folder can be renamed into place (same file system).
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    log(`Checking ${file}…`);
    const manifest = await unpackAndVerify(file, staging);
    if (manifest.engine !== engine) {
      throw new BackupError(
        manifest.engine === 'pglite'
          ? 'This is a backup of the embedded PGlite database, but DATABASE_URL is set: unset it to restore into DATA_DIR'
          : 'This is a backup of a PostgreSQL database, but DATABASE_URL is not set: set it to the (empty) target database',
      );
    }
    warnAboutMigrations(manifest, log);
    const restoreUploads = manifest.uploads.storage === 'disk';
    const uploadsDir = path.join(config.dataDir, 'uploads');
    const movedAside = await clearTarget(config, engine, restoreUploads, force);
    for (const dir of movedAside)
      log(`Moved the existing ${path.basename(dir).split('.')[0]} folder aside to ${dir}`);

    const dumpFile = path.join(staging, manifest.database.file);
    log(`Restoring the ${engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} database…`);
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, dumpFile, force);
    else await restorePglite(path.join(config.dataDir, 'pglite'), dumpFile);

    if (restoreUploads) {
      if (existsSync(path.join(staging, 'uploads'))) await rename(path.join(staging, 'uploads'), uploadsDir);
      if (config.s3) {
        log(
          `S3 storage is configured, but this backup's images were restored to ${uploadsDir}: copy them into the bucket '${config.s3.bucket}' (e.g. aws s3 sync ${uploadsDir} s3://${config.s3.bucket}/).`,
        );
      }
    } else {
      log(
        'The backed-up server kept its images in S3: they are not in this archive; restore the bucket with its own tools.',
      );
    }

    log('Verifying the restored data…');
    const tables = config.databaseUrl
      ? await postgresChecksums(config.databaseUrl)
      : await pgliteChecksums(path.join(config.dataDir, 'pglite'));
    const uploads = restoreUploads ? await fileChecksums(uploadsDir) : {};
    const comparison = compareWithManifest(manifest, tables, uploads);
    return { manifest, comparison, movedAside, ms: performance.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

const ALLOWED_NAME = /^(manifest\.json|database\.pglite\.tar\.gz|database\.pgdump|uploads(\/[^/]+)*\/?)$/;

/** Unpacks into staging and checks every file against the manifest; answers the manifest. */
async function unpackAndVerify(file: string, staging: string): Promise<Manifest> {
  // Refuse anything but plain files and folders with plain names before unpacking anything:
  // a link or a '..' could otherwise write outside the staging folder.
  let listing: string;
  let names: string[];
  try {
    listing = await run('tar', ['-tvf', file]);
    names = (await run('tar', ['-tf', file])).split('\n').filter(Boolean);
  } catch (error) {
    throw new BackupError(`${file} is not a backup archive (${(error as Error).message})`);
  }
  const badType = listing.split('\n').find((line) => line && !'-d'.includes(line[0]!));
  const badName = names.find((n) => !ALLOWED_NAME.test(n) || n.split('/').includes('..'));
  if (badType || badName) {
    throw new BackupError(`${file} is not a backup archive: unexpected entry ${badName ?? badType}`);
  }
  await run('tar', ['-xf', file, '-C', staging, '--no-same-owner']);

  const manifestFile = path.join(staging, MANIFEST_FILE);
  if (!existsSync(manifestFile))
    throw new BackupError(`${file} is not a backup archive: no ${MANIFEST_FILE}`);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(manifestFile, 'utf8'));
  } catch {
    throw new BackupError(`${file}: ${MANIFEST_FILE} is not valid JSON`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(
      `${file}: ${MANIFEST_FILE} is not valid (${issue.path.join('.')}: ${issue.message})`,
    );
  }
  const manifest = parsed.data;
  if (manifest.database.file !== DATABASE_FILES[manifest.engine]) {
    throw new BackupError(
      `${file}: the manifest names ${manifest.database.file} for a ${manifest.engine} backup`,
    );
  }

  const damaged: string[] = [];
  const dumpFile = path.join(staging, manifest.database.file);
  if (!existsSync(dumpFile)) damaged.push(`${manifest.database.file} is missing`);
  else if ((await sha256File(dumpFile)).sha256 !== manifest.database.sha256)
    damaged.push(`${manifest.database.file} differs`);
  const uploads = await fileChecksums(path.join(staging, 'uploads'));
  for (const [key, entry] of Object.entries(manifest.uploads.files)) {
    if (!uploads[key]) damaged.push(`uploads/${key} is missing`);
    else if (uploads[key].sha256 !== entry.sha256) damaged.push(`uploads/${key} differs`);
  }
  for (const key of Object.keys(uploads)) {
    if (!manifest.uploads.files[key]) damaged.push(`uploads/${key} is not in the manifest`);
  }
  if (damaged.length) {
    const shown =
      damaged.slice(0, 5).join('; ') + (damaged.length > 5 ? `; and ${damaged.length - 5} more` : '');
    throw new BackupError(`${file} is damaged or was altered, nothing was restored: ${shown}`);
  }
  return manifest;
}

/** Restoring never migrates (the checksums must match the backup); the server does at start. */
function warnAboutMigrations(manifest: Manifest, log: (line: string) => void): void {
  const known = knownMigrations();
  if (manifest.migrations.count > known.length) {
    log(
      `Warning: this backup is from a newer version of the app (${manifest.migrations.count} migrations, last ${manifest.migrations.latest}; this code knows ${known.length}): run that version on it.`,
    );
  } else if (manifest.migrations.count < known.length) {
    log(
      `Note: the backup has ${manifest.migrations.count} of this code's ${known.length} migrations; the server applies the rest when it starts.`,
    );
  }
}

/**
 * Refuses a target that holds data unless force. With force, the PGlite and uploads folders are
 * renamed aside (not deleted); on PostgreSQL, pg_restore --clean drops the backup's objects first.
 */
async function clearTarget(
  config: Config,
  engine: 'pglite' | 'postgres',
  restoreUploads: boolean,
  force: boolean,
): Promise<string[]> {
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const reasons: string[] = [];
  if (engine === 'pglite' && (await hasEntries(pgliteDir, false)))
    reasons.push(`${pgliteDir} holds a database`);
  if (config.databaseUrl) {
    const tables = await postgresTableCount(config.databaseUrl);
    if (tables > 0) reasons.push(`the database at DATABASE_URL has ${tables} tables or views`);
  }
  if (restoreUploads && (await hasEntries(uploadsDir, true))) reasons.push(`${uploadsDir} holds files`);
  if (reasons.length && !force) {
    throw new BackupError(
      `The target is not empty: ${reasons.join('; ')}. Restore into an empty DATA_DIR and database, or add --force to replace them.`,
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  for (const dir of [engine === 'pglite' ? pgliteDir : undefined, restoreUploads ? uploadsDir : undefined]) {
    if (!dir || !existsSync(dir)) continue;
    if (await hasEntries(dir, false)) {
      await rename(dir, `${dir}.before-restore-${stamp}`);
      movedAside.push(`${dir}.before-restore-${stamp}`);
    } else {
      await rm(dir, { recursive: true }); // an empty folder: nothing to keep
    }
  }
  return movedAside;
}

/** Whether dir holds anything (filesOnly: any regular file, at any depth). */
async function hasEntries(dir: string, filesOnly: boolean): Promise<boolean> {
  if (!existsSync(dir)) return false;
  const entries = await readdir(dir, { recursive: filesOnly, withFileTypes: true });
  return filesOnly ? entries.some((e) => e.isFile()) : entries.length > 0;
}

async function withPgClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Tables and views outside the system schemas that no extension owns. */
function postgresTableCount(databaseUrl: string): Promise<number> {
  return withPgClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
    );
    return Number(rows[0]!.count);
  });
}

/**
 * pg_restore in one transaction (a failure leaves the target as it was), without owners or grants
 * (the target's role owns everything). The extensions' COMMENT entries are left out: only the
 * extension's owner may comment, and the app's role usually is not (README: a superuser creates
 * the extensions once). With --force, pg_restore drops the backup's objects first, but never the
 * extensions, which the app's role could not create again.
 */
async function restorePostgres(databaseUrl: string, dumpFile: string, force: boolean): Promise<void> {
  const pgRestore = findPgTool('pg_restore');
  const toc = await run(pgRestore, ['--list', dumpFile]);
  const skip = force ? /^\d+; \d+ \d+ (COMMENT - )?EXTENSION / : /^\d+; \d+ \d+ COMMENT - EXTENSION /;
  const listFile = `${dumpFile}.list`;
  await writeFile(
    listFile,
    toc
      .split('\n')
      .filter((line) => !skip.test(line))
      .join('\n'),
  );
  const target = libpqTarget(databaseUrl);
  await run(
    pgRestore,
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--use-list=${listFile}`,
      '--no-password',
      `--dbname=${target.url}`,
      dumpFile,
    ],
    target.env,
  );
}

/**
 * PGlite fills an empty data directory from the dumpDataDir() tarball. The folder was empty or
 * absent (clearTarget), so a failed load is removed rather than left half-written.
 */
async function restorePglite(pgdata: string, dumpFile: string): Promise<void> {
  const client = createPgliteClient(pgdata, new Blob([await readFile(dumpFile)]));
  try {
    await client.waitReady;
    await client.close();
  } catch (error) {
    await client.close().catch(() => {});
    await rm(pgdata, { recursive: true, force: true });
    throw error;
  }
}

async function checksumsIn(client: SqlClient): Promise<TableChecksum[]> {
  await pinOutputSettings(client);
  return tableChecksums(client);
}

/** Opened afresh, so the verification reads what the server will read. */
async function pgliteChecksums(pgdata: string): Promise<TableChecksum[]> {
  const client = createPgliteClient(pgdata);
  try {
    await client.waitReady;
    return await client.transaction((tx) => checksumsIn(tx));
  } finally {
    await client.close();
  }
}

function postgresChecksums(databaseUrl: string): Promise<TableChecksum[]> {
  return withPgClient(databaseUrl, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    try {
      return await checksumsIn(pgSqlClient(client));
    } finally {
      await client.query('ROLLBACK');
    }
  });
}
