import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_TEXTS, pinResetText, roundCoordinate } from '#domain/map-area.ts';
import { PROFILE_TEXTS } from '#domain/profiles-options.ts';
import type { ProviderCard } from '#domain/search.ts';
import { providerProfiles } from '#server/db/schema/index.ts';
import { distanceMeters, METERS_PER_MILE } from '#server/lib/geo.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import { buildTestApp, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';

/**
 * A provider's place on the map: their zip's centre or their own pin (PUT
 * /api/auth/profile/map-position), what a zip change does to a pin, and the positions the openings
 * list answers and filters by (bbox).
 */

const PATH = '/api/auth/profile/map-position';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const DOWNTOWN = lookupZip('78701')!;
const EAST = lookupZip('78702')!;
const token = (u: VerifiedUser) => ({ token: u.session.access_token });

const profileRow = async (userId: string) => {
  const [row] = await t.db.select().from(providerProfiles).where(eq(providerProfiles.userId, userId));
  return row!;
};

async function openingOf(provider: VerifiedUser) {
  const now = t.clock.now().getTime();
  const res = await t.post(
    '/api/last-minute-openings',
    {
      service_type: 'Silk press',
      start_time: new Date(now + 2 * HOUR).toISOString(),
      end_time: new Date(now + 3 * HOUR).toISOString(),
    },
    token(provider),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.opening;
}

describe('PUT /api/auth/profile/map-position', () => {
  it('needs a token, refuses clients and bad bodies, and changes nothing then', async () => {
    expect((await t.put(PATH, { pinned: false })).status).toBe(401);
    const client = await createVerifiedUser(t);
    const refused = await t.put(PATH, { pinned: false }, token(client));
    expect(refused.status).toBe(403);
    const provider = await createVerifiedProvider(t);
    const before = await profileRow(provider.user.id);
    for (const body of [
      { pinned: true },
      { pinned: true, latitude: '30.2', longitude: -97.7 },
      { pinned: true, latitude: 95, longitude: -97.7 },
      { pinned: 'yes' },
      { pinned: false, latitude: 30.2 },
    ]) {
      const res = await t.put(PATH, body, token(provider));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    expect(await profileRow(provider.user.id)).toEqual(before);
  });

  it('stores a pin rounded to 3 decimals, refuses one too far from the zip, and goes back to the centre', async () => {
    const provider = await createVerifiedProvider(t);
    const pin = await t.put(
      PATH,
      { pinned: true, latitude: 30.28049, longitude: -97.73151 },
      token(provider),
    );
    expect(pin.status, pin.text).toBe(200);
    expect(pin.body.message).toBe(MAP_TEXTS.pinSaved);
    expect(pin.body.profile).toMatchObject({
      pinned: true,
      position: { latitude: 30.28, longitude: -97.732 },
    });
    expect(pin.headers.etag).toBe(pin.body.version);
    expect(await profileRow(provider.user.id)).toMatchObject({
      pinned: true,
      latitude: 30.28,
      longitude: -97.732,
    });

    // San Antonio is about 75 miles away: refused, and the pin stays where it was.
    const far = await t.put(PATH, { pinned: true, latitude: 29.4241, longitude: -98.4936 }, token(provider));
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({ message: MAP_TEXTS.pinTooFar, issues: [{ path: 'latitude' }] });
    expect(await profileRow(provider.user.id)).toMatchObject({
      pinned: true,
      latitude: 30.28,
      longitude: -97.732,
    });

    // The public profile says which, and carries pinned.
    const slug = provider.user.routing_slug;
    const pinned = await t.get(`/api/user/${slug}`);
    expect(pinned.body.profile).toMatchObject({
      pinned: true,
      map_zip: null,
      position: { latitude: 30.28, longitude: -97.732 },
    });

    const back = await t.put(PATH, { pinned: false }, token(provider));
    expect(back.status).toBe(200);
    expect(back.body.message).toBe(MAP_TEXTS.zipCentreSaved);
    expect(await profileRow(provider.user.id)).toMatchObject({
      pinned: false,
      latitude: DOWNTOWN.latitude,
      longitude: DOWNTOWN.longitude,
    });
    const centre = await t.get(`/api/user/${slug}`);
    expect(centre.body.profile).toMatchObject({
      pinned: false,
      map_zip: '78701',
      position: {
        latitude: roundCoordinate(DOWNTOWN.latitude),
        longitude: roundCoordinate(DOWNTOWN.longitude),
      },
    });
  });

  it('keeps the pin while the zip stays, and a zip change puts it at the new centre and says so', async () => {
    const provider = await createVerifiedProvider(t);
    expect(
      (await t.put(PATH, { pinned: true, latitude: 30.27, longitude: -97.75 }, token(provider))).status,
    ).toBe(200);
    const same = await t.put('/api/auth/profile', { zip: '78701', bio: 'Same place' }, token(provider));
    expect(same.body.message).toBe(PROFILE_TEXTS.updated);
    expect(await profileRow(provider.user.id)).toMatchObject({
      pinned: true,
      latitude: 30.27,
      longitude: -97.75,
    });

    const moved = await t.put('/api/auth/profile', { zip: '78702' }, token(provider));
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(`${PROFILE_TEXTS.updated}. ${pinResetText('78702')}`);
    expect(moved.body.profile).toMatchObject({ zip: '78702', pinned: false });
    expect(await profileRow(provider.user.id)).toMatchObject({
      zip: '78702',
      pinned: false,
      latitude: EAST.latitude,
      longitude: EAST.longitude,
    });
  });

  it("a pinned provider's distance, position and bbox matches follow the pin", async () => {
    const provider = await createVerifiedProvider(t);
    // About 9 miles north of downtown Austin.
    const pin = { latitude: 30.4, longitude: -97.74 };
    expect((await t.put(PATH, { pinned: true, ...pin }, token(provider))).status).toBe(200);
    const near = await t.post('/api/search', { locationZip: '78701', sort: 'distance', limit: 50 });
    const card = (near.body.results as ProviderCard[]).find((c) => c.id === provider.user.id)!;
    expect(card.position).toEqual(pin);
    expect(card.distance_miles).toBeCloseTo(distanceMeters(DOWNTOWN, pin) / METERS_PER_MILE, 1);
    expect(card.distance_miles).toBeGreaterThan(8);

    const area = (south: number, north: number) =>
      t.post('/api/search', { bbox: { south, west: -97.8, north, east: -97.7 }, limit: 50 });
    const ids = async (south: number, north: number) =>
      ((await area(south, north)).body.results as ProviderCard[]).map((c) => c.id);
    expect(await ids(30.35, 30.45)).toContain(provider.user.id);
    expect(await ids(30.2, 30.3)).not.toContain(provider.user.id);
  });
});

describe('openings carry their provider position and filter by a bbox', () => {
  it('answers provider_position in the public list, the owner list and the profile', async () => {
    const provider = await createVerifiedProvider(t);
    await t.put(PATH, { pinned: true, latitude: 30.2712, longitude: -97.7436 }, token(provider));
    const opening = await openingOf(provider);
    const position = { latitude: 30.271, longitude: -97.744 };
    expect(opening.provider_position).toEqual(position);
    const list = await t.get('/api/last-minute-openings?limit=50');
    expect(list.body.openings.find((o: { id: string }) => o.id === opening.id).provider_position).toEqual(
      position,
    );
    const own = await t.get(`/api/last-minute-openings?provider_id=${provider.user.id}`, token(provider));
    expect(own.body.openings[0].provider_position).toEqual(position);
    const profile = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(profile.body.profile.upcoming_openings[0].provider_position).toEqual(position);
  });

  it('lists only the openings of providers inside the bbox, and refuses bad ones', async () => {
    const downtown = await createVerifiedProvider(t);
    const east = await createVerifiedProvider(t, { location: 'Austin, TX 78702' });
    await t.put(PATH, { pinned: true, latitude: 30.3, longitude: -97.7 }, token(east));
    const [a, b] = [await openingOf(downtown), await openingOf(east)];
    const idsIn = async (bbox: string) => {
      const res = await t.get(`/api/last-minute-openings?limit=50&bbox=${bbox}`);
      expect(res.status, res.text).toBe(200);
      return res.body.openings.map((o: { id: string }) => o.id);
    };
    const around = (p: { latitude: number; longitude: number }) =>
      `${p.latitude - 0.005},${p.longitude - 0.005},${p.latitude + 0.005},${p.longitude + 0.005}`;
    const first = await idsIn(around(DOWNTOWN));
    expect(first).toContain(a.id);
    expect(first).not.toContain(b.id);
    const second = await idsIn(around({ latitude: 30.3, longitude: -97.7 }));
    expect(second).toContain(b.id);
    expect(second).not.toContain(a.id);

    for (const [bbox, message] of [
      ['30,-98,31', MAP_TEXTS.areaInvalid],
      ['30,-98,0x1F,-97', MAP_TEXTS.areaInvalid],
      ['31,-98,30,-97', MAP_TEXTS.areaOrder],
      ['30,-98,32,-97', MAP_TEXTS.areaTooLarge],
      ['30,-181,30.5,-180.5', MAP_TEXTS.longitudeRange],
    ] as const) {
      const res = await t.get(`/api/last-minute-openings?bbox=${bbox}`);
      expect(res.status, bbox).toBe(400);
      expect(res.body.message, bbox).toBe(message);
    }
    const withZip = await t.get(`/api/last-minute-openings?zip=78701&bbox=${around(DOWNTOWN)}`);
    expect(withZip.status).toBe(400);
    expect(withZip.body).toMatchObject({ message: MAP_TEXTS.areaWithZip, issues: [{ path: 'bbox' }] });
  });
});
