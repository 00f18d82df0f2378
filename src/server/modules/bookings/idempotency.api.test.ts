import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TEXTS } from '#domain/idempotency.ts';
import { OPENING_TEXTS } from '#domain/openings.ts';
import { bookingLogs, idempotencyKeys, openings } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, MINUTE, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';

const OPENINGS = '/api/last-minute-openings';
const LOGS = '/api/booking-logs';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = (u: VerifiedUser) => u.session.access_token;
const withKey = (u: VerifiedUser, key: string) => ({
  token: tokenOf(u),
  headers: { 'Idempotency-Key': key },
});

async function providerWithLink() {
  const provider = await createVerifiedProvider(t);
  const link = `https://book.example.com/${randomBytes(4).toString('hex')}`;
  const res = await t.put('/api/auth/profile', { booking_link: link }, { token: tokenOf(provider) });
  expect(res.status, res.text).toBe(200);
  return { ...provider, link };
}

const countLogs = (clientId: string) => t.db.$count(bookingLogs, eq(bookingLogs.clientId, clientId));
const countOpenings = (providerId: string) => t.db.$count(openings, eq(openings.providerId, providerId));
const storedKeys = (userId: string) => t.db.$count(idempotencyKeys, eq(idempotencyKeys.userId, userId));

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const openingFields = (overrides: Record<string, unknown> = {}) => ({
  service_type: 'Silk press',
  start_time: at(2 * HOUR),
  end_time: at(3.5 * HOUR),
  price: '$85',
  ...overrides,
});

describe('POST /api/booking-logs with Idempotency-Key', () => {
  it('a retry with the same key answers the first reply and stores nothing new, even after the double-click window', async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const key = randomUUID();
    const body = { url: provider.link, provider_id: provider.user.id };
    const first = await t.post(LOGS, body, withKey(client, key));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ success: true, logged: true });
    // Past the 10-second window a keyless click would count again; the retry must not.
    t.clock.advance(MINUTE);
    const retry = await t.post(LOGS, body, withKey(client, key));
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toEqual({ success: true, logged: true });
    expect(await countLogs(client.user.id)).toBe(1);
    // A new key is a new click.
    const next = await t.post(LOGS, body, withKey(client, randomUUID()));
    expect(next.body).toEqual({ success: true, logged: true });
    expect(await countLogs(client.user.id)).toBe(2);
  });

  it('retries sent together make one row', async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const key = randomUUID();
    const body = { url: provider.link, provider_id: provider.user.id };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => t.post(LOGS, body, withKey(client, key))),
    );
    for (const res of replies) expect(res.status, res.text).toBe(200);
    expect(replies.filter((r) => r.body.logged === true)).toHaveLength(5);
    expect(await countLogs(client.user.id)).toBe(1);
    expect(await storedKeys(client.user.id)).toBe(1);
  });

  it('the same key for a different request is a 409 CONFLICT and stores nothing', async () => {
    const a = await providerWithLink();
    const b = await providerWithLink();
    const client = await createVerifiedUser(t);
    const key = randomUUID();
    const first = await t.post(LOGS, { url: a.link, provider_id: a.user.id }, withKey(client, key));
    expect(first.status, first.text).toBe(200);
    const other = await t.post(LOGS, { url: b.link, provider_id: b.user.id }, withKey(client, key));
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      success: false,
      error: 'CONFLICT',
      message: IDEMPOTENCY_TEXTS.keyReused,
    });
    expect(await t.db.$count(bookingLogs, eq(bookingLogs.providerId, b.user.id))).toBe(0);
  });

  it('keys are per user: another user with the same key gets their own click', async () => {
    const provider = await providerWithLink();
    const [c1, c2] = [await createVerifiedUser(t), await createVerifiedUser(t)];
    const key = 'shared-key-1';
    const body = { url: provider.link, provider_id: provider.user.id };
    expect((await t.post(LOGS, body, withKey(c1, key))).body.logged).toBe(true);
    expect((await t.post(LOGS, body, withKey(c2, key))).body.logged).toBe(true);
    expect(await countLogs(c1.user.id)).toBe(1);
    expect(await countLogs(c2.user.id)).toBe(1);
  });

  it('a failed write is not remembered: the key can be used again once the request is right', async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const key = randomUUID();
    const bad = await t.post(
      LOGS,
      { url: 'https://elsewhere.example.com/', provider_id: provider.user.id },
      withKey(client, key),
    );
    expect(bad.status).toBe(400);
    expect(await storedKeys(client.user.id)).toBe(0);
    const good = await t.post(
      LOGS,
      { url: provider.link, provider_id: provider.user.id },
      withKey(client, key),
    );
    expect(good.status, good.text).toBe(200);
    expect(good.body.logged).toBe(true);
    expect(await countLogs(client.user.id)).toBe(1);
  });

  it('rejects a malformed key with 400 VALIDATION_ERROR and stores nothing', async () => {
    const provider = await providerWithLink();
    const client = await createVerifiedUser(t);
    const body = { url: provider.link, provider_id: provider.user.id };
    for (const key of ['x'.repeat(256), 'has space', 'é']) {
      const res = await t.post(LOGS, body, withKey(client, key));
      expect(res.status, key).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await countLogs(client.user.id)).toBe(0);
    expect(await storedKeys(client.user.id)).toBe(0);
  });

  it('still needs a token', async () => {
    const provider = await providerWithLink();
    const res = await t.post(
      LOGS,
      { url: provider.link, provider_id: provider.user.id },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect(res.status).toBe(401);
    expect(await t.db.$count(bookingLogs, eq(bookingLogs.providerId, provider.user.id))).toBe(0);
  });
});

describe('POST /api/last-minute-openings with Idempotency-Key', () => {
  it('a retry answers the same opening and creates no second one', async () => {
    const provider = await createVerifiedProvider(t);
    const key = randomUUID();
    const body = openingFields();
    const first = await t.post(OPENINGS, body, withKey(provider, key));
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe(OPENING_TEXTS.created);
    const retry = await t.post(OPENINGS, body, withKey(provider, key));
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await countOpenings(provider.user.id)).toBe(1);
    const [stored] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, provider.user.id), eq(idempotencyKeys.key, key)));
    expect(stored?.response).toMatchObject({ id: first.body.opening.id });
  });

  it('retries sent together make one opening', async () => {
    const provider = await createVerifiedProvider(t);
    const key = randomUUID();
    const body = openingFields();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => t.post(OPENINGS, body, withKey(provider, key))),
    );
    for (const res of replies) expect(res.status, res.text).toBe(200);
    expect(new Set(replies.map((r) => r.body.opening.id)).size).toBe(1);
    expect(await countOpenings(provider.user.id)).toBe(1);
  });

  it('the same key with another opening is a 409 CONFLICT; without a key each post is new', async () => {
    const provider = await createVerifiedProvider(t);
    const key = randomUUID();
    expect((await t.post(OPENINGS, openingFields(), withKey(provider, key))).status).toBe(200);
    const other = await t.post(OPENINGS, openingFields({ price: '$90' }), withKey(provider, key));
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('CONFLICT');
    expect(await countOpenings(provider.user.id)).toBe(1);
    const body = openingFields();
    await t.post(OPENINGS, body, { token: tokenOf(provider) });
    await t.post(OPENINGS, body, { token: tokenOf(provider) });
    expect(await countOpenings(provider.user.id)).toBe(3);
  });

  it('a client (403) stores neither an opening nor the key', async () => {
    const client = await createVerifiedUser(t);
    const res = await t.post(OPENINGS, openingFields(), withKey(client, randomUUID()));
    expect(res.status).toBe(403);
    expect(await storedKeys(client.user.id)).toBe(0);
    expect(await countOpenings(client.user.id)).toBe(0);
  });
});
