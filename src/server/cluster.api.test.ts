import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDbKind,
  unusedPort,
} from '#server/test/build-test-app.ts';
import { insertProvider } from '#server/test/factories.ts';

/**
 * WEB_CONCURRENCY: the real `src/server/main.ts` as `npm start` runs it. On
 * PostgreSQL a primary forks two workers on one port, replaces one that dies and stops them all
 * gracefully; on the embedded database more than one process is refused in one line.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Starting the server through tsx takes seconds, many more while the other test worker is busy. */
const START_TIMEOUT_MS = 60_000;

interface Started {
  child: ChildProcess;
  /** Every line printed so far (stdout and stderr). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startMain(env: Record<string, string>, dataDir: string): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      RATE_LIMIT: 'off',
      AUTH_SECRET: 'cluster-test-secret-0123456789-abcdefghijklmn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const keep = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.trim()));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, lines, exited };
}

/** The JSON log lines (pino's and the primary's). */
const entries = (s: Started) =>
  s.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'glowfind-cluster-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

if (testDbKind() === 'pglite') {
  it(
    'refuses WEB_CONCURRENCY=2 on the embedded database with one line, before opening it',
    async () => {
      const started = startMain({ WEB_CONCURRENCY: '2', PORT: String(await unusedPort()) }, dataDir);
      expect(await started.exited).toEqual({ code: 1, signal: null });
      expect(started.lines).toEqual([
        'Invalid configuration: WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database runs in one process',
      ]);
    },
    START_TIMEOUT_MS,
  );
}

if (testDbKind() === 'postgres') {
  describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
    let testDb: TestDatabase;
    let server: Started | undefined;
    let port: number;
    const base = () => `http://127.0.0.1:${port}`;

    beforeAll(async () => {
      testDb = await createTestDatabase();
      port = await unusedPort();
      server = startMain({ DATABASE_URL: testDb.url!, WEB_CONCURRENCY: '2', PORT: String(port) }, dataDir);
    });
    afterAll(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      for (const pid of workerPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
      await testDb?.drop();
    });

    /** 'Serving …' lines: one per worker start, with its slot and pid. */
    const serving = () =>
      entries(server!).filter((e) => typeof e.msg === 'string' && e.msg.startsWith('Serving '));
    const workerPids = () => (server ? serving().map((e) => e.pid as number) : []);
    const waitFor = async (what: string, check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(check(), `${what}; the server printed:\n${server!.lines.slice(-20).join('\n')}`).toBe(true);
    };
    /** A request on a connection of its own (no keep-alive): the primary hands each to a worker in turn. */
    const health = () => fetch(`${base()}/api/health`, { headers: { connection: 'close' } });

    it(
      'forks two workers on one port; each logs its slot, and both answer',
      async () => {
        await waitFor('two workers serving', () => serving().length === 2);
        expect(
          serving()
            .map((e) => e.worker)
            .sort(),
        ).toEqual([1, 2]);
        expect(serving()[0]!.msg).toMatch(
          /^Serving http:\/\/localhost:\d+ \(database: PostgreSQL, worker [12] of 2\)$/,
        );
        expect(new Set(workerPids()).size).toBe(2);
        // The primary ran the migrations before forking, and says so in its own lines.
        expect(
          entries(server!).some(
            (e) => e.primary === true && e.msg === `Starting 2 workers on 127.0.0.1:${port}`,
          ),
        ).toBe(true);

        for (let i = 0; i < 10; i++) {
          const res = await health();
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual({ status: 'ok' });
        }
        // Request logs (NODE_ENV=development logs requests) carry the worker: both took some.
        const answeredBy = new Set(
          entries(server!)
            .filter((e) => e.msg === 'request completed')
            .map((e) => e.worker),
        );
        expect([...answeredBy].sort()).toEqual([1, 2]);
      },
      START_TIMEOUT_MS,
    );

    it(
      'replaces a worker that dies, in its slot',
      async () => {
        const victim = serving().find((e) => e.worker === 1)!;
        process.kill(victim.pid as number, 'SIGKILL');
        await waitFor('a third worker serving', () => serving().length === 3);
        const replacement = serving()[2]!;
        expect(replacement.worker).toBe(1);
        expect(replacement.pid).not.toBe(victim.pid);
        expect(
          entries(server!).some(
            (e) =>
              e.primary === true &&
              typeof e.msg === 'string' &&
              e.msg.startsWith(
                `worker 1 (pid ${victim.pid}) exited with SIGKILL; a new one starts in 250 ms`,
              ),
          ),
        ).toBe(true);
        const res = await health();
        expect(res.status).toBe(200);
      },
      START_TIMEOUT_MS,
    );

    it(
      'a write reaches both workers on their very next request (the reply caches, ADR 014)',
      async () => {
        const provider = await insertProvider(testDb.database.db, { name: 'Two Worker Studio' });
        const bios = async () => {
          const seen: string[] = [];
          // Four connections of their own: the primary hands them to the workers in turn.
          for (let i = 0; i < 4; i++) {
            const res = await fetch(`${base()}/api/user/${provider.routingSlug}`, {
              headers: { connection: 'close' },
            });
            expect(res.status).toBe(200);
            seen.push(((await res.json()) as { profile: { bio: string } }).profile.bio);
          }
          return seen;
        };
        for (const bio of ['First.', 'Second.', 'Third.']) {
          // Written by a third process (this test), as another machine would.
          await testDb.database.db.execute(
            sql`UPDATE provider_profiles SET bio = ${bio} WHERE user_id = ${provider.id}`,
          );
          expect(await bios()).toEqual([bio, bio, bio, bio]);
        }
        const answeredBy = entries(server!)
          .filter(
            (e) =>
              e.msg === 'incoming request' &&
              String((e.req as { url?: string } | undefined)?.url).startsWith('/api/user/'),
          )
          .map((e) => e.worker);
        expect(new Set(answeredBy).size).toBe(2);
      },
      START_TIMEOUT_MS,
    );

    it(
      'SIGTERM on the primary lets a request in flight finish, stops every worker and exits 0',
      async () => {
        // A login whose body is half sent when the signal comes: the worker must wait for it and answer.
        const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-Password-123' });
        const socket = connect(port, '127.0.0.1');
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        let reply = '';
        socket.on('data', (chunk) => {
          reply += chunk.toString();
        });
        const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        );
        await new Promise((r) => setTimeout(r, 300));

        const pids = workerPids().filter(alive);
        expect(pids).toHaveLength(2);
        server!.child.kill('SIGTERM');
        await new Promise((r) => setTimeout(r, 500));
        socket.write(body.slice(10));
        await closed;
        expect(reply).toMatch(/^HTTP\/1\.1 401 /);
        expect(reply).toContain('"error":"INVALID_CREDENTIALS"');

        expect(await server!.exited).toEqual({ code: 0, signal: null });
        expect(pids.filter(alive)).toEqual([]);
        const said = entries(server!).map((e) => e.msg);
        expect(said).toContain('SIGTERM: stopping 2 workers');
        expect(said.filter((m) => m === 'SIGTERM: finishing requests and shutting down')).toHaveLength(2);
      },
      START_TIMEOUT_MS,
    );
  });
}
