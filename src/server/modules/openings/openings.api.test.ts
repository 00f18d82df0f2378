import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, formatOpeningMoment } from '#domain/opening-time.ts';
import { OPENING_LIMITS, OPENING_TEXTS } from '#domain/openings.ts';
import { bookingLogs, openings } from '#server/db/schema/index.ts';
import { encodeKeyset } from '#server/lib/keyset-cursor.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  loginAs,
  type VerifiedUser,
} from '#server/test/factories.ts';

const PATH = '/api/last-minute-openings';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An instant `ms` from the app's clock, as the API takes it. */
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

/** A valid opening 2–3.5 hours from now; override any field. */
const fields = (overrides: Record<string, unknown> = {}) => ({
  service_type: 'Silk press',
  start_time: at(2 * HOUR),
  end_time: at(3.5 * HOUR),
  price: '$85',
  note: 'Bring your own scarf',
  ...overrides,
});

const tokenOf = (u: VerifiedUser) => u.session.access_token;

/** A fresh access token (they last 15 minutes of the app's clock, which the tests move). */
const relogin = (u: VerifiedUser) => loginAs(t, u.email, u.password).then((s) => s.access_token);

async function postOpening(provider: VerifiedUser | string, overrides: Record<string, unknown> = {}) {
  const token = typeof provider === 'string' ? provider : tokenOf(provider);
  const res = await t.post(PATH, fields(overrides), { token });
  expect(res.status, res.text).toBe(200);
  // One past the public lists' days also says when it appears (its own test has the words).
  const { public_from: publicFrom, opening } = res.body;
  expect(res.body.message).toBe(
    publicFrom === null
      ? OPENING_TEXTS.created
      : `${OPENING_TEXTS.created}. ${OPENING_TEXTS.publicFrom(formatOpeningMoment(publicFrom, { timeZone: opening.time_zone, locale: 'en-US' }))}`,
  );
  return opening;
}

const countOpenings = (providerId?: string) =>
  providerId ? t.db.$count(openings, eq(openings.providerId, providerId)) : t.db.$count(openings);

const openingRow = async (id: string) => {
  const [row] = await t.db.select().from(openings).where(eq(openings.id, id));
  return row;
};

/** Every opening of the public list, following the cursors. */
async function publicList(limit = OPENING_LIMITS.pageMax) {
  const all: LooseOpening[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: TestResponse = await t.get(
      `${PATH}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    all.push(...res.body.openings);
    cursor = res.body.nextCursor;
    if (!cursor) return all;
  }
  throw new Error('the public list does not end');
}
type LooseOpening = { id: string; [key: string]: unknown };
const publicIds = async () => (await publicList()).map((o) => o.id);

async function ownList(provider: VerifiedUser, token: string, includeInactive: boolean) {
  const res = await t.get(`${PATH}?provider_id=${provider.user.id}&include_inactive=${includeInactive}`, {
    token,
  });
  expect(res.status, res.text).toBe(200);
  return (res.body.openings as LooseOpening[]).map((o) => o.id);
}

async function profileOpeningIds(provider: VerifiedUser) {
  const res = await t.get(`/api/user/${provider.user.routing_slug}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.profile.upcoming_openings as LooseOpening[]).map((o) => o.id);
}

describe('POST /api/last-minute-openings', () => {
  it('needs a token and stores nothing', async () => {
    const before = await countOpenings();
    const res = await t.post(PATH, fields());
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
    expect(await countOpenings()).toBe(before);
  });

  it('refuses a client with 403 and stores nothing', async () => {
    const client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Cleo Client' } });
    const before = await countOpenings();
    const res = await t.post(PATH, fields(), { token: tokenOf(client) });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
    expect(await countOpenings()).toBe(before);
    expect(await countOpenings(client.user.id)).toBe(0);
  });

  it('stores a provider’s opening and answers it with the display fields', async () => {
    const provider = await createVerifiedProvider(t, {
      name: 'Nia Naturals',
      location: 'Austin, TX 78701',
      booking_link: 'https://book.example.com/nia',
    });
    const start = at(3 * HOUR);
    const end = at(4.5 * HOUR);
    const opening = await postOpening(provider, {
      service_type: '  Knotless braids  ',
      start_time: start,
      end_time: end,
      price: '$120',
      note: 'Hair included',
    });
    expect(opening).toMatchObject({
      id: expect.any(String),
      provider_id: provider.user.id,
      provider_name: 'Nia Naturals',
      provider_image: null,
      routing_slug: provider.user.routing_slug,
      service_type: 'Knotless braids',
      price: '$120',
      note: 'Hair included',
      location_override: null,
      booking_link_override: null,
      is_active: true,
      display_location: 'Austin, TX 78701',
      display_booking_link: 'https://book.example.com/nia',
    });
    expect(Date.parse(opening.start_time)).toBe(Date.parse(start));
    expect(Date.parse(opening.end_time)).toBe(Date.parse(end));

    const row = await openingRow(opening.id);
    expect(row).toMatchObject({
      providerId: provider.user.id,
      serviceType: 'Knotless braids',
      price: '$120',
      note: 'Hair included',
      locationOverride: null,
      bookingLinkOverride: null,
      isActive: true,
    });
    expect(row!.startTime.getTime()).toBe(Date.parse(start));
    expect(row!.endTime.getTime()).toBe(Date.parse(end));
    expect(await publicIds()).toContain(opening.id);
  });

  it('uses the overrides for display_location and display_booking_link; blank optional fields are null', async () => {
    const provider = await createVerifiedProvider(t, { booking_link: 'https://book.example.com/profile' });
    const withOverrides = await postOpening(provider, {
      location_override: 'Pop-up at 5th & Main',
      booking_link_override: 'https://book.example.com/popup',
    });
    expect(withOverrides).toMatchObject({
      location_override: 'Pop-up at 5th & Main',
      booking_link_override: 'https://book.example.com/popup',
      display_location: 'Pop-up at 5th & Main',
      display_booking_link: 'https://book.example.com/popup',
    });
    const blank = await postOpening(provider, {
      price: '',
      note: '   ',
      location_override: '',
      booking_link_override: '',
    });
    expect(blank).toMatchObject({
      price: null,
      note: null,
      location_override: null,
      booking_link_override: null,
      display_location: 'Austin, TX 78701',
      display_booking_link: 'https://book.example.com/profile',
    });
    expect(await openingRow(blank.id)).toMatchObject({
      price: null,
      note: null,
      locationOverride: null,
      bookingLinkOverride: null,
    });
    // A provider without a booking link and no override: ''.
    const bare = await createVerifiedProvider(t);
    expect((await postOpening(bare)).display_booking_link).toBe('');
  });

  it('refuses every time rule with its message, and stores nothing', async () => {
    const provider = await createVerifiedProvider(t);
    const token = tokenOf(provider);
    const before = await countOpenings();
    const refused = async (overrides: Record<string, unknown>, path: string, message: string) => {
      const res = await t.post(PATH, fields(overrides), { token });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.message).toBe(message);
      expect(res.body.issues).toContainEqual({ path, message });
    };

    // Past start.
    await refused({ start_time: at(-HOUR), end_time: at(HOUR) }, 'start_time', OPENING_TEXTS.startInPast);
    // In the future, but less than 30 minutes away.
    await refused(
      { start_time: at(29 * MINUTE), end_time: at(2 * HOUR) },
      'start_time',
      OPENING_TEXTS.startTooSoon,
    );
    await refused(
      { start_time: at(MINUTE), end_time: at(2 * HOUR) },
      'start_time',
      OPENING_TEXTS.startTooSoon,
    );
    // More than 60 days ahead.
    await refused(
      { start_time: at(60 * DAY + HOUR), end_time: at(60 * DAY + 2 * HOUR) },
      'start_time',
      OPENING_TEXTS.startTooFar,
    );
    // End before start, and end equal to start.
    await refused(
      { start_time: at(3 * HOUR), end_time: at(2 * HOUR) },
      'end_time',
      OPENING_TEXTS.endBeforeStart,
    );
    const start = at(3 * HOUR);
    await refused({ start_time: start, end_time: start }, 'end_time', OPENING_TEXTS.endBeforeStart);
    // Longer than 12 hours.
    await refused(
      { start_time: at(2 * HOUR), end_time: at(14 * HOUR + MINUTE) },
      'end_time',
      OPENING_TEXTS.tooLong,
    );

    expect(await countOpenings()).toBe(before);
  });

  it('accepts the limits themselves: 30 minutes ahead, 12 hours long, just under 60 days ahead', async () => {
    const provider = await createVerifiedProvider(t);
    // A little over 30 minutes, for the time the request takes.
    await postOpening(provider, { start_time: at(30 * MINUTE + 10_000), end_time: at(HOUR) });
    // Both ends from one reading of the clock: the app's clock runs on, and two readings a
    // millisecond apart made the opening 12 hours and 1 ms long (refused) when a second or minute
    // boundary fell between them.
    const from = (base: number, ms: number) => new Date(base + ms).toISOString();
    const now = t.clock.now().getTime();
    await postOpening(provider, { start_time: from(now, 2 * HOUR), end_time: from(now, 14 * HOUR) });
    await postOpening(provider, { start_time: from(now, 60 * DAY - HOUR), end_time: from(now, 60 * DAY) });
    expect(await countOpenings(provider.user.id)).toBe(3);
  });

  it('refuses missing and oversized fields, bad links and unknown keys, and stores nothing', async () => {
    const provider = await createVerifiedProvider(t);
    const token = tokenOf(provider);
    const before = await countOpenings();
    const refused = async (body: Record<string, unknown>, path: string, message?: string) => {
      const res = await t.post(PATH, body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      if (message) expect(res.body.issues).toContainEqual({ path, message });
      else expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
    };

    await refused(fields({ service_type: '' }), 'service_type', OPENING_TEXTS.serviceTypeRequired);
    await refused(fields({ service_type: '   ' }), 'service_type', OPENING_TEXTS.serviceTypeRequired);
    const { service_type: _s, ...noService } = fields();
    await refused(noService, 'service_type');
    await refused(fields({ service_type: 'x'.repeat(101) }), 'service_type');
    const { start_time: _st, ...noStart } = fields();
    await refused(noStart, 'start_time', OPENING_TEXTS.startRequired);
    const { end_time: _et, ...noEnd } = fields();
    await refused(noEnd, 'end_time', OPENING_TEXTS.endRequired);
    await refused(fields({ start_time: 'tomorrow at 3' }), 'start_time', OPENING_TEXTS.startRequired);
    await refused(fields({ price: 'x'.repeat(51) }), 'price', 'Price must be at most 50 characters');
    await refused(fields({ note: 'x'.repeat(501) }), 'note', 'Note must be at most 500 characters');
    await refused(
      fields({ location_override: 'x'.repeat(201) }),
      'location_override',
      'Location must be at most 200 characters',
    );
    const badLink = 'Please enter a valid link starting with http:// or https://';
    await refused(fields({ booking_link_override: 'javascript:alert(1)' }), 'booking_link_override', badLink);
    await refused(
      fields({ booking_link_override: 'ftp://files.example.com' }),
      'booking_link_override',
      badLink,
    );
    await refused(fields({ booking_link_override: 'not a link' }), 'booking_link_override', badLink);
    // Strict body: an unknown key (or a provider_id of someone else's choosing) is refused.
    const unknown = await t.post(PATH, fields({ provider_id: NO_SUCH_ID }), { token });
    expect(unknown.status).toBe(400);
    const unknown2 = await t.post(PATH, fields({ is_featured: true }), { token });
    expect(unknown2.status).toBe(400);

    // The bounds themselves are fine.
    await postOpening(provider, {
      service_type: 's'.repeat(100),
      price: 'p'.repeat(50),
      note: 'n'.repeat(500),
      location_override: 'l'.repeat(200),
      booking_link_override: 'http://book.example.com/plain-http',
    });
    expect(await countOpenings()).toBe(before + 1);
  });

  it('refuses a 51st upcoming opening with 409 (inactive ones count, deleted ones do not)', async () => {
    const provider = await createVerifiedProvider(t);
    const token = tokenOf(provider);
    const made: string[] = [];
    // Beyond the 5-day window so the public list stays short for the other tests.
    for (let i = 0; i < OPENING_LIMITS.perProviderMax; i++) {
      const start = 10 * DAY + i * HOUR;
      made.push((await postOpening(token, { start_time: at(start), end_time: at(start + HOUR) })).id);
    }
    const deactivated = await t.del(`${PATH}?id=${made[0]}`, undefined, { token });
    expect(deactivated.status).toBe(200);

    const over = await t.post(PATH, fields(), { token });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ success: false, error: 'CONFLICT', message: OPENING_TEXTS.tooMany });
    expect(await countOpenings(provider.user.id)).toBe(OPENING_LIMITS.perProviderMax);

    const deleted = await t.del(`${PATH}?id=${made[1]}&permanent=true`, undefined, { token });
    expect(deleted.status).toBe(200);
    await postOpening(token);
    expect(await countOpenings(provider.user.id)).toBe(OPENING_LIMITS.perProviderMax);
  });
});

describe('GET /api/last-minute-openings?provider_id= (the owner’s list)', () => {
  it('needs a token; other providers and clients get 404', async () => {
    const owner = await createVerifiedProvider(t);
    const other = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    await postOpening(owner);

    const anonymous = await t.get(`${PATH}?provider_id=${owner.user.id}`);
    expect(anonymous.status).toBe(401);
    const anonymousInactive = await t.get(`${PATH}?provider_id=${owner.user.id}&include_inactive=true`);
    expect(anonymousInactive.status).toBe(401);

    for (const stranger of [other, client]) {
      const res = await t.get(`${PATH}?provider_id=${owner.user.id}&include_inactive=true`, {
        token: tokenOf(stranger),
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
      expect(res.body.openings).toBeUndefined();
      const active = await t.get(`${PATH}?provider_id=${owner.user.id}`, { token: tokenOf(stranger) });
      expect(active.status).toBe(404);
    }
  });

  it('shows the owner their inactive openings only with include_inactive=true; the public never', async () => {
    const owner = await createVerifiedProvider(t);
    const token = tokenOf(owner);
    const active = await postOpening(owner, { start_time: at(2 * HOUR), end_time: at(3 * HOUR) });
    const inactive = await postOpening(owner, { start_time: at(4 * HOUR), end_time: at(5 * HOUR) });
    // Beyond the public 5-day window: the owner still sees it.
    const later = await postOpening(owner, { start_time: at(20 * DAY), end_time: at(20 * DAY + HOUR) });
    const res = await t.del(`${PATH}?id=${inactive.id}`, undefined, { token });
    expect(res.status).toBe(200);

    expect(await ownList(owner, token, true)).toEqual([active.id, inactive.id, later.id]);
    expect(await ownList(owner, token, false)).toEqual([active.id, later.id]);
    const withoutFlag = await t.get(`${PATH}?provider_id=${owner.user.id}`, { token });
    expect(withoutFlag.body.openings.map((o: LooseOpening) => o.id)).toEqual([active.id, later.id]);
    const listed = await t.get(`${PATH}?provider_id=${owner.user.id}&include_inactive=true`, { token });
    expect(listed.body.openings[1]).toMatchObject({ id: inactive.id, is_active: false });

    const pub = await publicIds();
    expect(pub).toContain(active.id);
    expect(pub).not.toContain(inactive.id);
    expect(pub).not.toContain(later.id);
    // include_inactive on the public list changes nothing.
    const pubFlag = await t.get(`${PATH}?include_inactive=true&limit=100`);
    expect(pubFlag.status).toBe(200);
    expect(pubFlag.body.openings.map((o: LooseOpening) => o.id)).not.toContain(inactive.id);
    expect(await profileOpeningIds(owner)).toEqual([active.id]);
  });
});

describe('PUT /api/last-minute-openings?id=', () => {
  it('needs a token; a stranger, a client or an unknown id gets 404, and nothing changes', async () => {
    const owner = await createVerifiedProvider(t);
    const other = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const opening = await postOpening(owner);
    const before = await openingRow(opening.id);
    const change = fields({ service_type: 'Hijacked', price: '$1' });

    expect((await t.put(`${PATH}?id=${opening.id}`, change)).status).toBe(401);
    for (const stranger of [other, client]) {
      const res = await t.put(`${PATH}?id=${opening.id}`, change, { token: tokenOf(stranger) });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
    const unknown = await t.put(`${PATH}?id=${NO_SUCH_ID}`, change, { token: tokenOf(owner) });
    expect(unknown.status).toBe(404);
    const notAnId = await t.put(`${PATH}?id=abc`, change, { token: tokenOf(owner) });
    expect(notAnId.status).toBe(400);

    expect(await openingRow(opening.id)).toEqual(before);
  });

  it('changes the owner’s opening; blank optional fields become null; is_active toggles', async () => {
    const owner = await createVerifiedProvider(t);
    const token = tokenOf(owner);
    const opening = await postOpening(owner, {
      location_override: 'Suite 4',
      booking_link_override: 'https://book.example.com/suite4',
    });
    const start = at(5 * HOUR);
    const end = at(6 * HOUR);
    const res = await t.put(
      `${PATH}?id=${opening.id}`,
      {
        service_type: 'Wash and go',
        start_time: start,
        end_time: end,
        price: '',
        note: '  ',
        location_override: '',
        booking_link_override: '',
      },
      { token },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(OPENING_TEXTS.updated);
    expect(res.body.opening).toMatchObject({
      id: opening.id,
      service_type: 'Wash and go',
      price: null,
      note: null,
      location_override: null,
      booking_link_override: null,
      display_location: 'Austin, TX 78701',
      is_active: true,
    });
    const row = await openingRow(opening.id);
    expect(row).toMatchObject({
      serviceType: 'Wash and go',
      price: null,
      note: null,
      locationOverride: null,
      bookingLinkOverride: null,
      isActive: true,
    });
    expect(row!.startTime.getTime()).toBe(Date.parse(start));
    expect(row!.endTime.getTime()).toBe(Date.parse(end));

    const body = { service_type: 'Wash and go', start_time: start, end_time: end };
    const off = await t.put(`${PATH}?id=${opening.id}`, { ...body, is_active: false }, { token });
    expect(off.status).toBe(200);
    expect(off.body.opening.is_active).toBe(false);
    expect((await openingRow(opening.id))!.isActive).toBe(false);
    expect(await publicIds()).not.toContain(opening.id);
    // Without is_active the state stays as it is.
    const same = await t.put(`${PATH}?id=${opening.id}`, body, { token });
    expect(same.body.opening.is_active).toBe(false);
    const on = await t.put(`${PATH}?id=${opening.id}`, { ...body, is_active: true }, { token });
    expect(on.status).toBe(200);
    expect((await openingRow(opening.id))!.isActive).toBe(true);
    expect(await publicIds()).toContain(opening.id);
  });

  it('applies the time rules to changed times, and leaves the row as it was when refused', async () => {
    const owner = await createVerifiedProvider(t);
    const token = tokenOf(owner);
    const opening = await postOpening(owner);
    const before = await openingRow(opening.id);
    const put = (overrides: Record<string, unknown>) =>
      t.put(`${PATH}?id=${opening.id}`, { service_type: 'Silk press', ...overrides }, { token });

    const cases: [Record<string, unknown>, string][] = [
      [{ start_time: at(-HOUR), end_time: at(HOUR) }, OPENING_TEXTS.startInPast],
      [{ start_time: at(10 * MINUTE), end_time: at(HOUR) }, OPENING_TEXTS.startTooSoon],
      [{ start_time: at(61 * DAY), end_time: at(61 * DAY + HOUR) }, OPENING_TEXTS.startTooFar],
      [{ start_time: opening.start_time, end_time: at(HOUR) }, OPENING_TEXTS.endBeforeStart],
      [
        { start_time: opening.start_time, end_time: at(2 * HOUR + 12 * HOUR + MINUTE) },
        OPENING_TEXTS.tooLong,
      ],
    ];
    for (const [times, message] of cases) {
      const res = await put(times);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const extra = await put({
      start_time: opening.start_time,
      end_time: opening.end_time,
      provider_id: NO_SUCH_ID,
    });
    expect(extra.status).toBe(400);
    expect(await openingRow(opening.id)).toEqual(before);
  });

  it('does not re-judge an unchanged start that is now less than 30 minutes away', async () => {
    const owner = await createVerifiedProvider(t);
    const opening = await postOpening(owner, { start_time: at(40 * MINUTE), end_time: at(2 * HOUR) });
    t.clock.advance(20 * MINUTE); // now 20 minutes before the start
    const token = await relogin(owner);

    // The same instant, written in another offset, is the same start.
    const sameStart = new Date(opening.start_time).toISOString().replace('Z', '+00:00');
    const res = await t.put(
      `${PATH}?id=${opening.id}`,
      {
        service_type: 'Silk press',
        start_time: sameStart,
        end_time: opening.end_time,
        note: 'Running early',
      },
      { token },
    );
    expect(res.status, res.text).toBe(200);
    expect((await openingRow(opening.id))!.note).toBe('Running early');

    // Moving the start is judged: 25 minutes away is too soon.
    const moved = await t.put(
      `${PATH}?id=${opening.id}`,
      { service_type: 'Silk press', start_time: at(25 * MINUTE), end_time: opening.end_time },
      { token },
    );
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(OPENING_TEXTS.startTooSoon);
    // The end is still judged with an unchanged start.
    const badEnd = await t.put(
      `${PATH}?id=${opening.id}`,
      { service_type: 'Silk press', start_time: opening.start_time, end_time: opening.start_time },
      { token },
    );
    expect(badEnd.status).toBe(400);
    expect(badEnd.body.message).toBe(OPENING_TEXTS.endBeforeStart);
    expect((await openingRow(opening.id))!.startTime.getTime()).toBe(Date.parse(opening.start_time));
  });
});

describe('DELETE /api/last-minute-openings?id=&permanent=', () => {
  it('needs a token; a stranger or a client gets 404 and the opening stays', async () => {
    const owner = await createVerifiedProvider(t);
    const other = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const opening = await postOpening(owner);
    const before = await openingRow(opening.id);

    expect((await t.del(`${PATH}?id=${opening.id}`)).status).toBe(401);
    expect((await t.del(`${PATH}?id=${opening.id}&permanent=true`)).status).toBe(401);
    for (const stranger of [other, client]) {
      for (const permanent of ['false', 'true']) {
        const res = await t.del(`${PATH}?id=${opening.id}&permanent=${permanent}`, undefined, {
          token: tokenOf(stranger),
        });
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('NOT_FOUND');
      }
    }
    const unknown = await t.del(`${PATH}?id=${NO_SUCH_ID}&permanent=true`, undefined, {
      token: tokenOf(owner),
    });
    expect(unknown.status).toBe(404);
    expect(await openingRow(opening.id)).toEqual(before);
    expect(await publicIds()).toContain(opening.id);
  });

  it('deactivates by default and with permanent=false, and deletes with permanent=true', async () => {
    const owner = await createVerifiedProvider(t);
    const token = tokenOf(owner);
    const a = await postOpening(owner);
    const b = await postOpening(owner);

    const byDefault = await t.del(`${PATH}?id=${a.id}`, undefined, { token });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toEqual({ success: true, message: OPENING_TEXTS.deactivated });
    expect((await openingRow(a.id))!.isActive).toBe(false);

    const soft = await t.del(`${PATH}?id=${b.id}&permanent=false`, undefined, { token });
    expect(soft.body).toEqual({ success: true, message: OPENING_TEXTS.deactivated });
    expect((await openingRow(b.id))!.isActive).toBe(false);
    expect(await countOpenings(owner.user.id)).toBe(2);
    const pub = await publicIds();
    expect(pub).not.toContain(a.id);
    expect(pub).not.toContain(b.id);

    const hard = await t.del(`${PATH}?id=${a.id}&permanent=true`, undefined, { token });
    expect(hard.status).toBe(200);
    expect(hard.body).toEqual({ success: true, message: OPENING_TEXTS.deleted });
    expect(await openingRow(a.id)).toBeUndefined();
    expect(await countOpenings(owner.user.id)).toBe(1);
    // Gone: a second delete is a 404.
    const again = await t.del(`${PATH}?id=${a.id}&permanent=true`, undefined, { token });
    expect(again.status).toBe(404);
    const bad = await t.del(`${PATH}?id=${b.id}&permanent=yes`, undefined, { token });
    expect(bad.status).toBe(400);
    expect(await ownList(owner, token, true)).toEqual([b.id]);
  });
});

describe('the public list and the profile', () => {
  it('shows active openings soonest first, with the provider’s name, slug and picture', async () => {
    const provider = await createVerifiedProvider(t, { name: 'Order Test Studio' });
    const late = await postOpening(provider, { start_time: at(4 * DAY), end_time: at(4 * DAY + HOUR) });
    const soon = await postOpening(provider, { start_time: at(HOUR), end_time: at(2 * HOUR) });
    const mid = await postOpening(provider, { start_time: at(DAY), end_time: at(DAY + HOUR) });
    const list = await publicList();
    const mine = list.filter((o) => o.provider_id === provider.user.id);
    expect(mine.map((o) => o.id)).toEqual([soon.id, mid.id, late.id]);
    expect(mine[0]).toMatchObject({
      provider_name: 'Order Test Studio',
      routing_slug: provider.user.routing_slug,
      provider_image: null,
      display_location: 'Austin, TX 78701',
    });
    // The whole list is ordered by start time.
    const starts = list.map((o) => Date.parse(o.start_time as string));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
  });

  it('refuses a malformed or forged cursor and a bad limit with 400', async () => {
    expect((await t.get(`${PATH}?cursor=not-a-cursor`)).status).toBe(400);
    expect((await t.get(`${PATH}?limit=0`)).status).toBe(400);
    expect((await t.get(`${PATH}?limit=${OPENING_LIMITS.pageMax + 1}`)).status).toBe(400);
    // Well-formed base64 JSON, but keys the list cannot use: a 400, not a database error.
    const numericId = encodeKeyset({ createdAt: '2030-01-01T00:00:00.000000Z', id: '12345' });
    const res = await t.get(`${PATH}?cursor=${numericId}`);
    expect(res.status, res.text).toBe(400);
    const impossibleDate = encodeKeyset({ createdAt: '2030-02-30T00:00:00.000000Z', id: NO_SUCH_ID });
    const res2 = await t.get(`${PATH}?cursor=${impossibleDate}`);
    expect(res2.status, res2.text).toBe(400);
  });

  it('lists an opening starting just inside 5 days, not one just outside, until the clock moves', async () => {
    const provider = await createVerifiedProvider(t);
    const inside = await postOpening(provider, {
      start_time: at(5 * DAY - MINUTE),
      end_time: at(5 * DAY + HOUR),
    });
    const outside = await postOpening(provider, {
      start_time: at(5 * DAY + MINUTE),
      end_time: at(5 * DAY + 2 * HOUR),
    });
    let pub = await publicIds();
    expect(pub).toContain(inside.id);
    expect(pub).not.toContain(outside.id);
    expect(await profileOpeningIds(provider)).toEqual([inside.id]);

    t.clock.advance(2 * MINUTE); // the second one now starts 4 days 23 h 59 min from now
    pub = await publicIds();
    expect(pub).toContain(inside.id);
    expect(pub).toContain(outside.id);
    expect(await profileOpeningIds(provider)).toEqual([inside.id, outside.id]);
  });

  it('saves an opening past the 5 days and says when it will appear publicly, on the provider’s clocks', async () => {
    const provider = await createVerifiedProvider(t);
    const token = tokenOf(provider);
    // Phoenix keeps one offset all year: 5 days before 3:00 PM is 3:00 PM there, whatever the date.
    const zone = await t.put(`${PATH}/time-zone`, { time_zone: 'America/Phoenix' }, { token });
    expect(zone.status, zone.text).toBe(200);
    const today = Date.parse(`${dayKey(t.clock.now().toISOString(), 'America/Phoenix')}T00:00:00Z`);
    const day = (n: number) => new Date(today + n * DAY).toISOString().slice(0, 10);
    const res = await t.post(PATH, fields({ start_time: `${day(8)}T15:00`, end_time: `${day(8)}T16:00` }), {
      token,
    });
    expect(res.status, res.text).toBe(200);
    const { opening } = res.body;
    const shows = new Date(Date.parse(opening.start_time) - OPENING_LIMITS.windowDays * DAY);
    expect(res.body.public_from).toBe(shows.toISOString());
    const label = new Date(today + 3 * DAY).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(res.body.message).toBe(
      `Upcoming availability created successfully. It will appear publicly on ${label} at 3:00 PM MST (the public lists show the next ${OPENING_LIMITS.windowDays} days).`,
    );
    // Saved and the owner's, not public yet.
    expect((await openingRow(opening.id))?.isActive).toBe(true);
    expect(await ownList(provider, token, false)).toContain(opening.id);
    expect(await publicIds()).not.toContain(opening.id);

    // Moved into the 5 days: nothing more to say. Switched off: it will not appear at all.
    const sooner = await t.put(
      `${PATH}?id=${opening.id}`,
      fields({ start_time: at(2 * HOUR), end_time: at(3 * HOUR) }),
      { token },
    );
    expect(sooner.status, sooner.text).toBe(200);
    expect(sooner.body).toMatchObject({ message: OPENING_TEXTS.updated, public_from: null });
    const off = await t.put(
      `${PATH}?id=${opening.id}`,
      fields({ start_time: at(8 * DAY), end_time: at(8 * DAY + HOUR), is_active: false }),
      { token },
    );
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ message: OPENING_TEXTS.updated, public_from: null });
  });

  it('keeps an opening listed while it runs and never after it ends (public, owner, profile)', async () => {
    const provider = await createVerifiedProvider(t);
    const opening = await postOpening(provider, {
      start_time: at(31 * MINUTE),
      end_time: at(91 * MINUTE),
    });
    const inactive = await postOpening(provider, {
      start_time: at(31 * MINUTE),
      end_time: at(91 * MINUTE),
    });
    await t.del(`${PATH}?id=${inactive.id}`, undefined, { token: tokenOf(provider) });

    t.clock.advance(45 * MINUTE); // started 14 minutes ago, ends in 46
    expect(await publicIds()).toContain(opening.id);
    expect(await profileOpeningIds(provider)).toEqual([opening.id]);
    let token = await relogin(provider);
    // Posted first, so it starts a few milliseconds earlier.
    expect(await ownList(provider, token, true)).toEqual([opening.id, inactive.id]);

    t.clock.advance(47 * MINUTE); // ended a minute ago
    token = await relogin(provider);
    expect(await publicIds()).not.toContain(opening.id);
    expect(await profileOpeningIds(provider)).toEqual([]);
    expect(await ownList(provider, token, true)).toEqual([]);
    expect(await ownList(provider, token, false)).toEqual([]);
    // Still stored: ended is not deleted.
    expect(await countOpenings(provider.user.id)).toBe(2);
  });

  it('profile upcoming_openings: active ones in the next 5 days only', async () => {
    const provider = await createVerifiedProvider(t, { booking_link: 'https://book.example.com/prof' });
    const token = tokenOf(provider);
    const a = await postOpening(provider, { start_time: at(2 * HOUR), end_time: at(3 * HOUR) });
    const b = await postOpening(provider, {
      start_time: at(DAY),
      end_time: at(DAY + HOUR),
      booking_link_override: 'https://book.example.com/override',
    });
    const off = await postOpening(provider, { start_time: at(HOUR), end_time: at(2 * HOUR) });
    await postOpening(provider, { start_time: at(6 * DAY), end_time: at(6 * DAY + HOUR) });
    expect((await t.del(`${PATH}?id=${off.id}`, undefined, { token })).status).toBe(200);

    const res = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(res.status).toBe(200);
    const upcoming = res.body.profile.upcoming_openings;
    expect(upcoming.map((o: LooseOpening) => o.id)).toEqual([a.id, b.id]);
    expect(upcoming[0]).toMatchObject({
      service_type: 'Silk press',
      display_booking_link: 'https://book.example.com/prof',
      routing_slug: provider.user.routing_slug,
    });
    expect(upcoming[1].display_booking_link).toBe('https://book.example.com/override');
  });
});

describe('POST /api/booking-logs with an opening’s link', () => {
  it('accepts the booking_link_override of the provider’s opening, and not another provider’s', async () => {
    const provider = await createVerifiedProvider(t, { booking_link: 'https://book.example.com/main' });
    const other = await createVerifiedProvider(t);
    const client = await createVerifiedUser(t);
    const override = 'https://book.example.com/opening-special';
    await postOpening(provider, { booking_link_override: override });
    await postOpening(other, { booking_link_override: 'https://book.example.com/other-special' });
    const token = tokenOf(client);
    const countLogs = () => t.db.$count(bookingLogs, eq(bookingLogs.providerId, provider.user.id));

    const res = await t.post(
      '/api/booking-logs',
      { url: override, provider_id: provider.user.id },
      { token },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, logged: true });
    const [log] = await t.db.select().from(bookingLogs).where(eq(bookingLogs.providerId, provider.user.id));
    expect(log).toMatchObject({ clientId: client.user.id, url: override });

    const foreign = await t.post(
      '/api/booking-logs',
      { url: 'https://book.example.com/other-special', provider_id: provider.user.id },
      { token },
    );
    expect(foreign.status).toBe(400);
    expect(await countLogs()).toBe(1);
  });
});

// Runs last: it moves the clock past every opening the tests above posted.
describe('paging the public list', () => {
  it('walks 3 pages soonest first, ties by id, without duplicates or gaps', async () => {
    // Every opening above started at most 60 days after it was posted and lasted at most 12 hours.
    t.clock.advance(62 * DAY);
    expect(await publicList()).toEqual([]);

    const provider = await createVerifiedProvider(t);
    const made: string[] = [];
    // 7 openings, three of them starting at the same moment (the keyset's tie-break is the id).
    const sameStart = at(3 * HOUR);
    const sameEnd = at(4 * HOUR);
    for (const offset of [5 * HOUR, 2 * HOUR, DAY, 4 * DAY]) {
      made.push((await postOpening(provider, { start_time: at(offset), end_time: at(offset + HOUR) })).id);
    }
    for (let i = 0; i < 3; i++)
      made.push((await postOpening(provider, { start_time: sameStart, end_time: sameEnd })).id);

    const pages: LooseOpening[][] = [];
    let cursor: string | null = null;
    do {
      const res: TestResponse = await t.get(
        `${PATH}?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status, res.text).toBe(200);
      pages.push(res.body.openings);
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 10);

    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const ids = pages.flat().map((o) => o.id);
    expect(new Set(ids).size).toBe(7);
    expect([...ids].sort()).toEqual([...made].sort());
    // One page of 100 gives the same order.
    const whole = await t.get(`${PATH}?limit=100`);
    expect(whole.body.openings.map((o: LooseOpening) => o.id)).toEqual(ids);
    expect(whole.body.nextCursor).toBeNull();
    const keys = pages.flat().map((o) => [Date.parse(o.start_time as string), o.id] as const);
    const sorted = [...keys].sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });
});
