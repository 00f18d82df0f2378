import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPgTool } from '#server/backup/tools.ts';
import { sleep } from './server';

/**
 * The directory holding initdb and pg_ctl of one PostgreSQL installation, found like the backup
 * tools find pg_dump ($PG_BIN_DIR, else the newest /usr/lib/postgresql/N/bin, else the PATH); null
 * when none is installed.
 */
export function findPgServerBin(): string | null {
  try {
    const dir = path.dirname(findPgTool('initdb'));
    return existsSync(path.join(dir, 'pg_ctl')) ? dir : null;
  } catch {
    return null;
  }
}

/** What to install when findPgServerBin() finds nothing. */
export const NO_PG_SERVER_BIN =
  'no PostgreSQL server programs (initdb, pg_ctl) in $PG_BIN_DIR, /usr/lib/postgresql/N/bin or the PATH (apt-get install postgresql)';

/**
 * A throwaway PostgreSQL cluster of our own (never the shared one on 5432), so the drill can stop
 * and restart it. PostgreSQL refuses to run as root: as root the binaries run as the postgres user.
 */
export class PrivateCluster {
  readonly dir: string;
  private readonly asUser: string | undefined;
  private readonly bin: string;

  constructor(readonly port: number) {
    const bin = findPgServerBin();
    if (!bin) throw new Error(NO_PG_SERVER_BIN);
    this.bin = bin;
    this.dir = mkdtempSync(path.join(tmpdir(), 'glowfind-faults-pg-'));
    this.asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
    if (this.asUser) {
      const uid = Number(execFileSync('id', ['-u', this.asUser]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', this.asUser]).toString().trim());
      chownSync(this.dir, uid, gid);
    }
    chmodSync(this.dir, 0o700);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/faults`;
  }

  /** Asynchronous, so the drill's clients keep running while pg_ctl waits. */
  private async run(bin: string, args: string[]): Promise<void> {
    const [cmd, full] = this.asUser
      ? ['runuser', ['-u', this.asUser, '--', path.join(this.bin, bin), ...args]]
      : [path.join(this.bin, bin), args];
    await promisify(execFile)(cmd, full, { timeout: 180_000 });
  }

  async init(): Promise<void> {
    const data = path.join(this.dir, 'data');
    await this.run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await this.start();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres` });
    await client.connect();
    await client.query('create database faults');
    await client.end();
  }

  start(): Promise<void> {
    return this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
      '-w',
      '-t',
      '120',
      'start',
    ]);
  }

  /** Fast shutdown: sessions are ended, as in a restart by an operator or a failover. */
  stop(): Promise<void> {
    return this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', '-t', '120', 'stop']);
  }

  /** The postmaster and its children (backends, checkpointer…). */
  private async pids(): Promise<number[]> {
    const { readFile } = await import('node:fs/promises');
    const main = Number(
      (await readFile(path.join(this.dir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const { stdout } = await promisify(execFile)('ps', ['-o', 'pid=', '--ppid', String(main)]);
    return [
      main,
      ...stdout
        .split('\n')
        .map(Number)
        .filter((n) => n > 0),
    ];
  }

  /**
   * SIGSTOP to every PostgreSQL process: connections stay open and nothing answers, as with a hung
   * server or a network partition. Returns a function that resumes them.
   */
  async freeze(): Promise<() => void> {
    const pids = await this.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    return () => {
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    };
  }

  /** Resolves when a new connection gets an answer to a query. */
  async waitReady(timeoutMs = 120_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('select 1');
        return Date.now();
      } catch {
        await sleep(20);
      } finally {
        await client.end().catch(() => {});
      }
    }
    throw new Error('private PostgreSQL not ready');
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => {}); // already stopped
    rmSync(this.dir, { recursive: true, force: true });
  }
}
