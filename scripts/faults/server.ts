import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The real server (src/server/main.ts) as a child process, as `npm start` runs it (without the web build). */
export class ServerProcess {
  private child: ChildProcess | undefined;
  /** Set when the process ended without us asking: the drill's 'server does not crash' check. */
  unexpectedExit: string | undefined;
  private stopping = false;
  private readonly output: string[] = [];
  private readonly errors: string[] = [];

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the server printed (for a FAIL's explanation). */
  tail(lines = 15): string {
    return this.output.slice(-lines).join('\n');
  }

  /** The errors the server logged as unhandled (500s), in short. */
  errorLines(): string[] {
    return this.errors;
  }

  /**
   * Resolves once /api/health answers 200. The bound is a failure detector, far above a start's
   * few seconds: under a busy host (several test suites at once) a start took over a minute.
   */
  async start(timeoutMs = 180_000): Promise<void> {
    this.stopping = false;
    this.unexpectedExit = undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        SEED_DEMO: '0',
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
        AUTH_SECRET: 'fault-drill-secret-0123456789-abcdefghijklmnop',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        this.output.push(line);
        if (line.includes('unhandled error')) this.errors.push(summarise(line));
      }
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.unexpectedExit = `exited with ${signal ?? `code ${code}`}`;
      if (this.child === child) this.child = undefined;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.unexpectedExit) throw new Error(`server ${this.unexpectedExit}:\n${this.tail()}`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server not healthy within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** SIGKILL: no shutdown code runs (the crash drill). */
  async kill9(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM and wait (graceful shutdown). */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A pino line's error type, message and first frame of our code. */
function summarise(line: string): string {
  try {
    const entry = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
    const frame = entry.err?.stack?.split('\n').find((l) => l.includes('/src/server/'));
    return `${entry.err?.type}: ${entry.err?.message?.slice(0, 200)}${frame ? ` (${frame.trim()})` : ''}`;
  } catch {
    return line.slice(0, 300);
  }
}
