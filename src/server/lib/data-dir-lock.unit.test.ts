import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');

let dataDir: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-lock-'));
});
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  child = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another server process: takes the lock with the real code, says so, then waits to be killed. */
function startLockHolder(dir: string): Promise<ChildProcess> {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    acquireDataDirLock(${JSON.stringify(dir)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    proc.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    proc.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve(proc);
    });
    proc.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${stderr}`)));
  });
}

function waitForExit(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });
}

describe('acquireDataDirLock', () => {
  it('writes our PID to DATA_DIR/server.lock and removes it on release', () => {
    const release = acquireDataDirLock(dataDir);
    const file = path.join(dataDir, 'server.lock');
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses while another live process holds the lock, naming its PID', async () => {
    child = await startLockHolder(dataDir);
    const holderPid = child.pid!;
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(holderPid));

    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      `Another server (pid ${holderPid}) is using DATA_DIR ${dataDir}`,
    );
    // The refused attempt leaves the holder's lock in place.
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(holderPid));
  }, 20_000);

  it('takes over a stale lock left by a process that died without releasing it', async () => {
    child = await startLockHolder(dataDir);
    const deadPid = child.pid!;
    child.kill('SIGKILL'); // no chance to release
    await waitForExit(child);
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(deadPid));

    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  }, 20_000);

  it('takes over a lock file with garbage in it', () => {
    writeFileSync(path.join(dataDir, 'server.lock'), 'not a pid');
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('release does not remove a lock that another process took over meanwhile', () => {
    const release = acquireDataDirLock(dataDir);
    writeFileSync(path.join(dataDir, 'server.lock'), '999999');
    release();
    expect(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe('999999');
  });
});
