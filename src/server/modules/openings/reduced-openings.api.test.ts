import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_SERVICE_TEXTS } from '#domain/openings.ts';
import { mailOutbox, openings } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';

/**
 * Openings made from the provider's services, at a reduced price: the 'was' price is the service's
 * own stored price, read by the server (the client never sends one), and the public list's
 * 'Reduced price' filter.
 */

const PATH = '/api/last-minute-openings';

let t: TestApp;
let provider: VerifiedUser;
beforeAll(async () => {
  t = await buildTestApp();
  provider = await createVerifiedProvider(t, { name: 'Reduced Studio' });
  const res = await t.put(
    '/api/auth/profile',
    {
      pricing: [
        { service: 'Balayage', description: 'Hand-painted colour', priceType: 'fixed', minPrice: 180 },
        {
          service: 'Silk press',
          description: 'Smooth and shiny',
          priceType: 'starting_at',
          minPrice: 85,
          durationMin: 60,
          durationMax: 90,
        },
        { service: 'Cut', description: 'Any length', priceType: 'range', minPrice: 40, maxPrice: 60 },
        { service: 'Colour consult', description: 'Ask us', priceType: 'contact' },
      ],
    },
    { token: provider.session.access_token },
  );
  expect(res.status, res.text).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const token = () => ({ token: provider.session.access_token });

const fields = (overrides: Record<string, unknown> = {}) => ({
  service_type: 'Typed name',
  start_time: at(2 * HOUR),
  end_time: at(3.5 * HOUR),
  price: '$999',
  ...overrides,
});

const rowOf = async (id: string) => (await t.db.select().from(openings).where(eq(openings.id, id)))[0]!;
const countOpenings = () => t.db.$count(openings, eq(openings.providerId, provider.user.id));

describe('an opening from one of the provider’s services', () => {
  it('at a reduced price: the service’s name, the reduced amount as price, its own price as regular_price', async () => {
    const res = await t.post(PATH, fields({ service: 'balayage ', reduced_price: 140 }), token());
    expect(res.status, res.text).toBe(200);
    const { opening } = res.body;
    expect(opening).toMatchObject({ service_type: 'Balayage', price: '$140', regular_price: 180 });
    expect(await rowOf(opening.id)).toMatchObject({
      serviceType: 'Balayage',
      price: '$140',
      regularPrice: 180,
    });
    // Shown so in the public list (and the owner's).
    const list = await t.get(`${PATH}?limit=100`);
    expect(list.body.openings.find((o: { id: string }) => o.id === opening.id)).toMatchObject({
      price: '$140',
      regular_price: 180,
    });
    // And on the provider's profile (its openings are read with the provider, as JSON).
    const profile = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(profile.status, profile.text).toBe(200);
    expect(
      profile.body.profile.upcoming_openings.find((o: { id: string }) => o.id === opening.id),
    ).toMatchObject({ price: '$140', regular_price: 180 });
    const own = await t.get(`${PATH}?provider_id=${provider.user.id}&include_inactive=true`, token());
    expect(own.body.openings.find((o: { id: string }) => o.id === opening.id).regular_price).toBe(180);
  });

  it("a 'starting at' price can be reduced too; cents are kept", async () => {
    const res = await t.post(PATH, fields({ service: 'Silk press', reduced_price: 59.5 }), token());
    expect(res.status, res.text).toBe(200);
    expect(res.body.opening).toMatchObject({
      service_type: 'Silk press',
      price: '$59.50',
      regular_price: 85,
    });
  });

  it('without a reduced price: the service’s name and the typed price, not reduced', async () => {
    const res = await t.post(PATH, fields({ service: 'Cut', price: '$40 - $60' }), token());
    expect(res.status, res.text).toBe(200);
    expect(res.body.opening).toMatchObject({ service_type: 'Cut', price: '$40 - $60', regular_price: null });
    expect((await rowOf(res.body.opening.id)).regularPrice).toBeNull();
  });

  it('a typed-in opening is as before: its name and price as typed, not reduced', async () => {
    const res = await t.post(PATH, fields(), token());
    expect(res.status, res.text).toBe(200);
    expect(res.body.opening).toMatchObject({
      service_type: 'Typed name',
      price: '$999',
      regular_price: null,
    });
  });

  it.each([
    [
      'an unknown service',
      { service: 'Perm', reduced_price: 50 },
      'service',
      OPENING_SERVICE_TEXTS.unknownService,
    ],
    ['an unknown service, not reduced', { service: 'Perm' }, 'service', OPENING_SERVICE_TEXTS.unknownService],
    [
      'a reduced price not below the regular one',
      { service: 'Balayage', reduced_price: 180 },
      'reduced_price',
      OPENING_SERVICE_TEXTS.reducedNotBelow('$180'),
    ],
    [
      'a reduced price above the regular one',
      { service: 'Balayage', reduced_price: 250 },
      'reduced_price',
      OPENING_SERVICE_TEXTS.reducedNotBelow('$180'),
    ],
    [
      'a reduced price without a service',
      { reduced_price: 50 },
      'reduced_price',
      OPENING_SERVICE_TEXTS.reducedWithoutService,
    ],
    [
      'a price range reduced',
      { service: 'Cut', reduced_price: 30 },
      'reduced_price',
      OPENING_SERVICE_TEXTS.notReducible,
    ],
    [
      "a 'contact' service reduced",
      { service: 'Colour consult', reduced_price: 30 },
      'reduced_price',
      OPENING_SERVICE_TEXTS.notReducible,
    ],
    [
      'a reduced price that is no amount',
      { service: 'Balayage', reduced_price: '140' },
      'reduced_price',
      OPENING_SERVICE_TEXTS.reducedPriceInvalid,
    ],
    [
      'a reduced price of zero',
      { service: 'Balayage', reduced_price: 0 },
      'reduced_price',
      OPENING_SERVICE_TEXTS.reducedPriceInvalid,
    ],
  ])('refuses %s with a 400 on its field, storing nothing', async (_name, extra, path, message) => {
    const before = await countOpenings();
    const res = await t.post(PATH, fields(extra), token());
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.message).toBe(message);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await countOpenings()).toBe(before);
  });

  it("refuses a 'was' amount from the client: the body has no such field", async () => {
    const before = await countOpenings();
    const res = await t.post(
      PATH,
      fields({ service: 'Balayage', reduced_price: 140, regular_price: 500 }),
      token(),
    );
    expect(res.status, res.text).toBe(400);
    expect(await countOpenings()).toBe(before);
  });

  it('an edit keeps the reduction while it is sent, clears it when it is not, and refuses a bad one', async () => {
    const created = await t.post(PATH, fields({ service: 'Balayage', reduced_price: 150 }), token());
    const { id, version } = created.body.opening;
    const kept = await t.put(
      `${PATH}?id=${id}`,
      fields({ service: 'Balayage', reduced_price: 120, note: 'Now cheaper' }),
      { ...token(), headers: { 'if-match': version } },
    );
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.opening).toMatchObject({ price: '$120', regular_price: 180, note: 'Now cheaper' });
    expect(kept.body.opening.version).not.toBe(version);

    const refused = await t.put(
      `${PATH}?id=${id}`,
      fields({ service: 'Balayage', reduced_price: 190 }),
      token(),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].message).toBe(OPENING_SERVICE_TEXTS.reducedNotBelow('$180'));
    expect(await rowOf(id)).toMatchObject({ price: '$120', regularPrice: 180 });

    const cleared = await t.put(`${PATH}?id=${id}`, fields({ service: 'Balayage', price: '$180' }), token());
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.opening).toMatchObject({ price: '$180', regular_price: null });
    expect(await rowOf(id)).toMatchObject({ price: '$180', regularPrice: null });
  });
});

describe("the public list's 'Reduced price' filter", () => {
  it('lists only openings at a reduced price; a bad value is a 400', async () => {
    const all = await t.get(`${PATH}?limit=100`);
    expect(all.body.openings.some((o: { regular_price: number | null }) => o.regular_price === null)).toBe(
      true,
    );
    const reduced = await t.get(`${PATH}?limit=100&reduced=true`);
    expect(reduced.status).toBe(200);
    const expected = all.body.openings.filter(
      (o: { regular_price: number | null }) => o.regular_price !== null,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(reduced.body.openings.map((o: { id: string }) => o.id)).toEqual(
      expected.map((o: { id: string }) => o.id),
    );
    const bad = await t.get(`${PATH}?reduced=maybe`);
    expect(bad.status).toBe(400);
  });
});

describe('alert emails', () => {
  it("say a reduced opening's price as 'was …, now …'", async () => {
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Rae Follower' } });
    const fav = await t.post(
      '/api/favorites',
      { providerId: provider.user.id },
      { token: client.session.access_token },
    );
    expect(fav.status, fav.text).toBe(200);
    const res = await t.post(PATH, fields({ service: 'Balayage', reduced_price: 140 }), token());
    expect(res.status, res.text).toBe(200);
    t.clock.advance(t.config.alertGroupingMs + 1000);
    const mail = await t.smtp.waitForMail(client.email, (m) =>
      m.subject.startsWith('Reduced Studio: new opening'),
    );
    expect(mail.text).toContain('Price: was $180, now $140');
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, client.email.toLowerCase()), eq(mailOutbox.kind, 'opening-alert')));
    expect(row?.textBody).toContain('Price: was $180, now $140');
  });
});
