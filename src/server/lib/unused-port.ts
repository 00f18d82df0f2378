import { createServer } from 'node:net';

/**
 * A TCP port nothing listens on (bound once, then released). The tests, the benchmark and the fault
 * drills start servers on one; it lives here, not in src/server/test, because scripts do not import
 * test helpers.
 */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
