// Child processes for `npm run bench` and `npm run loadtest`: the real server, started like
// `npm start` with rate limits off, and the bare hello-world ceiling.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { unusedPort } from '#server/lib/unused-port.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts a Node process and resolves once readyUrl answers 2xx; fails with its output if it exits.
 * The 3 minutes are a failure detector, far above a start's seconds (over a minute on a busy host).
 */
export async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not answer ${readyUrl} within 180 s:\n${output}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The real server on a free port, production mode, rate limits off, warnings only in its log. */
export async function startAppServer(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Writes a V8 CPU profile of the server into this directory when it stops (`--cpu-prof`). */
  cpuProfileDir?: string | undefined;
  /** WEB_CONCURRENCY: server processes (PostgreSQL only); default 1. */
  webConcurrency?: number | undefined;
}) {
  const workers = options.webConcurrency ?? 1;
  const port = await unusedPort();
  const base = `http://127.0.0.1:${port}`;
  const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = await startProcess(
    [...profiling, '--import', 'tsx', 'src/server/main.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT: 'off',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(workers),
    },
    `${base}/api/health`,
  );
  // The first worker answering is not all of them: they start together, so give the others a
  // moment. autocannon's connections are handed to workers as they connect, and then stay.
  if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 2000));
  return { child, base };
}

/** The bare Fastify hello-world process (the ceiling). */
export async function startHelloServer() {
  const port = await unusedPort();
  const base = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    ['--import', 'tsx', 'scripts/bench/hello-server.ts'],
    { PORT: String(port) },
    `${base}/hello`,
  );
  return { child, base };
}
