import { execFileSync } from 'node:child_process';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_YOUR_WRITES_MS } from '#server/lib/recent-writers.ts';
import {
  buildTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testDbKind,
  unusedPort,
} from '#server/test/build-test-app.ts';
import { createVerifiedProvider, insertProvider, type VerifiedUser } from '#server/test/factories.ts';
import { type Database, openDatabase, rowsOf } from './client';
import type { Replica } from './replicas';
import { users } from './schema';

/**
 * DATABASE_REPLICA_URLS against a real streaming standby of the test server (scripts/standby-postgres.sh):
 * public replies are read there, a reader who just wrote and a reply kept under a version the standby
 * has not replayed are read on the primary, and a standby that is gone leaves every read to the primary.
 * STANDBY_PORT names a standby the script already started (CI's .ci/run); without it the test starts
 * one and stops it again.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = path.join(ROOT, 'scripts/standby-postgres.sh');
/** Replay of a few commits takes milliseconds; a busy machine gets much longer. */
const CONVERGE_MS = 30_000;

function standby(command: 'start' | 'stop' | 'status' | 'pause' | 'resume'): string {
  return execFileSync('bash', [SCRIPT, command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function standbyIsRunning(): boolean {
  try {
    standby('status');
    return true;
  } catch {
    return false;
  }
}

/** The standby's port: STANDBY_PORT, or one the script starts (failing loudly when it cannot). */
function standbyPort(): { port: number; startedHere: boolean } {
  if (process.env.STANDBY_PORT) return { port: Number(process.env.STANDBY_PORT), startedHere: false };
  const running = standbyIsRunning();
  let out: string;
  try {
    out = standby('start');
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(
      `The read replica tests need a streaming standby of TEST_DATABASE_URL's server and scripts/standby-postgres.sh could not start one (run it as root, or set STANDBY_PORT): ${stderr.trim() || (error as Error).message}`,
    );
  }
  const port = /port=(\d+)/.exec(out.trim().split('\n').at(-1) ?? '')?.[1];
  if (!port) throw new Error(`scripts/standby-postgres.sh start printed no port: ${out}`);
  return { port: Number(port), startedHere: !running };
}

/** The same database as `url`, on the standby. */
function onPort(url: string, port: number): string {
  const u = new URL(url);
  u.port = String(port);
  return u.toString();
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + CONVERGE_MS;
  for (;;) {
    const value = await read().catch(() => undefined as T);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function catalogueVersion(db: Database['db']): Promise<number> {
  return Number(
    rowsOf<{ version: string }>(await db.execute(sql`SELECT version FROM catalogue_version`))[0]!.version,
  );
}

/** A TCP relay to the standby that the test can cut, as a replica machine that goes away would. */
class Relay {
  private constructor(
    private readonly server: Server,
    private readonly live: Set<Socket>,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<Relay> {
    const port = await unusedPort();
    const live = new Set<Socket>();
    const server = createServer((client) => {
      const upstream = tcpConnect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        live.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => {
          live.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return new Relay(server, live, port);
  }

  /** Closes the port and every connection through it. */
  async cut(): Promise<void> {
    for (const socket of this.live) socket.destroy();
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

if (testDbKind() === 'pglite') {
  describe('read replicas on the embedded database', () => {
    it('has none: public reads stay on the one database', async () => {
      const testDb = await createTestDatabase();
      try {
        expect(testDb.database.replicas).toBeNull();
        const t = await buildTestApp({ database: testDb.database });
        try {
          const provider = await insertProvider(t.db);
          const res = await t.get(`/api/user/${provider.routingSlug}`);
          expect(res.status).toBe(200);
          expect(res.body.profile.name).toBe(provider.name);
        } finally {
          await t.close();
        }
      } finally {
        await testDb.drop();
      }
    });
  });
}

if (testDbKind() === 'postgres') {
  describe('read replicas (a streaming standby)', () => {
    let testDb: TestDatabase;
    let database: Database;
    let t: TestApp;
    let replica: Replica;
    let replicaClient: pg.Client;
    let started: { port: number; startedHere: boolean };

    const served = () => replica.served;
    /** Waits until the standby has replayed everything committed on the primary so far. */
    const caughtUp = async () => {
      const target = await catalogueVersion(t.db);
      await eventually(
        async () => {
          await database.replicas!.checkAll();
          return replica.replayed;
        },
        (v) => v >= target && replica.healthy,
        `the standby to replay version ${target}`,
      );
    };

    beforeAll(async () => {
      started = standbyPort();
      testDb = await createTestDatabase();
      const replicaUrl = onPort(testDb.url!, started.port);
      // The scratch database and its migrations reach the standby by replay.
      replicaClient = await eventually(
        async () => {
          const client = new pg.Client({ connectionString: replicaUrl });
          client.on('error', () => {});
          try {
            await client.connect();
            await client.query('SELECT version FROM catalogue_version');
            return client;
          } catch (error) {
            await client.end().catch(() => {});
            throw error;
          }
        },
        () => true,
        'the scratch database on the standby',
      );
      database = await openDatabase({
        databaseUrl: testDb.url,
        replicaUrls: [replicaUrl],
        onPoolError: () => {},
      });
      replica = database.replicas!.list[0]!;
      t = await buildTestApp({ database });
    }, 120_000);

    afterAll(async () => {
      if (standbyIsRunning()) standby('resume');
      await t?.close();
      await database?.close();
      await replicaClient?.end().catch(() => {});
      await testDb?.drop();
      if (started?.startedHere) standby('stop');
    }, 60_000);

    it('reads public profiles and searches on the standby', async () => {
      const provider = await insertProvider(t.db, { name: 'Replica Studio' });
      await caughtUp();
      // Seen through the replica's own pool: a standby, in recovery.
      const recovery = rowsOf<{ r: boolean }>(await replica.db.execute(sql`SELECT pg_is_in_recovery() AS r`));
      expect(recovery[0]!.r).toBe(true);

      const before = served();
      const profile = await t.get(`/api/user/${provider.routingSlug}`);
      expect(profile.status).toBe(200);
      expect(profile.body.profile.name).toBe('Replica Studio');
      expect(served()).toBe(before + 1);

      const search = await t.post('/api/search', { query: 'Replica Studio' });
      expect(search.status).toBe(200);
      expect(search.body.results.map((r: { id: string }) => r.id)).toContain(provider.id);
      expect(served()).toBe(before + 2);
    });

    it('shows an anonymous reader what the standby holds, when its catalogue version says it is current', async () => {
      // The proof that the reply came from the standby: a change made on the primary without moving
      // the catalogue version (its triggers off, which the app never does) is not on the paused standby.
      const provider = await insertProvider(t.db, { name: 'Before Pause' });
      await caughtUp();
      standby('pause');
      try {
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`ALTER TABLE users DISABLE TRIGGER USER`);
          await tx.update(users).set({ name: 'Only On The Primary' }).where(eq(users.id, provider.id));
          await tx.execute(sql`ALTER TABLE users ENABLE TRIGGER USER`);
        });
        const res = await t.get(`/api/user/${provider.routingSlug}`);
        expect(res.status).toBe(200);
        expect(res.body.profile.name).toBe('Before Pause');
      } finally {
        standby('resume');
      }
    });

    describe('with replay paused', () => {
      let owner: VerifiedUser;
      const ownerToken = () => owner.session.access_token;
      const bioOnStandby = async () =>
        (
          await replicaClient.query<{ bio: string | null }>(
            'SELECT bio FROM provider_profiles WHERE user_id = $1',
            [owner.user.id],
          )
        ).rows[0]?.bio;

      beforeAll(async () => {
        owner = await createVerifiedProvider(t, { bio: 'Old bio' });
        await caughtUp();
        // Cached from the standby at the current version: the entry a stale cache would keep serving.
        const before = served();
        const res = await t.get(`/api/user/${owner.user.routing_slug}`);
        expect(res.body.profile.bio).toBe('Old bio');
        expect(served()).toBe(before + 1);
        standby('pause');
      });

      afterAll(() => {
        standby('resume');
      });

      it('a provider who saves their profile reads it back at once, from the primary', async () => {
        const saved = await t.put('/api/auth/profile', { bio: 'New bio' }, { token: ownerToken() });
        expect(saved.status).toBe(200);
        const before = served();
        const own = await t.get(`/api/user/${owner.user.routing_slug}`, { token: ownerToken() });
        expect(own.status).toBe(200);
        expect(own.body.profile.bio).toBe('New bio');
        expect(served()).toBe(before);
        // The standby really is behind.
        expect(await bioOnStandby()).toBe('Old bio');
      });

      it('an anonymous reader gets the new profile, never the standby’s older one kept as current', async () => {
        const before = served();
        for (const _ of [1, 2]) {
          const res = await t.get(`/api/user/${owner.user.routing_slug}`);
          expect(res.status).toBe(200);
          expect(res.body.profile.bio).toBe('New bio');
        }
        expect(served()).toBe(before);
        const page = await t.post('/api/search', { query: owner.user.name });
        expect(page.status).toBe(200);
        expect(served()).toBe(before);
        expect(await bioOnStandby()).toBe('Old bio');
      });

      it('converges once replay resumes: the standby serves again, with the new profile', async () => {
        standby('resume');
        await eventually(bioOnStandby, (bio) => bio === 'New bio', 'the standby to replay the new bio');
        await caughtUp();
        // Past the read-your-writes window the owner reads on the standby like anyone.
        t.clock.advance(READ_YOUR_WRITES_MS + 1000);
        const before = served();
        const res = await t.post(
          '/api/search',
          { query: `${owner.user.name} studio` },
          { token: ownerToken() },
        );
        expect(res.status).toBe(200);
        expect(served()).toBe(before + 1);
      });
    });

    it('keeps a recent writer on the primary for the window, even when the standby is current', async () => {
      const writer = await createVerifiedProvider(t);
      const marked = await t.put(
        '/api/opening-alerts',
        { enabled: false },
        { token: writer.session.access_token },
      );
      expect(marked.status).toBe(200);
      // The standby has replayed the write: only the mark sends the writer's reads to the primary.
      await caughtUp();
      const before = served();
      const mine = await t.post(
        '/api/search',
        { query: 'window one' },
        { token: writer.session.access_token },
      );
      expect(mine.status).toBe(200);
      expect(served()).toBe(before);
      const anyone = await t.post('/api/search', { query: 'window two' });
      expect(anyone.status).toBe(200);
      expect(served()).toBe(before + 1);
    });

    it('falls back to the primary, without an error, when a replica is unreachable or goes away', async () => {
      const provider = await insertProvider(t.db, { name: 'Fallback Studio' });
      await caughtUp();
      const closed = `postgres://app_test:app_test@127.0.0.1:${await unusedPort()}/nowhere`;
      const relay = await Relay.start(started.port);
      const viaRelay = onPort(onPort(testDb.url!, started.port), relay.port);
      const other = await openDatabase({
        databaseUrl: testDb.url,
        replicaUrls: [closed, viaRelay],
        onPoolError: () => {},
      });
      const app = await buildTestApp({ database: other });
      try {
        const [dead, relayed] = other.replicas!.list as [Replica, Replica];
        expect(dead.healthy).toBe(false);
        expect(relayed.healthy).toBe(true);
        const first = await app.get(`/api/user/${provider.routingSlug}`);
        expect(first.status).toBe(200);
        expect(first.body.profile.name).toBe('Fallback Studio');
        expect(relayed.served).toBe(1);

        // The replica's machine goes away between health checks: the next read fails on it, marks it
        // down and is made on the primary.
        await relay.cut();
        const second = await app.post('/api/search', { query: 'Fallback Studio' });
        expect(second.status).toBe(200);
        expect(second.body.results.map((r: { id: string }) => r.id)).toContain(provider.id);
        expect(relayed.healthy).toBe(false);
        expect(relayed.served).toBe(1);
        const third = await app.post('/api/search', { query: 'Fallback Studio again' });
        expect(third.status).toBe(200);
      } finally {
        await app.close();
        await other.close();
        await relay.cut().catch(() => {});
      }
    });
  });
}
