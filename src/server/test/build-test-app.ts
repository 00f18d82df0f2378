import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SsrRenderer } from '#domain/ssr.ts';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, type Db, MIGRATIONS, openDatabase } from '../db/client';
import { createScratchDatabase } from '../db/scratch-database';
import { type PasswordHashCost, setPasswordHashCost } from '../lib/passwords';
import { unusedPort } from '../lib/unused-port';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

// The tests import it from here with the rest of the harness.
export { unusedPort };

export const TEST_AUTH_SECRET = 'test-secret-0123456789-abcdefghij-klmnopqrstuv';
export const TEST_PUBLIC_URL = 'http://glowfind.test';

/** A clock that follows real time plus an offset the test can move forward. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. ADMIN_EMAILS); applied over the test defaults. */
  env?: Record<string, string>;
  /** Turn the rate limits on (off by default so tests do not trip over each other). */
  rateLimit?: boolean;
  /** Replace the clock; by default a TestClock that `clock.advance()` moves. */
  now?: () => Date;
  /** Listen on a random port on 127.0.0.1 and return its baseUrl (default: inject only). */
  listen?: boolean;
  /** Use this database instead of a fresh migrated one; it is left open on close(). */
  database?: Database;
  /** Start the inbound SMTP server (replies by email) on a free port: `app.inboundSmtp.port`. */
  inboundSmtp?: boolean;
  /** Share an SMTP sink; by default each app gets its own, stopped on close(). */
  smtp?: SmtpSink;
  /** Mail worker timings over the test defaults (poll 50 ms, retry base 50 ms, 10 attempts). */
  mail?: Partial<Config['mail']>;
  /** Serve a web app whose index.html is this text (by default there is no web app). */
  indexHtml?: string;
  /** Render pages on the server with this (ADR 017; see test/web-renderer.ts); by default none. */
  renderer?: SsrRenderer;
  /** Capture the log (see captureLog()); the level is then `info` unless `env.LOG_LEVEL` says otherwise. */
  log?: LogCapture;
  /** Log every request and response as production does (off in tests by default). */
  requestLogging?: boolean;
  /** Shorter server timeouts for tests of slow clients (see BuildOptions.serverTimeouts). */
  serverTimeouts?: BuildOptions['serverTimeouts'];
  /** The admission gate's limits on PGlite (see BuildOptions.pgliteGate); by default a 20 s wait. */
  pgliteGate?: BuildOptions['pgliteGate'];
  /**
   * argon2's cost for the passwords hashed from now on in this worker (lib/passwords.ts): `test` by
   * default; `standard` for a test that measures hashing under load.
   */
  passwordHashCost?: PasswordHashCost;
}

/** Log lines written by the app, as text and parsed. */
export interface LogCapture {
  stream: { write(line: string): void };
  /** Every line written so far, as written. */
  readonly text: string;
  /** Every line written so far, parsed. */
  entries(): Record<string, unknown>[];
}

/** A log destination for buildTestApp({ log }): keeps every line so a test can read it. */
export function captureLog(): LogCapture {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    get text() {
      return lines.join('');
    },
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** Response bodies are read loosely in tests; the assertions check their shape. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type LooseJson = any;

export interface TestResponse<T = LooseJson> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface RequestOptions {
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /** Client address as the app sees it: the socket's remote address (TRUST_PROXY is off in tests). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string | undefined;
  config: Config;
  database: Database;
  db: Db;
  smtp: SmtpSink;
  clock: TestClock;
  get<T = LooseJson>(url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = LooseJson>(url: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  put<T = LooseJson>(url: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  del<T = LooseJson>(url: string, body?: unknown, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** Which engine the API tests run on: set per Vitest project (api-pglite / api-postgres). */
export function testDbKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: the per-file database's URL, for a second pool (another process) on it; PGlite: undefined. */
  url: string | undefined;
  /** Closes the connection and, on PostgreSQL, drops the per-file database. */
  drop(): Promise<void>;
}

/**
 * PGlite: one migrated, empty database, kept as an image; each test file's database starts as a copy
 * of it (initdb and the migrations cost seconds of WASM work per file otherwise). The workers keep
 * their modules between files (vitest.config.ts: isolate false), so this runs once per worker, and the
 * image is kept on disk (node_modules/.cache) under a name made from the migrations and the PGlite
 * build, so the next run's workers start from it too.
 */
let pgliteImage: Promise<Blob> | undefined;
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = imageFile();
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // not made yet: make it below
    }
    const database = await openDatabase({});
    try {
      await database.migrate();
      const image = await database.image!();
      keepImage(file, image);
      return image;
    } finally {
      await database.close();
    }
  })();
  pgliteImage.catch(() => {
    pgliteImage = undefined;
  });
  return pgliteImage;
}

const IMAGE_DIR = path.join(import.meta.dirname, '../../../node_modules/.cache/pglite-test-images');

/** The image's file: a hash of every migration file and of the PGlite package (its version). */
function imageFile(): string {
  const hash = createHash('sha256');
  const pglite = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  hash.update(readFileSync(path.join(pglite, '..', 'package.json')));
  for (const name of readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  }
  return path.join(IMAGE_DIR, `${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Writes the image (through a rename, so a parallel worker never reads half a file) and removes the
 * images of older migrations.
 */
function keepImage(file: string, image: Blob): void {
  void image.arrayBuffer().then((bytes) => {
    try {
      mkdirSync(IMAGE_DIR, { recursive: true });
      for (const old of readdirSync(IMAGE_DIR)) {
        if (old.endsWith('.tar') && old !== path.basename(file))
          rmSync(path.join(IMAGE_DIR, old), { force: true });
      }
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(bytes));
      renameSync(partial, file);
    } catch {
      // only a cache: the next run's workers make their own image
    }
  });
}

/** A fresh, migrated, empty database: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({ pgliteImage: await migratedPgliteImage() });
    return { database, url: undefined, drop: () => database.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (see scripts/provision-test-postgres.sh)');
  const scratch = await createScratchDatabase(baseUrl, 't');
  const database = await openDatabase({ databaseUrl: scratch.url, onPoolError: () => {} });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await scratch.drop();
    throw error;
  }
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

function withBody(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown): InjectOptions {
  return body === undefined ? { method, url } : { method, url, payload: body as object };
}

/** The test configuration, parsed by the real loadConfig. */
export function testConfig(
  dataDir: string,
  smtpUrl: string,
  options: Pick<TestAppOptions, 'env' | 'rateLimit' | 'mail'> = {},
): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    RATE_LIMIT: options.rateLimit ? 'on' : 'off',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SMTP_URL: smtpUrl,
    SEED_DEMO: '0',
    // The test suite's push service (test/push-service.ts) listens on http://127.0.0.1.
    PUSH_ALLOW_HTTP_LOOPBACK: '1',
    ...options.env,
  });
  return {
    ...config,
    // No built web app in API tests, whatever is in dist/: unknown paths answer the JSON 404.
    webDir: path.join(dataDir, 'no-web'),
    mail: { pollMs: 50, retryBaseMs: 50, maxAttempts: 10, ...options.mail },
  };
}

/**
 * The real app (buildApp) on a fresh migrated database, with mail going to an in-process SMTP sink.
 * Call close() in afterAll: it stops the app, drops the database and removes the temp DATA_DIR.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  setPasswordHashCost(options.passwordHashCost ?? 'test');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-test-'));
  const ownSmtp = !options.smtp;
  const smtp = options.smtp ?? (await startSmtpSink());
  const testDb = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? testDb!.database;
  const clock = new TestClock();
  const config = testConfig(dataDir, smtp.url, {
    ...options,
    env: { ...(options.inboundSmtp ? { INBOUND_SMTP_PORT: '0' } : {}), ...options.env },
  });
  if (options.indexHtml !== undefined) {
    config.webDir = path.join(dataDir, 'web');
    mkdirSync(config.webDir, { recursive: true });
    writeFileSync(path.join(config.webDir, 'index.html'), options.indexHtml);
  }

  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config,
      database,
      now: options.now ?? clock.now,
      ...(options.log
        ? { logger: { level: options.env?.LOG_LEVEL ?? 'info', stream: options.log.stream } }
        : {}),
      ...(options.requestLogging !== undefined ? { requestLogging: options.requestLogging } : {}),
      ...(options.serverTimeouts ? { serverTimeouts: options.serverTimeouts } : {}),
      renderer: options.renderer ?? null,
      // Production's 2 s wait would turn a test's burst of slow work (argon2, image re-encoding) on a
      // busy 2-core machine into 503s: a slow test should fail by its timeout instead. The gate's own
      // tests (plugins/admission-gate.api.test.ts) pass their limits.
      pgliteGate: options.pgliteGate ?? { maxWaitMs: 20_000 },
    });
    let baseUrl: string | undefined;
    if (options.listen) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      baseUrl = `http://127.0.0.1:${address.port}`;
    } else {
      await app.ready();
    }
    const started = app;

    const request = async <T>(
      opts: InjectOptions,
      options: RequestOptions = {},
    ): Promise<TestResponse<T>> => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const res = await started.inject({
        ...opts,
        headers: { ...headers, ...(opts.headers as object) },
        ...(options.ip ? { remoteAddress: options.ip } : {}),
      });
      let body: T;
      try {
        body = JSON.parse(res.body) as T;
      } catch {
        body = undefined as T;
      }
      return { status: res.statusCode, body, headers: res.headers, text: res.body };
    };

    return {
      app: started,
      baseUrl,
      config,
      database,
      db: database.db,
      smtp,
      clock,
      get: (url, opts) => request({ method: 'GET', url }, opts),
      post: (url, body, opts) => request(withBody('POST', url, body), opts),
      put: (url, body, opts) => request(withBody('PUT', url, body), opts),
      del: (url, body, opts) => request(withBody('DELETE', url, body), opts),
      async close() {
        try {
          await started.close();
        } finally {
          await testDb?.drop();
          if (ownSmtp) await smtp.stop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await app?.close().catch(() => {});
    await testDb?.drop().catch(() => {});
    if (ownSmtp) await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
