import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { createPgliteClient } from '../db/client';
import { acquireDataDirLock } from '../lib/data-dir-lock';
import {
  DATABASE_FILES,
  fileChecksums,
  MANIFEST_FILE,
  type Manifest,
  migrationState,
  pgSqlClient,
  pinOutputSettings,
  type SqlClient,
  sha256File,
  tableChecksums,
} from './manifest';
import { BackupError, findPgTool, libpqTarget, run } from './tools';

/**
 * A backup archive is a plain tar (its big parts are compressed already):
 *   manifest.json             engine, migration, date, per-table row counts and checksums, file hashes
 *   database.pglite.tar.gz    PGlite's dumpDataDir() of DATA_DIR/pglite, or
 *   database.pgdump           pg_dump --format=custom
 *   uploads/<key>             every file of DATA_DIR/uploads (not S3 objects)
 */
export interface BackupOptions {
  config: Config;
  /** The archive to write; must not exist yet. */
  out: string;
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  ms: number;
}

type DatabaseInfo = Pick<Manifest, 'serverVersion' | 'migrations' | 'tables'>;

/** Writes one archive of the configured database (PGlite or PostgreSQL) and the uploads folder. */
export async function createBackup({ config, out, log = () => {} }: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const file = path.resolve(out);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose a new file name`);
  if (!existsSync(path.dirname(file)))
    throw new BackupError(`The folder ${path.dirname(file)} does not exist`);

  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  const staging = await mkdtemp(path.join(tmpdir(), 'glowfind-backup-'));
  const partial = `${file}.partial`;
  try {
    const dumpFile = path.join(staging, DATABASE_FILES[engine]);
    log(`Dumping the ${engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} database…`);
    const info = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, dumpFile)
      : await dumpPglite(config.dataDir, dumpFile);

    // Upload names are content hashes and never rewritten, so hashing them after the dump is safe;
    // a file deleted meanwhile makes tar fail below (run the backup again).
    let files: Manifest['uploads']['files'] = {};
    if (config.s3) {
      log(
        `Images are in the S3 bucket '${config.s3.bucket}': they are NOT in this backup; back the bucket up with its own tools (e.g. aws s3 sync, rclone, bucket versioning).`,
      );
    } else {
      files = await fileChecksums(path.join(config.dataDir, 'uploads'));
    }

    const manifest: Manifest = {
      format: 'glowfind-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      engine,
      ...info,
      database: { file: DATABASE_FILES[engine], ...(await sha256File(dumpFile)) },
      uploads: { storage: config.s3 ? 's3' : 'disk', files },
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // Only the hashed files go in (one name a line), so the archive matches its manifest exactly.
    const list = path.join(staging, 'uploads.list');
    await writeFile(
      list,
      Object.keys(files)
        .map((key) => `uploads/${key}\n`)
        .join(''),
    );
    await run('tar', [
      '-cf',
      partial,
      '-C',
      staging,
      MANIFEST_FILE,
      DATABASE_FILES[engine],
      '-C',
      config.dataDir,
      '--verbatim-files-from',
      '-T',
      list,
    ]);
    await rename(partial, file); // a crash never leaves a half-written archive under the final name
    return { file, bytes: (await stat(file)).size, manifest, ms: performance.now() - started };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** Version, migrations and table checksums, read inside the caller's transaction. */
async function readDatabaseInfo(client: SqlClient): Promise<DatabaseInfo> {
  await pinOutputSettings(client);
  const { rows } = await client.query<{ version: string }>('SELECT version() AS version');
  return {
    serverVersion: rows[0]!.version,
    migrations: await migrationState(client),
    tables: await tableChecksums(client),
  };
}

/**
 * PGlite is one process's files: the server must not be running on this DATA_DIR. We take the
 * server's own lock (DATA_DIR/server.lock), which fails clearly while a server holds it.
 */
async function dumpPglite(dataDir: string, dumpFile: string): Promise<DatabaseInfo> {
  const pgdata = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${pgdata} (DATA_DIR=${dataDir}): nothing to back up`,
    );
  }
  const release = acquireDataDirLock(dataDir);
  const client = createPgliteClient(pgdata);
  try {
    await client.waitReady;
    const info = await client.transaction((tx) => readDatabaseInfo(tx));
    // Nobody else can write (we hold the lock), so the dump shows exactly what was checksummed.
    const tarball = await client.dumpDataDir('gzip');
    await writeFile(dumpFile, Buffer.from(await tarball.arrayBuffer()));
    return info;
  } finally {
    await client.close();
    release();
  }
}

/**
 * The server may keep running: pg_dump reads the snapshot our repeatable-read transaction exports,
 * so the checksums we compute in that transaction describe exactly the rows in the dump.
 */
async function dumpPostgres(databaseUrl: string, dumpFile: string): Promise<DatabaseInfo> {
  const pgDump = findPgTool('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a dropped connection fails the running query instead
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const target = libpqTarget(databaseUrl);
    const dumping = run(
      pgDump,
      [
        '--format=custom',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${dumpFile}`,
        '--no-password',
        `--dbname=${target.url}`,
      ],
      target.env,
    );
    dumping.catch(() => {}); // awaited below; this only stops an early failure being "unhandled"
    const info = await readDatabaseInfo(pgSqlClient(client));
    await dumping;
    await client.query('COMMIT');
    return info;
  } finally {
    await client.end();
  }
}
