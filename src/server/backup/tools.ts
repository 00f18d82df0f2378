import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';
import { DataDirLockedError } from '../lib/data-dir-lock';

/** A refusal or failure the operator can act on: the CLIs print its message alone and exit 1. */
export class BackupError extends Error {}

/** A command that failed: its stderr, trimmed, is the message. */
export class CommandError extends BackupError {}

/** Runs a program (no shell) and answers its stdout; a non-zero exit throws with its stderr. */
export function run(program: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { maxBuffer: 64 * 1024 * 1024, env: env ? { ...process.env, ...env } : process.env },
      (error, stdout, stderr) => {
        if (error) {
          const detail = stderr.trim() || error.message;
          reject(new CommandError(`${path.basename(program)} failed: ${detail}`));
        } else {
          resolve(stdout);
        }
      },
    );
  });
}

/**
 * A PostgreSQL program (pg_dump / pg_restore here; initdb / pg_ctl for scripts/faults): $PG_BIN_DIR if
 * set, else the newest version-specific directory (Debian's /usr/lib/postgresql/N/bin, RHEL's
 * /usr/pgsql-N/bin; a newer pg_dump reads older servers, not the reverse), else the PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore' | 'initdb' | 'pg_ctl'): string {
  if (process.env.PG_BIN_DIR) {
    const file = path.join(process.env.PG_BIN_DIR, name);
    if (!existsSync(file)) throw new Error(`${name} not found in PG_BIN_DIR (${process.env.PG_BIN_DIR})`);
    return file;
  }
  const versioned = [
    ...listVersions('/usr/lib/postgresql', /^(\d+)$/).map((v) => `/usr/lib/postgresql/${v}/bin`),
    ...listVersions('/usr', /^pgsql-(\d+)$/).map((v) => `/usr/pgsql-${v}/bin`),
  ];
  for (const dir of versioned) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  throw new Error(
    `${name} not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client) or set PG_BIN_DIR`,
  );
}

/** Major versions found as `pattern` in dir, newest first. */
function listVersions(dir: string, pattern: RegExp): number[] {
  try {
    return readdirSync(dir)
      .map((name) => pattern.exec(name)?.[1])
      .filter((v): v is string => v !== undefined)
      .map(Number)
      .sort((a, b) => b - a);
  } catch {
    return [];
  }
}

/**
 * libpq arguments for a postgres:// URL without putting the password on the command line (where
 * `ps` shows it): the URL minus its password, and PGPASSWORD for the child's environment.
 */
export function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs a backup/restore command line: expected failures (a bad archive, a locked DATA_DIR, bad
 * configuration) print their message and exit 1; bad arguments print the usage and exit 2.
 */
export async function runCommand(usage: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n${usage}`);
      process.exit(2);
    }
    const expected =
      error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  }
}
