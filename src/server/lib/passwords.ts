import { availableParallelism, constants } from 'node:os';
import { Worker } from 'node:worker_threads';
/*
 * The common-password list: @zxcvbn-ts/language-common (MIT licence, https://github.com/zxcvbn-ts/zxcvbn),
 * a dependency, so it ships with the project. Its 'passwords-common' list is ranked by frequency in
 * leaked password dumps (about 49,000 entries); we refuse the first 10,000.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_TEXTS, weakPasswordReason } from '#domain/auth.ts';

/*
 * argon2id with @node-rs/argon2's defaults (19 MiB, t=2, OWASP's minimum): 5–29 ms of CPU a hash on this
 * machine's hosts, a whole core for that long. The hashes run on threads of their own (password-worker.mjs),
 * which the server lowers to the lowest CPU priority (main.ts): a busy machine then answers its cheap reads
 * first and gives the hashes what is left, so a burst of logins (or a flood of guesses) cannot slow every
 * other request down. Scripts and tests hash at normal priority (ADR 021).
 */
const HASHING_THREADS = Math.min(availableParallelism(), 4);

/**
 * argon2id's cost: `standard` everywhere the app runs (the library's defaults above, written out so a
 * test can pin them); `test`, the cheapest argon2 accepts, for the test suite, which hashes about 2,000
 * passwords a run (35 s of CPU at the standard cost on 2 cores). Rails' has_secure_password does the
 * same in its test environment. A stored hash names its own cost, so either verifies under both.
 */
export const PASSWORD_HASH_COSTS = {
  standard: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;
export type PasswordHashCost = keyof typeof PASSWORD_HASH_COSTS;
let cost: PasswordHashCost = 'standard';

interface Job {
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

/** One hashing thread and the jobs it owes answers to; it holds the process open only while it owes some. */
class HashingThread {
  private readonly worker: Worker;
  private readonly jobs = new Map<number, Job>();
  private nextId = 0;
  private failed = false;

  constructor(nice: number, onGone: (thread: HashingThread) => void) {
    this.worker = new Worker(new URL('./password-worker.mjs', import.meta.url), { workerData: { nice } });
    this.worker.unref();
    this.worker.on(
      'message',
      ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
        const job = this.jobs.get(id);
        if (!job) return;
        this.jobs.delete(id);
        if (this.jobs.size === 0) this.worker.unref();
        if (error === undefined) job.resolve(result!);
        else job.reject(new Error(`password hashing failed: ${error}`));
      },
    );
    const fail = (error: Error) => {
      if (this.failed) return;
      this.failed = true;
      onGone(this);
      for (const job of this.jobs.values()) job.reject(error);
      this.jobs.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) =>
      fail(new Error(`the password hashing thread stopped (exit code ${code})`)),
    );
  }

  get load(): number {
    return this.jobs.size;
  }

  run(
    message:
      | { op: 'hash'; password: string; cost: (typeof PASSWORD_HASH_COSTS)[PasswordHashCost] }
      | { op: 'verify'; password: string; hash: string },
  ) {
    return new Promise<string | boolean>((resolve, reject) => {
      const id = this.nextId++;
      this.jobs.set(id, { resolve, reject });
      if (this.jobs.size === 1) this.worker.ref();
      this.worker.postMessage({ id, ...message });
    });
  }

  /** Ends the thread; a job it still owes fails (the 'exit' handler). */
  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

let nice = 0;
const threads: HashingThread[] = [];

/** The least busy thread, starting another while there are fewer than HASHING_THREADS and all are busy. */
function hashingThread(): HashingThread {
  const least = threads.reduce<HashingThread | undefined>(
    (best, t) => (!best || t.load < best.load ? t : best),
    undefined,
  );
  if (least && (least.load === 0 || threads.length >= HASHING_THREADS)) return least;
  const thread = new HashingThread(nice, (gone) => {
    const at = threads.indexOf(gone);
    if (at >= 0) threads.splice(at, 1);
  });
  threads.push(thread);
  return thread;
}

/**
 * The CPU priority of the hashing threads from now on: 'lowest' (nice 19, Linux) for the server, which calls it
 * before it hashes anything; threads already running are replaced.
 */
export async function setPasswordHashingPriority(priority: 'normal' | 'lowest'): Promise<void> {
  nice = priority === 'lowest' ? constants.priority.PRIORITY_LOW : 0;
  await Promise.all(threads.splice(0).map((t) => t.stop()));
}

let dummyHash: Promise<string> | undefined;

/**
 * The cost of the hashes made from now on (see PASSWORD_HASH_COSTS): buildTestApp sets `test`, and the
 * tests that measure hashing under load set `standard` back.
 */
export function setPasswordHashCost(next: PasswordHashCost): void {
  if (next === cost) return;
  cost = next;
  dummyHash = undefined;
}

export async function hashPassword(password: string): Promise<string> {
  return (await hashingThread().run({ op: 'hash', password, cost: PASSWORD_HASH_COSTS[cost] })) as string;
}

/** False for a wrong password and for a stored hash that is not one (the thread answers false for both). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await hashingThread().run({ op: 'verify', hash: passwordHash, password })) as boolean;
}

/** Verifies against a throwaway hash so an unknown email takes as long as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  // A hash that failed (its thread stopped) is not kept: the next call makes another.
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing').catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** The 10,000 most common passwords (zxcvbn's ranked list), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Why a new password (sign-up, reset) is refused, or null: the common list first, then the pure rule
 * the forms also apply (a repeated character or pattern, a run, the email, the product's name).
 */
export function newPasswordProblem(password: string, email: string): string | null {
  if (isCommonPassword(password)) return AUTH_TEXTS.commonPassword;
  return weakPasswordReason(password, email);
}
