import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { messages } from '#server/db/schema/index.ts';
import { signAccessToken } from '#server/lib/tokens.ts';
import { buildTestApp, type RequestOptions, type TestApp } from '#server/test/build-test-app.ts';
import { insertProvider, insertUser } from '#server/test/factories.ts';

/**
 * With the rate limits on: MESSAGE_LIMITS.perMinute messages per account and minute, counted across
 * new messages (POST /api/messages) and replies (POST /api/threads/:id/messages) alike.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
  await t.app.messageNotifier.stop();
});
afterAll(async () => {
  await t.close();
});

async function as(userId: string, ip: string): Promise<RequestOptions> {
  return { token: (await signAccessToken(t.app.ctx.secret, userId, t.clock.now())).token, ip };
}

const countBy = (senderId: string) => t.db.$count(messages, eq(messages.senderId, senderId));

describe('messages per minute', () => {
  it(`takes ${MESSAGE_LIMITS.perMinute} a minute from one account, new and replies together, whatever the address`, async () => {
    const client = await insertUser(t.db);
    const provider = await insertProvider(t.db);
    const half = MESSAGE_LIMITS.perMinute / 2;
    let threadId = '';
    for (let i = 0; i < half; i += 1) {
      const res = await t.post(
        '/api/messages',
        { providerId: provider.id, message: `New ${i}` },
        await as(client.id, '10.1.0.1'),
      );
      expect(res.status).toBe(200);
      threadId = res.body.threadId;
    }
    for (let i = 0; i < half; i += 1) {
      // Another address: the limit is the account's.
      const res = await t.post(
        `/api/threads/${threadId}/messages`,
        { message: `Reply ${i}` },
        await as(client.id, '10.1.0.2'),
      );
      expect(res.status).toBe(200);
    }
    for (const [url, body] of [
      [`/api/threads/${threadId}/messages`, { message: 'One too many' }],
      ['/api/messages', { providerId: provider.id, message: 'One too many' }],
    ] as const) {
      const refused = await t.post(url, body, await as(client.id, '10.1.0.3'));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, error: 'RATE_LIMITED', message: MESSAGE_TEXTS.tooFast });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await countBy(client.id)).toBe(MESSAGE_LIMITS.perMinute);

    // The provider's own allowance is untouched.
    const answer = await t.post(
      `/api/threads/${threadId}/messages`,
      { message: 'Hello' },
      await as(provider.id, '10.1.0.4'),
    );
    expect(answer.status).toBe(200);
  });
});
