import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openings, users } from '#server/db/schema/index.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  type TestApp,
  type TestResponse,
} from '#server/test/build-test-app.ts';
import { createVerifiedProvider, type VerifiedUser } from '#server/test/factories.ts';

/**
 * The public profile reads its upcoming openings in the slug lookup's own statement
 * (profiles.queries findProviderBySlug): they must be what the public openings list shows for that
 * provider, in its order, fields and time format, and at most PROFILE_OPENINGS (10) of them.
 */

const PATH = '/api/last-minute-openings';
const PROFILE_OPENINGS = 10;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

async function postOpening(provider: VerifiedUser, overrides: Record<string, unknown> = {}) {
  const res = await t.post(
    PATH,
    {
      service_type: 'Silk press',
      start_time: at(2 * HOUR),
      end_time: at(3 * HOUR),
      price: '$85',
      note: 'Bring your own scarf',
      ...overrides,
    },
    { token: provider.session.access_token },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.opening as { id: string };
}

/** The public list (every page), this provider's openings only, in the list's order. */
async function listedOpeningsOf(providerId: string) {
  const all: { provider_id: string }[] = [];
  let cursor: string | null = null;
  do {
    const res: TestResponse = await t.get(
      `${PATH}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    all.push(...res.body.openings);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all.filter((o) => o.provider_id === providerId);
}

async function profileOpenings(provider: VerifiedUser) {
  const res = await t.get(`/api/user/${provider.user.routing_slug}`);
  expect(res.status, res.text).toBe(200);
  return res.body.profile.upcoming_openings as { id: string }[];
}

describe('GET /api/user/:slug upcoming_openings', () => {
  it('equals the public list for that provider: past, cancelled, far and others’ openings absent, order and limit kept', async () => {
    const provider = await createVerifiedProvider(t, { booking_link: 'https://book.example.com/main' });
    const other = await createVerifiedProvider(t);
    await postOpening(other, { start_time: at(HOUR), end_time: at(2 * HOUR) });

    // Twelve inside the window, posted out of order; two share a start time (the id breaks the tie).
    const base = t.clock.now().getTime();
    const from = (ms: number) => new Date(base + ms).toISOString();
    const posted: { id: string }[] = [];
    for (const hours of [30, 4, 50, 8, 8, 20, 70, 1, 44, 96, 12, 60]) {
      posted.push(
        await postOpening(provider, {
          start_time: from(hours * HOUR),
          end_time: from(hours * HOUR + HOUR),
          ...(hours === 20
            ? { location_override: 'Pop-up, 5th St', booking_link_override: 'https://book.example.com/popup' }
            : {}),
          ...(hours === 12 ? { price: '', note: '' } : {}),
        }),
      );
    }
    // Cancelled (deactivated), beyond 5 days, and ended (moved into the past in the database).
    const cancelled = await postOpening(provider, { start_time: at(3 * HOUR), end_time: at(4 * HOUR) });
    const del = await t.del(`${PATH}?id=${cancelled.id}`, undefined, {
      token: provider.session.access_token,
    });
    expect(del.status, del.text).toBe(200);
    const far = await postOpening(provider, { start_time: at(6 * DAY), end_time: at(6 * DAY + HOUR) });
    const ended = await postOpening(provider, { start_time: at(5 * HOUR), end_time: at(6 * HOUR) });
    await t.db
      .update(openings)
      .set({ startTime: new Date(at(-3 * HOUR)), endTime: new Date(at(-MINUTE)) })
      .where(eq(openings.id, ended.id));

    const listed = await listedOpeningsOf(provider.user.id);
    expect(listed).toHaveLength(12);
    const onProfile = await profileOpenings(provider);
    expect(onProfile).toHaveLength(PROFILE_OPENINGS);
    expect(onProfile).toEqual(listed.slice(0, PROFILE_OPENINGS));

    const ids = onProfile.map((o) => o.id);
    for (const absent of [cancelled.id, far.id, ended.id]) expect(ids).not.toContain(absent);
    expect(new Set(ids).size).toBe(PROFILE_OPENINGS);
    expect(ids.every((id) => posted.some((p) => p.id === id))).toBe(true);
    // Soonest first: 1 h, 4 h, the two at 8 h (by id), 12 h … 60 h; 70 and 96 h fall past the limit.
    const eights = posted.filter((_, i) => i === 3 || i === 4).map((p) => p.id);
    expect(ids.slice(0, 4)).toEqual([posted[7]!.id, posted[1]!.id, ...eights.sort()]);
    expect(onProfile[5]).toMatchObject({
      id: posted[5]!.id,
      display_location: 'Pop-up, 5th St',
      display_booking_link: 'https://book.example.com/popup',
      is_active: true,
    });
    expect(onProfile[4]).toMatchObject({ id: posted[10]!.id, price: null, note: null });
    expect(onProfile[0]).toMatchObject({
      provider_id: provider.user.id,
      routing_slug: provider.user.routing_slug,
      display_booking_link: 'https://book.example.com/main',
    });
    // The list's format: microseconds, UTC.
    expect(onProfile[0]).toMatchObject({
      start_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
  });

  it('is empty when the provider has no upcoming opening, and in the owner’s preview of an unlisted profile', async () => {
    const provider = await createVerifiedProvider(t);
    expect(await profileOpenings(provider)).toEqual([]);

    await postOpening(provider);
    expect(await profileOpenings(provider)).toHaveLength(1);
    // Not listed: the public list leaves its openings out, and so does the owner's preview.
    await t.db.update(users).set({ listed: false }).where(eq(users.id, provider.user.id));
    expect(await listedOpeningsOf(provider.user.id)).toEqual([]);
    const res = await t.get(`/api/user/${provider.user.routing_slug}`, {
      token: provider.session.access_token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile.listed).toBe(false);
    expect(res.body.profile.upcoming_openings).toEqual([]);
  });
});
