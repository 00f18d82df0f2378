import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '#domain/errors.ts';
import { IMAGE_LIMITS, UPLOAD_TEXTS } from '#domain/uploads.ts';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { BODY_LIMITS } from '#server/plugins/request-limits.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { insertUser } from '#server/test/factories.ts';
import { dataUrl, photo } from '#server/test/test-images.ts';
import { UPLOAD_BODY_TEXTS } from './upload-body';

/**
 * Strangers' upload bodies. The upload routes take 15 MB and used to authenticate after Fastify had
 * read, JSON.parse'd and the input guard had walked the body: one anonymous 15 MB body of `[0,0,…]`
 * held the event loop 47 s on this machine, and every request of the site waited behind it. Now the
 * token is checked from the Authorization header before the body is read, the refusal closes the
 * connection, and the owner's body is read by a parser that takes the upload's shape only.
 *
 * Over real sockets: the 401 arrives while most of the body has not even been sent, the server reads
 * no more of it, no JSON.parse ever sees it, and the event loop stays free (/api/health answers).
 */

let t: TestApp;
/** A verified provider's id and token. */
let owner: { id: string; token: string };
/** Every connection the server accepted, to read how many bytes it took from each. */
const serverSockets: Socket[] = [];

const execFileAsync = promisify(execFile);
const MB = 1024 * 1024;
/** The attack's size: under the 15 MB limit, so only authentication can stop it early. */
const ATTACK_BYTES = 14 * MB;

/**
 * A body that would be a 400 if anything parsed it (an array where the data URL goes), and under the
 * old order a 7-million-element array for JSON.parse and the input guard to build and walk.
 */
function arrayBody(bytes: number): Buffer {
  const head = '{"file":[';
  const tail = '0]}';
  return Buffer.from(`${head}${'0,'.repeat((bytes - head.length - tail.length) / 2)}${tail}`);
}

beforeAll(async () => {
  t = await buildTestApp({ listen: true });
  t.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));
  const row = await insertUser(t.db, { userType: 'provider' });
  await t.db.insert(providerProfiles).values({ userId: row.id });
  owner = { id: row.id, token: (await signAccessToken(t.app.ctx.secret, row.id, new Date())).token };
});
afterAll(() => t?.close());

const port = () => Number(new URL(t.baseUrl!).port);

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: { success?: boolean; error?: string; message?: string; issues?: unknown[] };
  /** Whether the server closed the connection after the reply (within 5 s). */
  closedByServer: boolean;
  /** Bytes the server read from this connection, once it is closed. */
  serverBytesRead: number;
}

/** Splits a raw HTTP/1.1 reply; undefined until its whole body (by Content-Length) is there. */
function parseReply(raw: Buffer) {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers['content-length']);
  const body = raw.subarray(end + 4);
  if (body.length < length) return undefined;
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: JSON.parse(body.subarray(0, length).toString('utf8')) as RawReply['body'],
  };
}

/**
 * Sends the request line and headers announcing `body`, then `first` bytes of it, and only once the
 * reply is complete the rest (`first` defaults to the whole body: a client that sends it all at
 * once). Then waits up to 5 s for the server to close the connection (or, with `keepAlive`, closes
 * it itself), and reads how many bytes the server's side of it took in.
 */
function rawPost(
  url: string,
  body: Buffer,
  {
    token,
    contentType = 'application/json',
    first = body.length,
    keepAlive = false,
  }: { token?: string; contentType?: string; first?: number; keepAlive?: boolean },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const head = [
      `POST ${url} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: ${contentType}`,
      `Content-Length: ${body.length}`,
      ...(token ? [`Authorization: Bearer ${token}`] : []),
      '',
      '',
    ].join('\r\n');
    const socket = connect(port(), '127.0.0.1', () => {
      socket.write(head);
      socket.write(body.subarray(0, first));
    });
    let received = Buffer.alloc(0);
    let reply: ReturnType<typeof parseReply>;
    let endedByClient = false;
    let gaveUp = false;
    let localPort = 0;
    socket.once('connect', () => {
      localPort = socket.localPort!;
    });
    const finish = () => {
      clearTimeout(giveUp);
      if (!reply) return reject(new Error(`no reply: ${received.toString('latin1').slice(0, 200)}`));
      const serverSide = serverSockets.find((s) => s.remotePort === localPort);
      // Closed by the server: a FIN, or a reset when the rest of the body was written after it closed.
      const closedByServer = !gaveUp && !endedByClient;
      resolve({ ...reply, closedByServer, serverBytesRead: serverSide?.bytesRead ?? -1 });
    };
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
      finish();
    }, 5_000);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (reply) return;
      reply = parseReply(received);
      if (!reply) return;
      // The rest of the body, as a client that waited for an early answer would still send it.
      if (first < body.length && socket.writable) socket.write(body.subarray(first));
      if (keepAlive) {
        endedByClient = true;
        socket.end();
      }
    });
    // A write after the server closed fails (EPIPE, ECONNRESET): the reply is already here.
    socket.on('error', () => {});
    socket.on('close', finish);
  });
}

/** GET /api/health on a connection of its own; resolves with its status and round trip in ms. */
function health(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: port(), path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The attacker as a process of its own (the test's process is the server's, and writing 4 × 14 MB to
 * sockets from it would take its event loop from the server): each route gets the whole 14 MB array
 * body at once, without a token; prints each reply's status, error code and Connection header.
 */
async function attackFromAnotherProcess(routes: string[]) {
  const script = `
    const net = require('node:net');
    const [port, bytes, ...routes] = process.argv.slice(1);
    const head = '{"file":[', tail = '0]}';
    const body = Buffer.from(head + '0,'.repeat((Number(bytes) - head.length - tail.length) / 2) + tail);
    const post = (route) => new Promise((resolve) => {
      let received = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /api/upload/' + route + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n' +
          'Content-Type: application/json\\r\\nContent-Length: ' + body.length + '\\r\\n\\r\\n');
        socket.write(body);
      });
      socket.on('data', (chunk) => { received += chunk.toString('latin1'); });
      socket.on('error', () => {});
      socket.on('close', () => {
        const [headText, bodyText = ''] = received.split('\\r\\n\\r\\n');
        const connection = /^connection: *(.*)$/im.exec(headText ?? '');
        let error = '';
        try { error = JSON.parse(bodyText).error; } catch {}
        resolve({ status: Number((headText ?? '').split(' ')[1]), error, connection: connection ? connection[1].trim() : '' });
      });
    });
    Promise.all(routes.map(post)).then((replies) => process.stdout.write(JSON.stringify(replies)));
  `;
  const { stdout } = await execFileAsync(
    process.execPath,
    ['-e', script, String(port()), String(ATTACK_BYTES), ...routes],
    {
      timeout: 30_000,
    },
  );
  return JSON.parse(stdout) as { status: number; error: string; connection: string }[];
}

const uploadsDir = (kind: string, userId: string) => path.join(t.config.dataDir, 'uploads', kind, userId);
const storedFiles = (kind: 'avatar' | 'portfolio', userId: string) =>
  existsSync(uploadsDir(kind, userId)) ? readdirSync(uploadsDir(kind, userId)) : [];
async function ownerState() {
  const [user] = await t.db.select({ avatar: users.avatarUrl }).from(users).where(eq(users.id, owner.id));
  const [profile] = await t.db
    .select({ images: providerProfiles.portfolioImages })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, owner.id));
  return {
    avatar: user!.avatar,
    portfolio: profile!.images,
    files: [...storedFiles('avatar', owner.id), ...storedFiles('portfolio', owner.id)],
  };
}

/** Strings over 1 MB that JSON.parse is handed while `work` runs: a parsed upload body would be one. */
async function bigJsonParsesDuring(work: () => Promise<unknown>): Promise<number> {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    await work();
    return parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length > MB).length;
  } finally {
    parse.mockRestore();
  }
}

describe('a stranger with a 14 MB body', () => {
  it('gets 401 from the headers alone: the answer comes before the body is sent, and the rest is never read', async () => {
    const before = await ownerState();
    const body = arrayBody(ATTACK_BYTES);
    for (const route of ['avatar', 'portfolio'] as const) {
      const reply = await rawPost(`/api/upload/${route}`, body, { first: 64 * 1024 });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({
        success: false,
        error: 'UNAUTHORIZED',
        message: 'Authentication required',
      });
      expect(reply.headers.connection).toBe('close');
      // Answered on the first 64 kB (the other 13.9 MB go out only after the reply), and closed.
      expect(reply.closedByServer).toBe(true);
      // The server read the headers and what had arrived, and then closed: not the 14 MB that followed.
      expect(reply.serverBytesRead).toBeGreaterThan(0);
      expect(reply.serverBytesRead).toBeLessThan(MB);
    }
    // The same 401 as every other route's (plugins/auth.ts): the favourites list without a token.
    const other = await t.get('/api/favorites');
    expect(other.status).toBe(401);
    expect(other.body).toEqual({ success: false, error: 'UNAUTHORIZED', message: 'Authentication required' });
    expect(await ownerState()).toEqual(before);
  });

  it('sent whole, four at once from another process: four 401s, none read, and the event loop is never held', async () => {
    const before = await ownerState();
    for (let i = 0; i < 3; i++) expect((await health()).status).toBe(200);
    const socketsBefore = serverSockets.length;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const healthChecks: { status: number; ms: number }[] = [];
    let replies: { status: number; error: string; connection: string }[] = [];
    const bigParses = await bigJsonParsesDuring(async () => {
      delay.enable();
      let attacking = true;
      const polling = (async () => {
        // Every 10 ms while the attack lasts, and at least five times.
        while (attacking || healthChecks.length < 5) {
          healthChecks.push(await health());
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      replies = await attackFromAnotherProcess(['avatar', 'portfolio', 'avatar', 'portfolio']);
      attacking = false;
      await polling;
      delay.disable();
    });
    // Each connection ends with the 401 and Connection: close, or, when the server's close meets the
    // attacker's body still pouring in, with a TCP reset that discards the 401 before the attacker's
    // socket reads it (status NaN → null, nothing received): a race of the attacker's own making,
    // seen once in three CI runs. Never anything else, and never a 2xx.
    expect(replies).toHaveLength(4);
    for (const reply of replies) {
      expect([
        { status: 401, error: 'UNAUTHORIZED', connection: 'close' },
        { status: null, error: '', connection: '' },
      ]).toContainEqual(reply);
    }
    // No body was parsed, and no connection was read to the end of its body.
    expect(bigParses).toBe(0);
    // The attack's four connections are the ones that read more than a health check's few hundred
    // bytes; one the server closed on its headers alone may have read less (and is no attack socket
    // here), so at most four, and none read its body to the end.
    const attackSockets = serverSockets.slice(socketsBefore).filter((socket) => socket.bytesRead > 1024);
    expect(attackSockets.length).toBeLessThanOrEqual(4);
    const mostRead = Math.max(0, ...attackSockets.map((socket) => socket.bytesRead));
    expect(mostRead).toBeLessThan(ATTACK_BYTES);
    expect(healthChecks.length).toBeGreaterThanOrEqual(5);
    expect(healthChecks.map((h) => h.status)).toEqual(healthChecks.map(() => 200));
    const slowest = Math.max(...healthChecks.map((h) => h.ms));
    const blocked = delay.max / 1e6;
    console.log(
      `four anonymous 14 MB uploads: /api/health ${healthChecks.length} times, slowest ${slowest.toFixed(1)} ms; ` +
        `event loop delay max ${blocked.toFixed(1)} ms; most read of one body ${(mostRead / MB).toFixed(2)} MB`,
    );
    // The 100 ms bound on /api/health (docs/reliability.md §12) and the event loop's delay are
    // printed above, not asserted: both vary with the host's load. What the fix changes, that no
    // body is parsed or read to its end, is asserted above; the bound here only catches the loop held
    // as before the fix (47 s for one such body), far above any figure since (≤ 0.4 s loaded).
    expect(blocked).toBeLessThan(10_000);
    expect(await ownerState()).toEqual(before);
  });

  it('with a wrong, expired or revoked token, or an unverified account: refused the same way before the body', async () => {
    const before = await ownerState();
    const now = new Date();
    const revokedUser = await insertUser(t.db, { userType: 'provider' });
    const revoked = (await signAccessToken(t.app.ctx.secret, revokedUser.id, now)).token;
    await t.db
      .update(users)
      .set({ tokensValidAfter: new Date(now.getTime() + 60_000) })
      .where(eq(users.id, revokedUser.id));
    const unverifiedUser = await insertUser(t.db, { emailVerifiedAt: null });
    const cases = [
      { token: `${owner.token}x`, status: 401, error: 'UNAUTHORIZED' },
      { token: 'not.a.jwt', status: 401, error: 'UNAUTHORIZED' },
      {
        token: (await signAccessToken(t.app.ctx.secret, owner.id, new Date(now.getTime() - 16 * 60_000)))
          .token,
        status: 401,
        error: 'UNAUTHORIZED',
      },
      { token: revoked, status: 401, error: 'UNAUTHORIZED' },
      {
        token: (await signAccessToken(t.app.ctx.secret, unverifiedUser.id, now)).token,
        status: 403,
        error: 'EMAIL_NOT_VERIFIED',
      },
    ];
    const body = arrayBody(ATTACK_BYTES);
    for (const { token, status, error } of cases) {
      const reply = await rawPost('/api/upload/avatar', body, { token, first: 64 * 1024 });
      expect(reply.status, token.slice(-12)).toBe(status);
      expect(reply.body.error).toBe(error);
      expect(reply.closedByServer).toBe(true);
      expect(reply.serverBytesRead).toBeLessThan(MB);
    }
    for (const id of [revokedUser.id, unverifiedUser.id]) {
      const [row] = await t.db.select({ avatar: users.avatarUrl }).from(users).where(eq(users.id, id));
      expect(row!.avatar).toBeNull();
      expect(storedFiles('avatar', id)).toEqual([]);
    }
    expect(await ownerState()).toEqual(before);
  });

  it('whatever the content type: 401 before the type is even looked at', async () => {
    for (const contentType of ['multipart/form-data; boundary=x', 'application/octet-stream', 'text/plain']) {
      const reply = await rawPost('/api/upload/portfolio', Buffer.alloc(4 * MB, 'x'), {
        contentType,
        first: 1024,
      });
      expect(reply.status, contentType).toBe(401);
      expect(reply.serverBytesRead).toBeLessThan(MB);
    }
  });
});

describe('the owner', () => {
  it('still uploads over a real connection, with the token in the header', async () => {
    const image = await photo(800, 600, 'jpeg', 31);
    const res = await fetch(`${t.baseUrl}/api/upload/avatar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ file: dataUrl(image, 'image/jpeg'), userId: owner.id }),
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as { avatarUrl: string };
    expect(reply.avatarUrl).toMatch(new RegExp(`^/uploads/avatar/${owner.id}/[0-9a-f]{64}\\.webp$`));
    expect((await ownerState()).avatar).toBe(reply.avatarUrl);
    expect(storedFiles('avatar', owner.id)).toHaveLength(2);
  });

  it(`keeps the ${BODY_LIMITS.upload / MB} MB body limit: a body just under it is read whole, one byte over is 413`, async () => {
    const before = await ownerState();
    // A 10 MB file of zeros as the largest data URL: read, parsed and decoded, then refused for its bytes.
    const largest = JSON.stringify({ file: dataUrl(Buffer.alloc(IMAGE_LIMITS.maxBytes)), userId: owner.id });
    const padded = `${largest.slice(0, -1)},"pad":"${'x'.repeat(BODY_LIMITS.upload - largest.length - 9)}"}`;
    expect(Buffer.byteLength(padded)).toBe(BODY_LIMITS.upload);
    const read = await rawPost('/api/upload/portfolio', Buffer.from(padded), {
      token: owner.token,
      keepAlive: true,
    });
    expect(read.status).toBe(415);
    expect(read.body).toEqual({
      success: false,
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: UPLOAD_TEXTS.wrongType,
    });
    expect(read.serverBytesRead).toBeGreaterThan(BODY_LIMITS.upload);

    const over = Buffer.from(`${padded.slice(0, -2)}x"}`);
    expect(over.length).toBe(BODY_LIMITS.upload + 1);
    const refused = await rawPost('/api/upload/portfolio', over, { token: owner.token, first: 1024 });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_TEXTS.tooLarge,
    });
    expect(await ownerState()).toEqual(before);
  });

  it('sends JSON only: any other content type is 415 with what to send instead, and nothing is stored', async () => {
    const before = await ownerState();
    const bodies: [string, string][] = [
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nAAAA\r\n--x--',
      ],
      ['application/x-www-form-urlencoded', `file=data%3Aimage%2Fpng%3Bbase64%2CAAAA&userId=${owner.id}`],
      ['text/plain', JSON.stringify({ file: 'data:image/png;base64,AAAA', userId: owner.id })],
      ['application/octet-stream', 'AAAA'],
      ['image/png', '\u0089PNG'],
    ];
    for (const [contentType, payload] of bodies) {
      for (const [method, url] of [
        ['POST', '/api/upload/avatar'],
        ['POST', '/api/upload/portfolio'],
        ['DELETE', '/api/upload/portfolio'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          payload,
          headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
        });
        expect(res.statusCode, `${method} ${url} ${contentType}`).toBe(415);
        expect(res.json()).toEqual({
          success: false,
          error: 'UNSUPPORTED_MEDIA_TYPE',
          message: UPLOAD_BODY_TEXTS.jsonOnly,
        });
      }
    }
    // The JSON media type with a charset is still JSON.
    const charset = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload: JSON.stringify({ file: 'data:image/png;base64,AAAA', userId: owner.id }),
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${owner.token}` },
    });
    expect(charset.statusCode).toBe(415);
    expect(charset.json().message).toBe(UPLOAD_TEXTS.wrongType);
    expect(ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE).not.toBe(UPLOAD_BODY_TEXTS.jsonOnly);
    expect(await ownerState()).toEqual(before);
  });

  it("sends the upload's shape only: a 14 MB array is refused at its first byte, without JSON.parse", async () => {
    const before = await ownerState();
    let reply: RawReply | undefined;
    const bigParses = await bigJsonParsesDuring(async () => {
      reply = await rawPost('/api/upload/avatar', arrayBody(ATTACK_BYTES), {
        token: owner.token,
        keepAlive: true,
      });
    });
    expect(reply!.status).toBe(400);
    expect(reply!.body).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      message: UPLOAD_BODY_TEXTS.notText,
      issues: [{ path: 'file', message: UPLOAD_BODY_TEXTS.notText }],
    });
    expect(bigParses).toBe(0);

    const shapes = [
      '[]',
      `{"file":"data:image/png;base64,AAAA","userId":"${owner.id}","userId":"${owner.id}"}`,
      `{"file":{"a":"b"},"userId":"${owner.id}"}`,
      `{"file":"data:image/png;base64,AAAA","userId":"${owner.id}","n":1}`,
      '{"file":"data:image/png;base64,AAAA"',
    ];
    for (const payload of shapes) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload/portfolio',
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
      expect([UPLOAD_BODY_TEXTS.shape, UPLOAD_BODY_TEXTS.notText]).toContain(res.json().message);
    }
    expect(await ownerState()).toEqual(before);
  });
});
