// One password-hashing thread (see passwords.ts). Plain JavaScript: worker threads load files with Node's own
// loader, which reads no TypeScript under `node --import tsx`, vitest or Playwright's server alike.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

if (workerData?.nice) lowerThisThread(workerData.nice);

parentPort.on('message', ({ id, op, password, hash, cost }) => {
  if (op === 'verify') {
    parentPort.postMessage({ id, result: verifies(hash, password) });
    return;
  }
  try {
    parentPort.postMessage({ id, result: hashSync(password, cost) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

/** A stored hash that is not one (malformed, another algorithm) verifies nothing. */
function verifies(hash, password) {
  try {
    return verifySync(hash, password);
  } catch {
    return false;
  }
}

/**
 * Linux gives each thread its own nice value: setpriority(PRIO_PROCESS, tid) changes only that thread, and
 * /proc/thread-self names this one. Raising it needs no privilege. Elsewhere the thread keeps its priority.
 */
function lowerThisThread(nice) {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // no /proc (macOS, Windows): normal priority
  }
}
