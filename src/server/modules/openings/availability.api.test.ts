import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_TEXTS } from '#domain/openings.ts';
import { openings } from '#server/db/schema/index.ts';
import { buildTestApp, DAY, type TestApp, type TestResponse } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  loginAs,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * Openings on the provider's clocks (wall-clock times converted on the server from the
 * provider's zone, the zone setting, daylight-saving nights) and the public list's filters for
 * /availability (zip and radius, words, category, day, keyset pages).
 */

const PATH = '/api/last-minute-openings';
/** Fri Oct 29 2027, 12:00 in Austin (CDT); the clock runs on from there. */
const BASE = Date.parse('2027-10-29T17:00:00Z');
const STARTED = Date.now();
let offset = 0;
let t: TestApp;

let austin: VerifiedUser; // 78701, hair
let roundRock: VerifiedUser; // 78664, ~17 miles north, nails
let sanAntonio: VerifiedUser; // 78205, ~75 miles
let losAngeles: VerifiedUser; // 90012, Pacific
let client: VerifiedUser;

const iso = (value: string) => new Date(value).toISOString();
const token = (u: VerifiedUser) => loginAs(t, u.email, u.password).then((s) => s.access_token);

async function post(u: VerifiedUser, body: Record<string, unknown>) {
  return t.post(PATH, { service_type: 'Silk press', price: '$85', ...body }, { token: await token(u) });
}

async function postOk(u: VerifiedUser, body: Record<string, unknown>) {
  const res = await post(u, body);
  expect(res.status, res.text).toBe(200);
  const o = res.body.opening as { id: string; start_time: string; end_time: string; time_zone: string };
  // The API writes microseconds ('…T20:00:00.000000Z'); compare as JS ISO strings.
  return { ...o, start_time: iso(o.start_time), end_time: iso(o.end_time) };
}

/** Every opening of the public list with these filters, following the cursors. */
async function list(query: string, limit = 100) {
  const all: { id: string; service_type: string; provider_id: string }[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: TestResponse = await t.get(
      `${PATH}?limit=${limit}${query ? `&${query}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    all.push(...res.body.openings);
    cursor = res.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error('the list does not end');
}

const services = async (query: string) => (await list(query)).map((o) => o.service_type).sort();

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(BASE + offset + (Date.now() - STARTED)) });
  austin = await createVerifiedProvider(t, {
    location: 'Austin, TX 78701',
    selected_categories: ['hair'],
  });
  roundRock = await createVerifiedProvider(t, {
    location: 'Round Rock, TX 78664',
    selected_categories: ['nails'],
  });
  sanAntonio = await createVerifiedProvider(t, {
    location: 'San Antonio, TX 78205',
    selected_categories: ['hair'],
  });
  losAngeles = await createVerifiedProvider(t, {
    location: 'Los Angeles, CA 90012',
    selected_categories: ['esthetician'],
  });
  client = await createVerifiedUser(t);
}, 60_000);
afterAll(() => t?.close());

describe('openings on the provider’s clocks', () => {
  it('reads a wall-clock time in the zone of the provider’s zip and says which zone', async () => {
    const o = await postOk(austin, { start_time: '2027-10-30T15:00', end_time: '2027-10-30T16:00' });
    expect(o.start_time).toBe('2027-10-30T20:00:00.000Z'); // 3 PM CDT
    expect(o.end_time).toBe('2027-10-30T21:00:00.000Z');
    expect(o.time_zone).toBe('America/Chicago');
    const [row] = await t.db.select().from(openings).where(eq(openings.id, o.id));
    expect(row!.startTime.toISOString()).toBe('2027-10-30T20:00:00.000Z');
    expect(row!.timeZone).toBe('America/Chicago');
    const la = await postOk(losAngeles, { start_time: '2027-10-30T15:00', end_time: '2027-10-30T16:00' });
    expect(la.start_time).toBe('2027-10-30T22:00:00.000Z'); // 3 PM PDT
    expect(la.time_zone).toBe('America/Los_Angeles');
    await t.db.delete(openings);
  });

  it('keeps ISO instants with an offset as they are', async () => {
    const o = await postOk(austin, {
      start_time: '2027-10-30T15:00:00-05:00',
      end_time: '2027-10-30T21:00:00.000Z',
    });
    expect(o.start_time).toBe('2027-10-30T20:00:00.000Z');
    await t.db.delete(openings);
  });

  it('refuses a form whose zone is not the provider’s (409) and stores nothing', async () => {
    const res = await post(austin, {
      start_time: '2027-10-30T15:00',
      end_time: '2027-10-30T16:00',
      time_zone: 'America/New_York',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(OPENING_TEXTS.zoneChanged);
    expect(await t.db.$count(openings)).toBe(0);
    await postOk(austin, {
      start_time: '2027-10-30T15:00',
      end_time: '2027-10-30T16:00',
      time_zone: 'America/Chicago',
    });
    await t.db.delete(openings);
  });

  it('applies the time rules to the converted times', async () => {
    // 11 AM in Austin is already past at noon CDT; 11 AM in Los Angeles is 1 PM in Austin.
    const past = await post(austin, { start_time: '2027-10-29T11:00', end_time: '2027-10-29T12:30' });
    expect(past.status).toBe(400);
    expect(past.body.issues[0].message).toBe(OPENING_TEXTS.startInPast);
    await postOk(losAngeles, { start_time: '2027-10-29T11:00', end_time: '2027-10-29T12:00' });
    const nonsense = await post(austin, { start_time: '2027-02-30T11:00', end_time: '2027-10-29T12:30' });
    expect(nonsense.status).toBe(400);
    await t.db.delete(openings);
  });

  it('converts on the November night: 1:30 AM is the first (daylight) one; 1 AM → 3 AM lasts 3 hours', async () => {
    const o = await postOk(austin, { start_time: '2027-11-07T01:30', end_time: '2027-11-07T02:30' });
    expect(o.start_time).toBe('2027-11-07T06:30:00.000Z');
    expect(o.end_time).toBe('2027-11-07T08:30:00.000Z'); // 2:30 CST
    const long = await postOk(austin, { start_time: '2027-11-07T01:00', end_time: '2027-11-07T03:00' });
    expect(Date.parse(long.end_time) - Date.parse(long.start_time)).toBe(3 * 3_600_000);
    await t.db.delete(openings);
  });

  describe('the time-zone setting', () => {
    it('needs a token (401); a client gets 403; an unknown zone 400', async () => {
      expect((await t.put(`${PATH}/time-zone`, { time_zone: 'America/Denver' })).status).toBe(401);
      const asClient = await t.put(
        `${PATH}/time-zone`,
        { time_zone: 'America/Denver' },
        { token: await token(client) },
      );
      expect(asClient.status).toBe(403);
      const bad = await t.put(
        `${PATH}/time-zone`,
        { time_zone: 'Europe/Paris' },
        { token: await token(austin) },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_ERROR');
    });

    it('is the zip’s until chosen; a chosen zone converts new openings; null goes back to the zip’s', async () => {
      const own = await t.get(`${PATH}?provider_id=${austin.user.id}`, { token: await token(austin) });
      expect(own.body.provider_time_zone).toEqual({
        chosen: null,
        zip_time_zone: 'America/Chicago',
        zip: '78701',
        city: 'Austin',
        effective: 'America/Chicago',
      });
      const set = await t.put(
        `${PATH}/time-zone`,
        { time_zone: 'America/New_York' },
        { token: await token(austin) },
      );
      expect(set.status, set.text).toBe(200);
      expect(set.body.provider_time_zone).toMatchObject({
        chosen: 'America/New_York',
        effective: 'America/New_York',
      });
      // Only their own row changed.
      const other = await t.get(`${PATH}?provider_id=${roundRock.user.id}`, {
        token: await token(roundRock),
      });
      expect(other.body.provider_time_zone.chosen).toBeNull();

      const o = await postOk(austin, { start_time: '2027-10-30T15:00', end_time: '2027-10-30T16:00' });
      expect(o.start_time).toBe('2027-10-30T19:00:00.000Z'); // 3 PM EDT
      expect(o.time_zone).toBe('America/New_York');
      // A form still showing Central time is refused.
      const stale = await post(austin, {
        start_time: '2027-10-30T15:00',
        end_time: '2027-10-30T16:00',
        time_zone: 'America/Chicago',
      });
      expect(stale.status).toBe(409);

      const reset = await t.put(`${PATH}/time-zone`, { time_zone: null }, { token: await token(austin) });
      expect(reset.body.provider_time_zone).toMatchObject({ chosen: null, effective: 'America/Chicago' });
      // The edit of an existing opening reads its new wall-clock times in the zone now in force.
      const edit = await t.put(
        `${PATH}?id=${o.id}`,
        { service_type: 'Silk press', start_time: '2027-10-30T15:00', end_time: '2027-10-30T16:00' },
        { token: await token(austin) },
      );
      expect(edit.status, edit.text).toBe(200);
      expect(iso(edit.body.opening.start_time)).toBe('2027-10-30T20:00:00.000Z');
      expect(edit.body.opening.time_zone).toBe('America/Chicago');
      await t.db.delete(openings);
    });
  });
});

describe('the public list’s filters (/availability)', () => {
  beforeAll(async () => {
    await t.db.delete(openings);
    // Austin: Sat Oct 30 at 9:30 PM CDT is Oct 31 in UTC; its day is still the 30th.
    await postOk(austin, {
      service_type: 'Balayage refresh',
      start_time: '2027-10-30T21:30',
      end_time: '2027-10-30T22:30',
    });
    await postOk(austin, {
      service_type: 'Blowout',
      start_time: '2027-11-01T10:00',
      end_time: '2027-11-01T11:00',
    });
    await postOk(roundRock, {
      service_type: 'Gel manicure',
      start_time: '2027-10-30T10:00',
      end_time: '2027-10-30T11:00',
    });
    await postOk(sanAntonio, {
      service_type: 'Balayage',
      start_time: '2027-10-31T10:00',
      end_time: '2027-10-31T11:00',
    });
    // Los Angeles: Sat Oct 30 at 10 PM PDT (Oct 31, 05:00 UTC).
    await postOk(losAngeles, {
      service_type: 'Express facial',
      note: 'Balayage clients welcome',
      start_time: '2027-10-30T22:00',
      end_time: '2027-10-30T23:00',
    });
  });

  it('lists everything without filters', async () => {
    expect(await services('')).toEqual([
      'Balayage',
      'Balayage refresh',
      'Blowout',
      'Express facial',
      'Gel manicure',
    ]);
  });

  it('keeps providers within the radius of a zip', async () => {
    expect(await services('zip=78701&radius=5')).toEqual(['Balayage refresh', 'Blowout']);
    expect(await services('zip=78701&radius=25')).toEqual(['Balayage refresh', 'Blowout', 'Gel manicure']);
    expect(await services('zip=78701&radius=50')).toEqual(['Balayage refresh', 'Blowout', 'Gel manicure']);
    expect(await services('zip=90012&radius=10')).toEqual(['Express facial']);
    // The default radius is search's (25 miles).
    expect(await services('zip=78701')).toEqual(['Balayage refresh', 'Blowout', 'Gel manicure']);
  });

  it('matches words of the service type or note, with English stems', async () => {
    expect(await services('q=balayage')).toEqual(['Balayage', 'Balayage refresh', 'Express facial']);
    expect(await services('q=manicures')).toEqual(['Gel manicure']);
    expect(await services('q=balayage&zip=78701&radius=5')).toEqual(['Balayage refresh']);
    expect(await services('q=%20%20')).toHaveLength(5);
  });

  it('filters by the provider’s category', async () => {
    expect(await services('category=hair')).toEqual(['Balayage', 'Balayage refresh', 'Blowout']);
    expect(await services('category=nails')).toEqual(['Gel manicure']);
    expect(await services('category=barber')).toEqual([]);
  });

  it('filters by the day on each opening’s own calendar', async () => {
    expect(await services('day=2027-10-30')).toEqual(['Balayage refresh', 'Express facial', 'Gel manicure']);
    expect(await services('day=2027-10-31')).toEqual(['Balayage']);
    expect(await services('day=2027-11-01&category=hair')).toEqual(['Blowout']);
  });

  it('pages every filter by keyset, soonest first, without duplicates or gaps', async () => {
    const all = await list('q=balayage', 100);
    const paged = await list('q=balayage', 1);
    expect(paged.map((o) => o.id)).toEqual(all.map((o) => o.id));
    const day = await list('day=2027-10-30', 2);
    expect(day.map((o) => o.service_type)).toEqual(['Gel manicure', 'Balayage refresh', 'Express facial']);
  });

  it('refuses an unknown zip, a radius not offered, an unknown category and a bad day with 400', async () => {
    for (const query of [
      'zip=00000',
      'zip=7870',
      'zip=78701&radius=7',
      'category=tattoo',
      'day=2026-13-01',
      'day=2027-02-30',
      'day=tomorrow',
    ]) {
      const res = await t.get(`${PATH}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe('VALIDATION_ERROR');
    }
    const unknown = await t.get(`${PATH}?zip=00000`);
    expect(unknown.body.issues[0]).toEqual({ path: 'zip', message: OPENING_TEXTS.unknownZip });
  });
});

describe('the March night', () => {
  it('moves a skipped 2:30 AM to 3:30 AM daylight time', async () => {
    offset = Date.parse('2028-03-10T18:00:00Z') - BASE;
    const o = await postOk(austin, { start_time: '2028-03-12T02:30', end_time: '2028-03-12T04:00' });
    expect(o.start_time).toBe('2028-03-12T08:30:00.000Z'); // 3:30 CDT
    expect(o.end_time).toBe('2028-03-12T09:00:00.000Z'); // 4:00 CDT
    const before = await postOk(austin, { start_time: '2028-03-12T01:30', end_time: '2028-03-12T03:30' });
    expect(before.start_time).toBe('2028-03-12T07:30:00.000Z'); // 1:30 CST
    expect(Date.parse(before.end_time) - Date.parse(before.start_time)).toBe(3_600_000);
    expect(offset).toBeGreaterThan(100 * DAY);
  });
});
