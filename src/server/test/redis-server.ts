import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { unusedPort } from '../lib/unused-port';

/**
 * A real redis-server on 127.0.0.1, on a free port, keeping nothing on disk (`--save ''
 * --appendonly no`). Like the SMTP sink it can be stopped and started again on the same port to play
 * an outage; stop() in afterAll ends the process. Needs Debian's redis-server (`.ci/run` installs
 * it): without it the tests fail, they do not skip.
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(readonly port: number) {}

  /** What to put in REDIS_URL. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts one on a free port. */
  static async start(): Promise<RedisServer> {
    const server = await RedisServer.unstarted();
    await server.start();
    return server;
  }

  /** One not started yet: its port is free until start() (for tests of Redis being down at first). */
  static async unstarted(): Promise<RedisServer> {
    const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
    if (found.error || found.status !== 0) {
      throw new Error(
        'redis-server is not installed: the shared rate-limit tests need it (apt-get install -y redis-server; .ci/run installs it)',
      );
    }
    return new RedisServer(await unusedPort());
  }

  /** Starts the server (again) on its port; resolves once it answers PING. */
  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) break;
      if (await this.answers()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    throw new Error(`redis-server on port ${this.port} did not start:\n${this.output}`);
  }

  /** Ends the server (the port is kept for the next start); what it held is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  /** A client of its own (the caller quits it), to look at what the app stored. */
  client(): Redis {
    return new Redis(this.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  }

  private async answers(): Promise<boolean> {
    const client = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  }
}
