import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRng } from '#server/seed/art.ts';
import { Connections, send, sustainedRate } from './driver';

/**
 * A raw HTTP/1.1 server whose behaviour per connection and per request is scripted: `answer` answers
 * with keep-alive, `drop` closes the connection without a word once the request has arrived (what a
 * server's keep-alive timeout does to a request written as it fires).
 */
function scriptedServer(
  script: (connection: number, request: number) => 'answer' | 'drop' | { raw: string | string[] },
) {
  let connections = 0;
  const served: string[] = [];
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let request = 0;
    socket.on('data', (chunk) => {
      request += 1;
      const line = chunk.toString('latin1').split('\r\n')[0] ?? '';
      const action = script(connection, request);
      if (action === 'drop') {
        socket.destroy();
        return;
      }
      served.push(`${connection}:${line}`);
      if (action === 'answer')
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      // Pieces written one by one, as a server that flushes as it goes sends them.
      else for (const piece of [action.raw].flat()) socket.write(piece);
    });
  });
  return {
    served,
    connections: () => connections,
    listen: () =>
      new Promise<URL>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as net.AddressInfo;
          resolve(new URL(`http://127.0.0.1:${port}`));
        }),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

/** A scripted server listening, and at most one keep-alive connection to it; both closed after the test. */
async function start(script: Parameters<typeof scriptedServer>[0]) {
  const server = scriptedServer(script);
  const base = await server.listen();
  const connections = new Connections(base, 1);
  cleanup.push(async () => connections.close(), server.close);
  return { server, base, connections };
}

describe('send', () => {
  it('sends a request again on a new connection when the server closed the reused one under it', async () => {
    // The first connection answers its first request, then is closed as the second arrives.
    const { server, connections } = await start((connection, request) =>
      connection === 1 && request === 2 ? 'drop' : 'answer',
    );

    const first = await send(connections, { method: 'GET', path: '/one' });
    expect(first).toEqual({ status: 200, body: '' });
    const second = await send(connections, { method: 'POST', path: '/two', body: '{}' });
    expect(second).toEqual({ status: 200, body: '', resent: true });
    expect(server.connections()).toBe(2);
    expect(server.served).toEqual(['1:GET /one HTTP/1.1', '2:POST /two HTTP/1.1']);
  });

  it('reports a connection closed without an answer as an error when the connection was new', async () => {
    const { server, connections } = await start(() => 'drop');

    const outcome = await send(connections, { method: 'GET', path: '/never' });
    expect(outcome.status).toBe('error');
    expect(outcome.resent).toBeUndefined();
    expect(server.connections()).toBe(1);
  });

  it('sends again only once: a second close is the error it is', async () => {
    // Connection 1 answers once; every later request on any connection is dropped.
    const { server, connections } = await start((connection, request) =>
      connection === 1 && request === 1 ? 'answer' : 'drop',
    );

    await send(connections, { method: 'GET', path: '/one' });
    const outcome = await send(connections, { method: 'GET', path: '/two' });
    expect(outcome).toMatchObject({ status: 'error', resent: true });
    expect(server.connections()).toBe(2);
  });
});

describe('send reads HTTP/1.1 answers', () => {
  it('keeps the body of a non-2xx answer (for the error samples) and reuses the connection', async () => {
    const { server, connections } = await start((_, request) =>
      request === 1
        ? { raw: 'HTTP/1.1 409 Conflict\r\ncontent-length: 15\r\n\r\n{"error":"yes"}' }
        : 'answer',
    );

    expect(await send(connections, { method: 'POST', path: '/a', body: '{}' })).toEqual({
      status: 409,
      body: '{"error":"yes"}',
    });
    expect(await send(connections, { method: 'GET', path: '/b' })).toEqual({ status: 200, body: '' });
    expect(server.connections()).toBe(1);
  });

  it('reads a chunked body that arrives in pieces, and a 304 without one', async () => {
    const { server, connections } = await start((_, request) =>
      request === 1
        ? {
            raw: [
              'HTTP/1.1 500 Internal Server Error\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nab',
              'cd\r\n3\r\nefg\r\n0\r\n',
              '\r\n',
            ],
          }
        : { raw: 'HTTP/1.1 304 Not Modified\r\nETag: "x"\r\nContent-Length: 99\r\n\r\n' },
    );

    expect(await send(connections, { method: 'GET', path: '/a' })).toEqual({
      status: 500,
      body: 'abcdefg',
    });
    expect(await send(connections, { method: 'GET', path: '/b' })).toEqual({ status: 304, body: '' });
    expect(await send(connections, { method: 'GET', path: '/c' })).toEqual({ status: 304, body: '' });
    expect(server.connections()).toBe(1);
  });

  it('opens a new connection after an answer that says Connection: close', async () => {
    const { server, connections } = await start(() => ({
      raw: 'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
    }));

    await send(connections, { method: 'GET', path: '/a' });
    expect(await send(connections, { method: 'GET', path: '/b' })).toEqual({ status: 200, body: '' });
    expect(server.connections()).toBe(2);
  });

  it('makes a request wait while every connection is busy, then sends it in order', async () => {
    const { server, connections } = await start(() => 'answer');

    const outcomes = await Promise.all(
      ['/1', '/2', '/3'].map((path) => send(connections, { method: 'GET', path })),
    );
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200]);
    expect(server.served).toEqual(['1:GET /1 HTTP/1.1', '1:GET /2 HTTP/1.1', '1:GET /3 HTTP/1.1']);
  });
});

describe('sustainedRate', () => {
  const bisect = (base: URL) =>
    sustainedRate({
      base,
      low: 20,
      high: 400,
      steps: 3,
      seconds: 0.3,
      connections: 20,
      next: () => ({ kind: 'get', spec: { method: 'GET', path: '/' } }),
      rng: createRng('sustained'),
    });

  it('moves up while the server keeps up: the last step kept up with is the maximum', async () => {
    const { base } = await start(() => 'answer');

    const { rate, steps } = await bisect(base);
    expect(steps.map((s) => [s.rate, s.keptUp])).toEqual([
      [210, true],
      [305, true],
      [352.5, true],
    ]);
    expect(rate).toBe(352.5);
    expect(steps.every((s) => s.answered > 0 && s.errors === 0)).toBe(true);
  });

  it('moves down when steps fail, and answers the lower bound when none kept up', async () => {
    const { base } = await start(() => ({
      raw: 'HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n',
    }));

    const { rate, steps } = await bisect(base);
    expect(steps.map((s) => [s.rate, s.keptUp])).toEqual([
      [210, false],
      [115, false],
      [67.5, false],
    ]);
    expect(rate).toBe(20);
  });
});
