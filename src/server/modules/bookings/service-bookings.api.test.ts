import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIMITS, BOOKING_TEXTS, SERVICE_BOOKING_TEXTS } from '#domain/bookings.ts';
import { bookingLogs } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  setBookingLink,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * A service's own Book: the same login wall, click token and click log as the profile's Book, the
 * click naming its service. The link logged is the one stored with the service, never the client's.
 */

const ADMIN_EMAIL = uniqueEmail('admin');

let t: TestApp;
let admin: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await createVerifiedUser(t, { email: ADMIN_EMAIL });
});
afterAll(() => t?.close());

const { as } = freshLogins(() => t);

const BALAYAGE_LINK = 'https://book.example.com/balayage';

/** A provider with a main link, Balayage with its own link and Trim without one. */
async function providerWithServices(): Promise<VerifiedUser & { link: string }> {
  const provider = await createVerifiedProvider(t);
  const link = await setBookingLink(t, await as(provider), {
    pricing: [
      {
        service: 'Balayage',
        description: 'Hand-painted colour',
        priceType: 'fixed',
        minPrice: 180,
        durationMin: 90,
        bookingLink: BALAYAGE_LINK,
      },
      { service: 'Trim', description: 'A quick trim', priceType: 'fixed', minPrice: 30, durationMin: 30 },
    ],
  });
  return { ...provider, link };
}

const logsOf = (providerId: string) =>
  t.db
    .select()
    .from(bookingLogs)
    .where(eq(bookingLogs.providerId, providerId))
    .orderBy(asc(bookingLogs.createdAt));

const click = async (client: VerifiedUser, body: Record<string, unknown>) =>
  t.post('/api/booking-logs', body, await as(client));

describe("a service's own Book", () => {
  it('needs a login, like the main Book, and stores nothing without one', async () => {
    const provider = await providerWithServices();
    const res = await t.post('/api/booking-logs', { provider_id: provider.user.id, service: 'Balayage' });
    expect(res.status).toBe(401);
    expect(await logsOf(provider.user.id)).toEqual([]);
  });

  it("logs the service's stored link with its name, via the page with the profile's click token", async () => {
    const provider = await providerWithServices();
    const client = await createVerifiedUser(t);
    const page = await t.get(`/api/user/${provider.user.routing_slug}`, await as(client));
    expect(page.status, page.text).toBe(200);
    const clickToken = page.body.profile.click_token as string;
    expect(clickToken).toEqual(expect.any(String));

    const res = await click(client, {
      provider_id: provider.user.id,
      service: 'Balayage',
      click_token: clickToken,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, logged: true });
    // The same link sent along is accepted too (it is the stored one).
    t.clock.advance((BOOKING_LIMITS.duplicateWindowSeconds + 1) * 1000);
    const withUrl = await click(client, {
      provider_id: provider.user.id,
      service: 'Balayage',
      url: BALAYAGE_LINK,
    });
    expect(withUrl.status, withUrl.text).toBe(200);
    // The profile's main Book right after is a click of its own, named by no service.
    const main = await click(client, { provider_id: provider.user.id, url: provider.link });
    expect(main.body).toEqual({ success: true, logged: true });

    const rows = await logsOf(provider.user.id);
    expect(rows.map((r) => [r.url, r.serviceName, r.viaPage, r.clientId])).toEqual([
      [BALAYAGE_LINK, 'Balayage', true, client.user.id],
      [BALAYAGE_LINK, 'Balayage', false, client.user.id],
      [provider.link, null, false, client.user.id],
    ]);

    // The provider's click list says which service each click was for.
    const list = await t.get(`/api/booking-logs?provider_id=${provider.user.id}`, await as(provider));
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.logs.map((l: { service_name: string | null }) => l.service_name)).toEqual([
      null,
      'Balayage',
      'Balayage',
    ]);
    expect(list.body.data.stats.total_clicks).toBe(3);
  });

  it('counts a double click once', async () => {
    const provider = await providerWithServices();
    const client = await createVerifiedUser(t);
    const body = { provider_id: provider.user.id, service: 'Balayage' };
    expect((await click(client, body)).body.logged).toBe(true);
    expect((await click(client, body)).body.logged).toBe(false);
    expect(await logsOf(provider.user.id)).toHaveLength(1);
  });

  it('refuses a service not on the profile, one without its own link, or a link that is not its own; nothing is stored', async () => {
    const provider = await providerWithServices();
    const other = await providerWithServices();
    const client = await createVerifiedUser(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ service: 'Facial' }, 'service', SERVICE_BOOKING_TEXTS.unknownService],
      // Names are matched as the profile lists them.
      [{ service: 'balayage ' }, 'service', SERVICE_BOOKING_TEXTS.unknownService],
      [{ service: 'Trim' }, 'service', SERVICE_BOOKING_TEXTS.serviceWithoutLink],
      [{ service: 'Balayage', url: 'https://evil.example.com/phish' }, 'url', BOOKING_TEXTS.invalidUrl],
      [{ service: 'Balayage', url: provider.link }, 'url', BOOKING_TEXTS.invalidUrl],
      [{ service: '' }, 'service', SERVICE_BOOKING_TEXTS.unknownService],
      [{ service: 'x'.repeat(101) }, 'service', SERVICE_BOOKING_TEXTS.unknownService],
    ];
    for (const [extra, path, message] of cases) {
      const res = await click(client, { provider_id: provider.user.id, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues, JSON.stringify(extra)).toContainEqual({ path, message });
    }
    // Another provider's service is not this provider's: the name is looked up on this profile only.
    await setBookingLink(t, await as(other), {
      pricing: [
        {
          service: 'Gloss',
          description: 'Shine',
          priceType: 'fixed',
          minPrice: 45,
          bookingLink: 'https://book.example.com/gloss',
        },
      ],
    });
    const elsewhere = await click(client, {
      provider_id: provider.user.id,
      service: 'Gloss',
      url: 'https://book.example.com/gloss',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.issues).toContainEqual({
      path: 'service',
      message: SERVICE_BOOKING_TEXTS.unknownService,
    });
    expect(await logsOf(provider.user.id)).toEqual([]);
    expect(await logsOf(other.user.id)).toEqual([]);
  });

  it("answers a provider that is not listed with 404, and the provider's own click is not counted", async () => {
    const provider = await providerWithServices();
    const missing = await click(provider, {
      provider_id: '00000000-0000-4000-8000-000000000000',
      service: 'Balayage',
    });
    expect(missing.status).toBe(404);
    const own = await click(provider, { provider_id: provider.user.id, service: 'Balayage' });
    expect(own.body).toEqual({ success: true, logged: false });
    expect(await logsOf(provider.user.id)).toEqual([]);
  });

  it('the admin list and CSV carry the service', async () => {
    const provider = await providerWithServices();
    const client = await createVerifiedUser(t);
    expect((await click(client, { provider_id: provider.user.id, service: 'Balayage' })).status).toBe(200);
    const [row] = await logsOf(provider.user.id);
    expect(row).toMatchObject({ serviceName: 'Balayage', url: BALAYAGE_LINK });

    const list = await t.get('/api/admin/booking-logs', await as(admin));
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.logs.find((l: { id: string }) => l.id === row!.id)).toMatchObject({
      service_name: 'Balayage',
    });
    const csv = await t.get('/api/admin/booking-logs/export', await as(admin));
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text.split('\r\n')[0]!.endsWith(',url,service_name')).toBe(true);
    expect(csv.text).toContain(`,${BALAYAGE_LINK},Balayage`);
  });
});
