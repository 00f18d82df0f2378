import { asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIMITS } from '#domain/bookings.ts';
import { bookingLogs } from '#server/db/schema/index.ts';
import { signPurposeToken } from '#server/lib/tokens.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  type RequestOptions,
  type TestApp,
} from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  setBookingLink,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * Booking clicks a script cannot mint in bulk (ADR 008): the click token the
 * profile and the openings lists hand a signed-in client, which alone marks a click `via_page`
 * (the only clicks that open a review), and unique clicks (one per client, provider and day) that
 * a script repeating its click cannot inflate.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const OPENINGS = '/api/last-minute-openings';

const { as } = freshLogins(() => t);

type Provider = VerifiedUser & { link: string };

/** A verified provider with a booking link, set through the API. */
async function newProvider(): Promise<Provider> {
  const provider = await createVerifiedProvider(t);
  return { ...provider, link: await setBookingLink(t, await as(provider)) };
}

/** The profile as `viewer` gets it (a visitor without one). */
async function profileAs(provider: Provider, viewer?: VerifiedUser, options: RequestOptions = {}) {
  const res = await t.get(`/api/user/${provider.user.routing_slug}`, viewer ? await as(viewer) : options);
  expect(res.status, res.text).toBe(200);
  return res;
}

/** The click token the provider's profile hands this client. */
async function pageToken(client: VerifiedUser, provider: Provider): Promise<string> {
  const token = (await profileAs(provider, client)).body.profile.click_token;
  expect(token).toEqual(expect.any(String));
  return token;
}

async function click(client: VerifiedUser, provider: Provider, extra: Record<string, unknown> = {}) {
  return t.post(
    '/api/booking-logs',
    { url: provider.link, provider_id: provider.user.id, ...extra },
    await as(client),
  );
}

const logsOf = (providerId: string) =>
  t.db
    .select()
    .from(bookingLogs)
    .where(eq(bookingLogs.providerId, providerId))
    .orderBy(asc(bookingLogs.createdAt));

/** Past the duplicate window, so the next click of the same link is a new click. */
const pastDuplicateWindow = () => t.clock.advance((BOOKING_LIMITS.duplicateWindowSeconds + 1) * 1000);

describe('click tokens on the pages', () => {
  it('come with the profile for a signed-in client only: not for visitors, the provider, or a bad bearer', async () => {
    const provider = await newProvider();
    const client = await createVerifiedUser(t);

    const visitor = await profileAs(provider);
    expect(visitor.body.profile).not.toHaveProperty('click_token');

    const mine = await profileAs(provider, client);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const claims = decodeJwt(mine.body.profile.click_token);
    expect(claims).toMatchObject({ pur: 'booking-click', sub: client.user.id, fp: provider.user.id });
    expect(claims.exp! - claims.iat!).toBe(BOOKING_LIMITS.clickTokenTtlSeconds);
    expect(mine.body.profile.click_token.length).toBeLessThanOrEqual(BOOKING_LIMITS.clickTokenMax);

    const own = await profileAs(provider, provider);
    expect(own.body.profile).not.toHaveProperty('click_token');

    // A broken, foreign or non-login bearer makes a visitor: the page stays public, without a token.
    for (const bearer of ['not-a-jwt', mine.body.profile.click_token]) {
      const res = await profileAs(provider, undefined, { token: bearer });
      expect(res.body.profile).not.toHaveProperty('click_token');
    }
  });

  it('come with the public openings list, one per provider, for a signed-in viewer only', async () => {
    const [a, b] = [await newProvider(), await newProvider()];
    const start = t.clock.now().getTime() + 3 * HOUR;
    for (const [provider, count] of [
      [a, 2],
      [b, 1],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const res = await t.post(
          OPENINGS,
          {
            service_type: 'Silk press',
            start_time: new Date(start + i * HOUR).toISOString(),
            end_time: new Date(start + i * HOUR + 30 * MINUTE).toISOString(),
          },
          await as(provider),
        );
        expect(res.status, res.text).toBe(200);
      }
    }
    const client = await createVerifiedUser(t);
    const ours = (list: { provider_id: string }[]) =>
      list.filter((o) => o.provider_id === a.user.id || o.provider_id === b.user.id);

    const visitor = await t.get(`${OPENINGS}?limit=50`);
    expect(ours(visitor.body.openings)).toHaveLength(3);
    for (const o of ours(visitor.body.openings)) expect(o).not.toHaveProperty('click_token');

    const signedIn = await t.get(`${OPENINGS}?limit=50`, await as(client));
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const listed = ours(signedIn.body.openings) as { provider_id: string; click_token: string }[];
    expect(listed).toHaveLength(3);
    const aTokens = new Set(listed.filter((o) => o.provider_id === a.user.id).map((o) => o.click_token));
    const bTokens = new Set(listed.filter((o) => o.provider_id === b.user.id).map((o) => o.click_token));
    expect(aTokens.size).toBe(1);
    expect(bTokens.size).toBe(1);
    expect(decodeJwt([...aTokens][0]!)).toMatchObject({ sub: client.user.id, fp: a.user.id });
    expect(decodeJwt([...bTokens][0]!)).toMatchObject({ sub: client.user.id, fp: b.user.id });

    // A provider gets tokens for the others' openings, never for their own.
    const asA: { provider_id: string; click_token?: string }[] = ours(
      (await t.get(`${OPENINGS}?limit=50`, await as(a))).body.openings,
    );
    for (const o of asA) {
      if (o.provider_id === a.user.id) expect(o).not.toHaveProperty('click_token');
      else expect(decodeJwt(o.click_token!)).toMatchObject({ sub: a.user.id });
    }
  });
});

describe('POST /api/booking-logs with a click token', () => {
  it('logs the click via_page when the token is this client’s for this provider; without one it still counts', async () => {
    const provider = await newProvider();
    const client = await createVerifiedUser(t);
    const token = await pageToken(client, provider);

    const plain = await click(client, provider);
    expect(plain.body).toEqual({ success: true, logged: true });
    pastDuplicateWindow();
    const viaPage = await click(client, provider, { click_token: token });
    expect(viaPage.body).toEqual({ success: true, logged: true });

    expect((await logsOf(provider.user.id)).map((r) => [r.clientId, r.viaPage])).toEqual([
      [client.user.id, false],
      [client.user.id, true],
    ]);
  });

  it('keeps via_page false for a token of another provider, another user, another secret, an access token, an expired or a garbled one; each click still counts', async () => {
    const provider = await newProvider();
    const otherProvider = await newProvider();
    const client = await createVerifiedUser(t);
    const someoneElse = await createVerifiedUser(t);
    const forOther = await pageToken(client, otherProvider);
    const ofSomeoneElse = await pageToken(someoneElse, provider);
    const foreign = (
      await signPurposeToken(
        new TextEncoder().encode('another-secret-0123456789-abcdefghijklmnop'),
        { purpose: 'booking-click', sub: client.user.id, fingerprint: provider.user.id },
        t.clock.now(),
        BOOKING_LIMITS.clickTokenTtlSeconds,
      )
    ).token;
    const access = (await as(client)).token!;
    const valid = await pageToken(client, provider);
    const [head, , signature] = valid.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(valid), sub: someoneElse.user.id }),
      'utf8',
    ).toString('base64url');
    const garbled = `${head}.${payload}.${signature}`;

    const attempts = [forOther, ofSomeoneElse, foreign, access, garbled, 'x'.repeat(40)];
    for (const clickToken of attempts) {
      const res = await click(client, provider, { click_token: clickToken });
      expect(res.body).toEqual({ success: true, logged: true });
      pastDuplicateWindow();
    }
    // The page's own token, used after its 2 hours.
    const stale = await pageToken(client, provider);
    t.clock.advance(BOOKING_LIMITS.clickTokenTtlSeconds * 1000 + MINUTE);
    expect((await click(client, provider, { click_token: stale })).body).toEqual({
      success: true,
      logged: true,
    });

    const rows = await logsOf(provider.user.id);
    expect(rows).toHaveLength(attempts.length + 1);
    expect(rows.every((r) => r.clientId === client.user.id && !r.viaPage)).toBe(true);
    // Nor does the client's token for the other provider serve someone else there.
    expect((await click(someoneElse, otherProvider, { click_token: forOther })).status).toBe(200);
    expect((await logsOf(otherProvider.user.id)).map((r) => r.viaPage)).toEqual([false]);
  });

  it('refuses an over-long or non-string token and unknown fields (400), storing nothing', async () => {
    const provider = await newProvider();
    const client = await createVerifiedUser(t);
    const token = await pageToken(client, provider);
    for (const extra of [
      { click_token: 'x'.repeat(BOOKING_LIMITS.clickTokenMax + 1) },
      { click_token: 42 },
      { click_token: token, via_page: true },
    ]) {
      const res = await click(client, provider, extra);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await logsOf(provider.user.id)).toEqual([]);
  });

  it('marks a double click via_page when its second half carries the token', async () => {
    const provider = await newProvider();
    const client = await createVerifiedUser(t);
    const token = await pageToken(client, provider);
    expect((await click(client, provider)).body.logged).toBe(true);
    expect((await click(client, provider, { click_token: token })).body.logged).toBe(false);
    expect((await logsOf(provider.user.id)).map((r) => r.viaPage)).toEqual([true]);
  });
});

describe('unique clicks', () => {
  it('a script clicking every 10.5 s: total clicks grow, unique clicks stay one per client per day', async () => {
    const provider = await newProvider();
    const script = await createVerifiedUser(t);
    const person = await createVerifiedUser(t);
    // Start just after a UTC midnight, so each burst stays within one day.
    const now = t.clock.now().getTime();
    t.clock.advance(Math.ceil(now / DAY) * DAY + MINUTE - now);
    const day1 = t.clock.now().toISOString().slice(0, 10);

    const burst = async (clicks: number) => {
      for (let i = 0; i < clicks; i++) {
        const res = await click(script, provider);
        expect(res.body, `click ${i}`).toEqual({ success: true, logged: true });
        t.clock.advance(10_500);
      }
    };
    await burst(200); // 35 minutes of day 1
    t.clock.advance(DAY - 200 * 10_500);
    const day2 = t.clock.now().toISOString().slice(0, 10);
    await burst(100);
    expect((await click(person, provider)).body.logged).toBe(true);

    expect(await t.db.$count(bookingLogs, eq(bookingLogs.providerId, provider.user.id))).toBe(301);
    const res = await t.get(`/api/booking-logs?provider_id=${provider.user.id}`, await as(provider));
    expect(res.status, res.text).toBe(200);
    const { stats } = res.body.data;
    expect(stats).toMatchObject({
      total_clicks: 301,
      unique_clicks: 3,
      unique_clients: 2,
      last_7_days: 301,
      unique_last_7_days: 3,
    });
    const byDate = new Map(stats.per_day.map((d: { date: string }) => [d.date, d]));
    expect(byDate.get(day1)).toEqual({ date: day1, count: 200, unique: 1 });
    expect(byDate.get(day2)).toEqual({ date: day2, count: 101, unique: 2 });
    expect(stats.per_day.reduce((n: number, d: { unique: number }) => n + d.unique, 0)).toBe(3);
  });
});
