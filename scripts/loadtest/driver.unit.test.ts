import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveAgent, send } from './driver';

/**
 * A raw HTTP/1.1 server whose behaviour per connection and per request is scripted: `answer` answers
 * with keep-alive, `drop` closes the connection without a word once the request has arrived (what a
 * server's keep-alive timeout does to a request written as it fires).
 */
function scriptedServer(script: (connection: number, request: number) => 'answer' | 'drop') {
  let connections = 0;
  const served: string[] = [];
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let request = 0;
    socket.on('data', (chunk) => {
      request += 1;
      const line = chunk.toString('latin1').split('\r\n')[0] ?? '';
      if (script(connection, request) === 'drop') {
        socket.destroy();
        return;
      }
      served.push(`${connection}:${line}`);
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
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

/** A scripted server listening, and a keep-alive agent of one connection to it; both closed after the test. */
async function start(script: Parameters<typeof scriptedServer>[0]) {
  const server = scriptedServer(script);
  const base = await server.listen();
  const agent = keepAliveAgent(1);
  cleanup.push(async () => agent.destroy(), server.close);
  return { server, base, agent };
}

describe('send', () => {
  it('sends a request again on a new connection when the server closed the reused one under it', async () => {
    // The first connection answers its first request, then is closed as the second arrives.
    const { server, base, agent } = await start((connection, request) =>
      connection === 1 && request === 2 ? 'drop' : 'answer',
    );

    const first = await send(agent, base, { method: 'GET', path: '/one' });
    expect(first).toEqual({ status: 200, body: '' });
    const second = await send(agent, base, { method: 'POST', path: '/two', body: '{}' });
    expect(second).toEqual({ status: 200, body: '', resent: true });
    expect(server.connections()).toBe(2);
    expect(server.served).toEqual(['1:GET /one HTTP/1.1', '2:POST /two HTTP/1.1']);
  });

  it('reports a connection closed without an answer as an error when the connection was new', async () => {
    const { server, base, agent } = await start(() => 'drop');

    const outcome = await send(agent, base, { method: 'GET', path: '/never' });
    expect(outcome.status).toBe('error');
    expect(outcome.resent).toBeUndefined();
    expect(server.connections()).toBe(1);
  });

  it('sends again only once: a second close is the error it is', async () => {
    // Connection 1 answers once; every later request on any connection is dropped.
    const { server, base, agent } = await start((connection, request) =>
      connection === 1 && request === 1 ? 'answer' : 'drop',
    );

    await send(agent, base, { method: 'GET', path: '/one' });
    const outcome = await send(agent, base, { method: 'GET', path: '/two' });
    expect(outcome).toMatchObject({ status: 'error', resent: true });
    expect(server.connections()).toBe(2);
  });
});
