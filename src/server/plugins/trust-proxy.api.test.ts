import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA_ACCESS_HEADER } from '#domain/admin-options.ts';
import { buildTestApp, captureLog, type LogCapture, type TestApp } from '../test/build-test-app';
import { uniqueEmail } from '../test/factories';

/**
 * With `trustProxy: true` every client's X-Forwarded-For was believed, so each
 * per-IP limit reset with a made-up header (30 guesses at BETA_PASSWORD from "rotating addresses",
 * no 429). Now nothing in the header is believed unless TRUST_PROXY names the peer it came from.
 *
 * Requests come through app.inject from a socket address (`remoteAddress`, 127.0.0.1 by default);
 * the address the app settled on is read back from the security events of wrong passwords.
 */

const BETA_PASSWORD = 'Forwarded-Beta-Door-31';

/** One beta password guess from `socket`, with whatever X-Forwarded-For the client chose to send. */
function guess(app: FastifyInstance, password: string, forwardedFor?: string, socket = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/beta/access',
    payload: { password },
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

/** The client address of each wrong password, in order, as the app logged it. */
const failedFrom = (log: LogCapture) =>
  log
    .entries()
    .filter((e) => e.security === 'access-password-failed')
    .map((e) => e.ip);

const rotating = (i: number) => `203.0.113.${i + 1}`;

describe('TRUST_PROXY unset (the default): the socket address is the client', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true, env: { BETA_PASSWORD }, log });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('30 wrong beta passwords from one socket with rotating X-Forwarded-For: 429 after the per-IP 10', async () => {
    const statuses: number[] = [];
    const replies: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await guess(t.app, `wrong-guess-${i}`, rotating(i));
      statuses.push(res.statusCode);
      replies.push(res.body);
      if (i === 29) {
        expect(res.json().error).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(403), ...Array(20).fill(429)]);
    expect(replies.some((r) => r.includes('access_token'))).toBe(false);
    // Every counted guess was put down to the socket, never to the address the header claimed.
    expect(failedFrom(log)).toEqual(Array(10).fill('127.0.0.1'));

    // The right password from the same socket waits too; another socket is not held up by this one.
    expect((await guess(t.app, BETA_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    const other = await guess(t.app, BETA_PASSWORD, undefined, '198.51.100.2');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().access_token).toEqual(expect.any(String));
  });

  it('the login and forgot-password limits hold against rotating headers too', async () => {
    const beta = (await guess(t.app, BETA_PASSWORD, undefined, '198.51.100.3')).json().access_token as string;
    const post = (url: string, payload: object, i: number) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': rotating(i), [BETA_ACCESS_HEADER]: beta },
      });

    const logins: number[] = [];
    for (let i = 0; i < 31; i++) {
      // A different account each time, so only the per-address limit (30) can answer 429.
      logins.push(
        (await post('/api/auth/login', { email: uniqueEmail('xff'), password: 'Wrong-1234' }, i)).statusCode,
      );
    }
    expect(logins).toEqual([...Array(30).fill(401), 429]);

    const forgot: number[] = [];
    for (let i = 0; i < 6; i++) {
      forgot.push((await post('/api/auth/forgot-password', { email: uniqueEmail('xff') }, i)).statusCode);
    }
    expect(forgot).toEqual([...Array(5).fill(200), 429]);
  });
});

describe('TRUST_PROXY=127.0.0.1 (a proxy on this host)', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true, env: { BETA_PASSWORD, TRUST_PROXY: '127.0.0.1' }, log });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('believes X-Forwarded-For from the proxy: each forwarded client has its own count', async () => {
    // Clients in different /24 blocks: the password steps count per block.
    const inOwnBlock = (i: number) => `203.0.${i + 1}.9`;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await guess(t.app, `wrong-${i}`, inOwnBlock(i))).statusCode);
    expect(statuses).toEqual(Array(15).fill(403));
    expect(failedFrom(log)).toEqual(Array.from({ length: 15 }, (_, i) => inOwnBlock(i)));
  });

  it('takes the last address the proxy added, not one the client put in front of it', async () => {
    const before = failedFrom(log).length;
    await guess(t.app, 'wrong-chain', '6.6.6.6, 203.0.113.200');
    expect(failedFrom(log).slice(before)).toEqual(['203.0.113.200']);
  });

  it('believes nothing from a peer that is not the proxy', async () => {
    const before = failedFrom(log).length;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await guess(t.app, `direct-${i}`, rotating(100 + i), '198.51.100.77')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(403), 429, 429]);
    expect(failedFrom(log).slice(before)).toEqual(Array(10).fill('198.51.100.77'));
  });
});

describe('TRUST_PROXY=1 (one proxy hop, whatever its address)', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({ env: { BETA_PASSWORD, TRUST_PROXY: '1' }, log });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the address the one proxy added and ignores what the client wrote before it', async () => {
    await guess(t.app, 'wrong-hop', '6.6.6.6, 203.0.113.9', '10.1.2.3');
    await guess(t.app, 'wrong-hop', undefined, '10.1.2.3');
    expect(failedFrom(log)).toEqual(['203.0.113.9', '10.1.2.3']);
  });
});
