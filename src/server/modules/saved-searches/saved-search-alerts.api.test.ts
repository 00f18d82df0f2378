import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_TEXTS } from '#domain/saved-searches.ts';
import {
  mailOutbox,
  providerInsightDays,
  savedSearchAlertedOpenings,
  savedSearchAlertSends,
  savedSearches,
  savedSearchMatches,
  users,
} from '#server/db/schema/index.ts';
import { distanceMeters, METERS_PER_MILE } from '#server/lib/geo.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  TEST_PUBLIC_URL,
  type TestApp,
} from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  type VerifiedUser,
} from '#server/test/factories.ts';
import type { ReceivedMail } from '#server/test/smtp-sink.ts';
import { wallClockOf } from './saved-search-alerts.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});
const logins = freshLogins(() => t);

const ZONE = 'America/Chicago';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The date (YYYY-MM-DD, Austin's clocks) of the next `weekday` at least 3 days from the test clock. */
function nextDate(weekday: (typeof WEEKDAYS)[number]): string {
  for (let days = 3; days < 10; days++) {
    const instant = new Date(t.clock.now().getTime() + days * DAY);
    const local = wallClockOf(instant, ZONE);
    if (Math.floor(local.hour / 24) === WEEKDAYS.indexOf(weekday)) return local.date;
  }
  throw new Error('unreachable');
}

const WIFI = 'Free Wi-Fi';

async function newProvider(
  name: string,
  { zip = '78704', services = [{ service: 'Balayage', price: 180 }], amenities = [] as string[] } = {},
) {
  const provider = logins.remember(
    await createVerifiedProvider(t, {
      name,
      location: `Austin, TX ${zip}`,
      booking_link: `https://book.example.com/${name.replace(/\W+/g, '-')}`,
    }),
  );
  const res = await t.put(
    '/api/auth/profile',
    {
      pricing: services.map((s) => ({
        service: s.service,
        description: `${s.service} by ${name}`,
        priceType: 'fixed',
        minPrice: s.price,
      })),
      amenities,
    },
    await logins.as(provider),
  );
  expect(res.status, res.text).toBe(200);
  return provider;
}

const newClient = async (name: string) =>
  logins.remember(await createVerifiedUser(t, { userData: { user_type: 'client', name } }));

async function saveSearch(client: VerifiedUser, search: object, name = 'My search') {
  const res = await t.post('/api/saved-searches', { name, search }, await logins.as(client));
  expect(res.status, res.text).toBe(200);
  return res.body.savedSearch.id as string;
}

async function postOpening(
  provider: VerifiedUser,
  {
    date = nextDate('saturday'),
    hour = 10,
    ...fields
  }: { date?: string; hour?: number } & Record<string, unknown> = {},
) {
  const hh = String(hour).padStart(2, '0');
  const res = await t.post(
    '/api/last-minute-openings',
    {
      service_type: 'Balayage',
      start_time: `${date}T${hh}:00`,
      end_time: `${date}T${hh}:45`,
      ...fields,
    },
    await logins.as(provider),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.opening as { id: string; start_time: string };
}

const matchesOf = async (savedSearchId: string) =>
  (
    await t.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, savedSearchId))
  ).map((m) => m.openingId);

const alertRows = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, 'saved-search-alert')))
    .orderBy(mailOutbox.id);

/** Past the grouping delay, then one dispatcher pass; returns the emails it queued. */
async function dispatch(): Promise<number> {
  t.clock.advance(t.config.alertGroupingMs + 1000);
  return t.app.savedSearchAlerts.runOnce();
}

const isSavedSearchAlert = (name: string) => (mail: ReceivedMail) => mail.subject.includes(`“${name}”`);

const BALAYAGE = { query: 'balayage', locationZip: '78704', radiusMiles: 10 };

// Every test gets its own providers and clients; the matches of earlier ones are dispatched first.
beforeEach(async () => {
  await t.app.savedSearchAlerts.runOnce();
});

describe('which saved searches a new opening matches (the same rules as search)', () => {
  it('words: a provider whose words hold every saved word, and no other', async () => {
    const ana = await newClient('Ana Words');
    const id = await saveSearch(ana, BALAYAGE);
    const nails = await saveSearch(ana, { query: 'gel nails', locationZip: '78704' });
    const colourist = await newProvider('Words Colour Bar');
    const opening = await postOpening(colourist);
    expect(await matchesOf(id)).toEqual([opening.id]);
    expect(await matchesOf(nails)).toEqual([]);
  });

  it("service: an opening for the service the words name, not for another of the provider's", async () => {
    const ana = await newClient('Ana Service');
    const id = await saveSearch(ana, BALAYAGE);
    // Words that name none of the provider's services (its name): any of its openings.
    const byName = await saveSearch(ana, { query: 'quenvale' });
    const provider = await newProvider('Quenvale Studio', {
      services: [
        { service: 'Balayage', price: 180 },
        { service: 'Cut & Style', price: 75 },
      ],
    });
    const balayage = await postOpening(provider);
    const cut = await postOpening(provider, { service_type: 'Cut & Style', hour: 12 });
    const toner = await postOpening(provider, { service_type: 'Balayage with toner', hour: 14 });
    expect((await matchesOf(id)).sort()).toEqual([balayage.id, toner.id].sort());
    expect((await matchesOf(byName)).sort()).toEqual([balayage.id, cut.id, toner.id].sort());
  });

  it('radius: a provider just inside the radius from the zip matches, just outside does not', async () => {
    const ana = await newClient('Ana Radius');
    const home = lookupZip('78704')!;
    const there = lookupZip('78660')!; // Pflugerville, north of Austin
    const miles = distanceMeters(home, there) / METERS_PER_MILE;
    expect(miles).toBeGreaterThan(10);
    const inside = await saveSearch(ana, { ...BALAYAGE, radiusMiles: Math.ceil(miles * 100) / 100 + 0.05 });
    const outside = await saveSearch(ana, { ...BALAYAGE, radiusMiles: Math.floor(miles * 100) / 100 - 0.05 });
    const anywhere = await saveSearch(ana, { query: 'balayage' });
    const provider = await newProvider('Radius Studio North', { zip: '78660' });
    const opening = await postOpening(provider);
    expect(await matchesOf(inside)).toEqual([opening.id]);
    expect(await matchesOf(outside)).toEqual([]);
    expect(await matchesOf(anywhere)).toEqual([opening.id]);
  });

  it("price: the opening's own price, or without one the service the words name", async () => {
    const ana = await newClient('Ana Price');
    const under200 = await saveSearch(ana, { ...BALAYAGE, priceRange: [15, 200] });
    const under100 = await saveSearch(ana, { ...BALAYAGE, priceRange: [15, 100] });
    const provider = await newProvider('Price Studio', {
      services: [
        { service: 'Balayage', price: 180 },
        { service: 'Blowout', price: 50 },
      ],
    });
    const priced = await postOpening(provider, { price: '$180' });
    expect(await matchesOf(under200)).toEqual([priced.id]);
    expect(await matchesOf(under100)).toEqual([]);
    const cheap = await postOpening(provider, { price: '$90', hour: 12 });
    expect(await matchesOf(under100)).toEqual([cheap.id]);
    // No price on the opening: the $180 balayage counts, not the $50 blowout.
    const unpriced = await postOpening(provider, { hour: 14 });
    expect((await matchesOf(under200)).sort()).toEqual([priced.id, cheap.id, unpriced.id].sort());
    expect(await matchesOf(under100)).toEqual([cheap.id]);
    // A plain amount without '$' is that amount, as the opening shows it ('$90'), not the $180 service.
    const plain = await postOpening(provider, { price: '90', hour: 16 });
    expect((await matchesOf(under100)).sort()).toEqual([cheap.id, plain.id].sort());
  });

  it("day and hour: the opening's start on the provider's clocks against the availability filter", async () => {
    const ana = await newClient('Ana Days');
    const weekends = await saveSearch(ana, {
      ...BALAYAGE,
      availability: 'weekends',
      availabilityType: 'days_pattern',
      requestedDays: ['saturday', 'sunday'],
    });
    const evenings = await saveSearch(ana, {
      ...BALAYAGE,
      availability: 'evenings',
      availabilityType: 'time_pattern',
    });
    const tuesday = nextDate('tuesday');
    const onDate = await saveSearch(ana, {
      ...BALAYAGE,
      availabilityType: 'specific_date',
      requestedDate: tuesday,
    });
    const provider = await newProvider('Days Studio');
    const saturdayMorning = await postOpening(provider, { date: nextDate('saturday'), hour: 10 });
    const tuesdayEvening = await postOpening(provider, { date: tuesday, hour: 18 });
    const tuesdayMorning = await postOpening(provider, { date: tuesday, hour: 9 });
    expect(await matchesOf(weekends)).toEqual([saturdayMorning.id]);
    expect(await matchesOf(evenings)).toEqual([tuesdayEvening.id]);
    expect((await matchesOf(onDate)).sort()).toEqual([tuesdayEvening.id, tuesdayMorning.id].sort());
  });

  it('experience: only providers with every amenity asked for', async () => {
    const ana = await newClient('Ana Amenities');
    const id = await saveSearch(ana, { ...BALAYAGE, experience: [WIFI] });
    const without = await newProvider('Plain Studio');
    const withWifi = await newProvider('Wifi Studio', { amenities: [WIFI] });
    await postOpening(without);
    const opening = await postOpening(withWifi);
    expect(await matchesOf(id)).toEqual([opening.id]);
  });

  it("never the provider's own saved search, and not a search with its alert off", async () => {
    const provider = await newProvider('Self Studio');
    const own = await saveSearch(provider, BALAYAGE);
    const ana = await newClient('Ana Off');
    const off = await saveSearch(ana, BALAYAGE);
    await t.put(`/api/saved-searches/${off}/alert`, { alert: false }, await logins.as(ana));
    await postOpening(provider);
    expect(await matchesOf(own)).toEqual([]);
    expect(await matchesOf(off)).toEqual([]);
  });
});

describe('reduced price only', () => {
  it("a saved search kept for reduced openings matches only those; its email says 'was …, now …'", async () => {
    const rae = await newClient('Rae Reduced');
    const res = await t.post(
      '/api/saved-searches',
      { name: 'Cheap balayage', search: BALAYAGE, reduced_only: true },
      await logins.as(rae),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.savedSearch.search.reducedOnly).toBe(true);
    const reducedOnly = res.body.savedSearch.id as string;
    const [stored] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, reducedOnly));
    expect(stored!.params).toMatchObject({ reducedOnly: true });
    // The same search without the filter is another saved search, which matches every opening.
    const any = await saveSearch(rae, BALAYAGE, 'Any balayage');
    const refused = await t.post(
      '/api/saved-searches',
      { name: 'Bad', search: BALAYAGE, reduced_only: 'yes' },
      await logins.as(rae),
    );
    expect(refused.status).toBe(400);

    const provider = await newProvider('Reduced Colour Bar');
    // Tomorrow, in 'New for you''s days too.
    const date = wallClockOf(new Date(t.clock.now().getTime() + DAY), ZONE).date;
    const full = await postOpening(provider, { price: '$180', date });
    const reduced = await postOpening(provider, { service: 'Balayage', reduced_price: 140, date, hour: 12 });
    expect(reduced).toMatchObject({ price: '$140', regular_price: 180 });
    expect(await matchesOf(reducedOnly)).toEqual([reduced.id]);
    expect((await matchesOf(any)).sort()).toEqual([full.id, reduced.id].sort());

    // 'New for you' follows the same rule: the reduced opening under the reduced-only search.
    const forYou = await t.get('/api/saved-searches/openings', await logins.as(rae));
    expect(forYou.status, forYou.text).toBe(200);
    const mine = forYou.body.openings.filter(
      (o: { provider_id: string }) => o.provider_id === provider.user.id,
    );
    expect(mine.find((o: { id: string }) => o.id === full.id)?.saved_search.id).toBe(any);
    expect(mine.find((o: { id: string }) => o.id === reduced.id)).toMatchObject({ regular_price: 180 });

    // An opening is told once across an account's searches: without the other search, this one tells it.
    const removed = await t.del(`/api/saved-searches/${any}`, undefined, await logins.as(rae));
    expect(removed.status, removed.text).toBe(200);
    await dispatch();
    const mail = await t.smtp.waitForMail(rae.email, isSavedSearchAlert('Cheap balayage'));
    expect(mail.text).toContain('Price: was $180, now $140');
    expect(mail.text).not.toContain('Price: $180');
  });
});

describe('alert emails', () => {
  it('one email per saved search listing every match, with times on the provider clocks, Book and profile links', async () => {
    const bea = await newClient('Bea Alerts');
    const id = await saveSearch(bea, BALAYAGE, 'Weekend balayage');
    const one = await newProvider('Group Studio One');
    const two = await newProvider('Group Studio Two');
    await postOpening(one, { price: '$180' });
    await postOpening(two, { hour: 15 });
    await dispatch();
    const [row, ...more] = await alertRows(bea.email);
    expect(more).toEqual([]);
    expect(row!.alertSavedSearchId).toBe(id);
    expect(row!.listUnsubscribe).toMatch(`${TEST_PUBLIC_URL}/api/saved-searches/unsubscribe?token=`);
    const mail = await t.smtp.waitForMail(bea.email, isSavedSearchAlert('Weekend balayage'));
    expect(mail.subject).toBe('New openings for “Weekend balayage” on Glowfind');
    expect(mail.text).toContain('Balayage · Group Studio One');
    expect(mail.text).toContain('Balayage · Group Studio Two');
    expect(mail.text).toMatch(/Sat, [A-Z][a-z]{2} \d{1,2} · 10:00\s–\s10:45\s[AP]M C[SD]T/);
    expect(mail.text).toContain('Book this opening: https://book.example.com/Group-Studio-One');
    expect(mail.text).toContain(`View Group Studio Two's profile: ${TEST_PUBLIC_URL}/`);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/unsubscribe?list=saved-search&token=`);
    expect(await matchesOf(id)).toEqual([]);
    // Each provider's insights count every alert email that listed them, once;
    // other tests' saved searches without a zip match these openings too.
    const emails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'saved-search-alert'));
    for (const [provider, name] of [
      [one, 'Group Studio One'],
      [two, 'Group Studio Two'],
    ] as const) {
      const days = await t.db
        .select()
        .from(providerInsightDays)
        .where(eq(providerInsightDays.providerId, provider.user.id));
      const listing = emails.filter((e) => e.textBody.includes(`· ${name}`)).length;
      expect(listing).toBeGreaterThanOrEqual(1);
      expect(days.reduce((sum, d) => sum + d.alertInclusions, 0)).toBe(listing);
    }
  });

  it('at most one email per saved search per hour: later matches wait and are grouped then', async () => {
    const cy = await newClient('Cy Hourly');
    await saveSearch(cy, BALAYAGE, 'Hourly balayage');
    const provider = await newProvider('Hourly Studio');
    await postOpening(provider);
    await dispatch();
    expect(await alertRows(cy.email)).toHaveLength(1);
    t.clock.advance(10 * MINUTE);
    await postOpening(provider, { hour: 12 });
    await postOpening(provider, { hour: 14 });
    await dispatch();
    expect(await alertRows(cy.email)).toHaveLength(1);
    t.clock.advance(HOUR);
    await dispatch();
    const rows = await alertRows(cy.email);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.subject).toBe('New openings for “Hourly balayage” on Glowfind');
    expect(rows[1]!.textBody.match(/Book this opening/g)).toHaveLength(2);
  });

  it('the daily cap counts emails across saved searches; the rest wait for the next day', async () => {
    const di = await newClient('Di Capped');
    const set = await t.put('/api/saved-searches/settings', { dailyCap: 1 }, await logins.as(di));
    expect(set.status).toBe(200);
    await saveSearch(di, BALAYAGE, 'Cap one');
    await saveSearch(di, { ...BALAYAGE, query: 'silk press' }, 'Cap two');
    await postOpening(await newProvider('Cap Colour Studio'));
    await postOpening(
      await newProvider('Cap Press Studio', { services: [{ service: 'Silk Press', price: 90 }] }),
      {
        service_type: 'Silk press',
      },
    );
    await dispatch();
    expect(await alertRows(di.email)).toHaveLength(1);
    t.clock.advance(2 * HOUR);
    await dispatch();
    expect(await alertRows(di.email)).toHaveLength(1);
    t.clock.advance(DAY);
    await dispatch();
    expect(await alertRows(di.email)).toHaveLength(2);
  });

  it('the default cap is 3 emails a day', async () => {
    const ed = await newClient('Ed Default Cap');
    const services = ['Balayage', 'Silk Press', 'Highlights', 'Blowout'];
    for (const service of services) {
      await saveSearch(ed, { ...BALAYAGE, query: service.toLowerCase() }, `Default cap ${service}`);
      const provider = await newProvider(`Default Cap ${service} Studio`, {
        services: [{ service, price: 90 }],
      });
      await postOpening(provider, { service_type: service });
    }
    await dispatch();
    expect(await alertRows(ed.email)).toHaveLength(3);
  });

  it('one email about an opening, however many of the saved searches match it', async () => {
    const jo = await newClient('Jo Two Searches');
    const near = await saveSearch(jo, BALAYAGE, 'Near');
    const anywhere = await saveSearch(jo, { query: 'balayage' }, 'Anywhere');
    const opening = await postOpening(await newProvider('Twice Matched Studio'));
    expect(await matchesOf(near)).toEqual([opening.id]);
    expect(await matchesOf(anywhere)).toEqual([opening.id]);
    await dispatch();
    expect(await alertRows(jo.email)).toHaveLength(1);
    expect(await matchesOf(near)).toEqual([]);
    expect(await matchesOf(anywhere)).toEqual([]);
  });

  it('one email, not two, when the client also follows the provider with opening alerts on', async () => {
    const fay = await newClient('Fay Follower');
    const gus = await newClient('Gus Follower Alerts Off');
    await saveSearch(fay, BALAYAGE, 'Fay balayage');
    await saveSearch(gus, BALAYAGE, 'Gus balayage');
    const provider = await newProvider('Followed Studio');
    for (const c of [fay, gus]) {
      expect(
        (await t.post('/api/favorites', { providerId: provider.user.id }, await logins.as(c))).status,
      ).toBe(200);
    }
    await t.put('/api/opening-alerts', { enabled: false }, await logins.as(gus));
    await postOpening(provider);
    await dispatch();
    await t.app.openingAlerts.runOnce();
    // The app's own alert dispatcher may hold the due row when this pass runs (SKIP LOCKED): the
    // outcome is awaited, not the pass.
    const fayAlerts = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, fay.email.toLowerCase())))
        .map((r) => r.kind)
        .filter((k) => k.endsWith('alert'));
    await expect.poll(fayAlerts, { timeout: 15_000, interval: 50 }).toEqual(['opening-alert']);
    // Gus hears nothing from following (alerts off), so the saved search tells him.
    expect(await alertRows(gus.email)).toHaveLength(1);
  });

  it('never for a provider no longer listed', async () => {
    const hal = await newClient('Hal Unlisted');
    const id = await saveSearch(hal, BALAYAGE);
    const provider = await newProvider('Unlisted Studio');
    await postOpening(provider);
    expect(await matchesOf(id)).toHaveLength(1);
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, provider.user.id));
    await dispatch();
    expect(await alertRows(hal.email)).toEqual([]);
    expect(await matchesOf(id)).toEqual([]);
  });

  it('never for a provider the client blocked; a block after the match counts too', async () => {
    const ida = await newClient('Ida Blocks');
    await saveSearch(ida, BALAYAGE, 'Blocking balayage');
    const blocked = await newProvider('Blocked Balayage Bar');
    const later = await newProvider('Later Blocked Studio');
    const kept = await newProvider('Kept Balayage Studio');
    const block = async (provider: VerifiedUser) =>
      expect(
        (await t.post('/api/blocked-providers', { providerId: provider.user.id }, await logins.as(ida)))
          .status,
      ).toBe(200);
    await block(blocked);
    await postOpening(blocked);
    await postOpening(later, { hour: 12 });
    await postOpening(kept, { hour: 14 });
    await block(later);
    await dispatch();
    const [row, ...more] = await alertRows(ida.email);
    expect(more).toEqual([]);
    expect(row!.textBody).toContain('Kept Balayage Studio');
    expect(row!.textBody).not.toContain('Blocked Balayage Bar');
    expect(row!.textBody).not.toContain('Later Blocked Studio');
  });

  it('one-click unsubscribe turns off that saved search only', async () => {
    const ivy = await newClient('Ivy Unsubscribes');
    const first = await saveSearch(ivy, BALAYAGE, 'Ivy first');
    const second = await saveSearch(ivy, { ...BALAYAGE, query: 'silk press' }, 'Ivy second');
    await postOpening(await newProvider('Unsubscribe Studio'));
    await postOpening(
      await newProvider('Unsubscribe Press', { services: [{ service: 'Silk Press', price: 90 }] }),
      {
        service_type: 'Silk press',
      },
    );
    await dispatch();
    const rows = await alertRows(ivy.email);
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.alertSavedSearchId === first)!;
    const oneClickUrl = new URL(row.listUnsubscribe!);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${oneClickUrl.pathname}${oneClickUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(JSON.parse(oneClick.body).message).toBe(SAVED_SEARCH_TEXTS.unsubscribed);
    const alerts = async () =>
      Object.fromEntries(
        (await t.db.select().from(savedSearches).where(eq(savedSearches.userId, ivy.user.id))).map((s) => [
          s.id,
          s.alert,
        ]),
      );
    expect(await alerts()).toEqual({ [first]: false, [second]: true });
    // A favourites token, a bad token or none: refused, nothing changes.
    for (const body of [{ token: 'not-a-token' }, {}]) {
      const res = await t.post('/api/saved-searches/unsubscribe', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('INVALID_TOKEN');
    }
    expect(await alerts()).toEqual({ [first]: false, [second]: true });
  });
});

describe('alert history', () => {
  const historyOf = async (userId: string) => ({
    sends: await t.db.$count(savedSearchAlertSends, eq(savedSearchAlertSends.userId, userId)),
    openings: await t.db.$count(savedSearchAlertedOpenings, eq(savedSearchAlertedOpenings.userId, userId)),
  });

  /** A client with one alert sent about one opening. */
  async function alertedClient(name: string) {
    const client = await newClient(name);
    await saveSearch(client, BALAYAGE);
    await postOpening(await newProvider(`${name} Studio`));
    await dispatch();
    expect(await alertRows(client.email)).toHaveLength(1);
    expect(await historyOf(client.user.id)).toEqual({ sends: 1, openings: 1 });
    return client;
  }

  it('a client deletes theirs from the account page: their record goes, no one else’s, and their searches stay', async () => {
    const ana = await alertedClient('Ana History');
    const bea = await alertedClient('Bea History');

    expect((await t.app.inject({ method: 'DELETE', url: '/api/saved-searches/history' })).statusCode).toBe(
      401,
    );
    expect(await historyOf(ana.user.id)).toEqual({ sends: 1, openings: 1 });

    const res = await t.del('/api/saved-searches/history', undefined, await logins.as(ana));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: SAVED_SEARCH_TEXTS.historyDeleted });
    expect(await historyOf(ana.user.id)).toEqual({ sends: 0, openings: 0 });
    expect(await historyOf(bea.user.id)).toEqual({ sends: 1, openings: 1 });
    expect(await t.db.$count(savedSearches, eq(savedSearches.userId, ana.user.id))).toBe(1);
  });

  it('is forgotten on its own: an alert after 30 days, the openings it named once they have ended', async () => {
    const cy = await alertedClient('Cy History');
    // The opening ends within days; the alert is remembered for 30.
    t.clock.advance(10 * DAY);
    await t.app.savedSearchAlerts.runOnce();
    expect(await historyOf(cy.user.id)).toEqual({ sends: 1, openings: 0 });
    t.clock.advance(21 * DAY);
    await t.app.savedSearchAlerts.runOnce();
    expect(await historyOf(cy.user.id)).toEqual({ sends: 0, openings: 0 });
  });
});

describe("'New for you': GET /api/saved-searches/openings", () => {
  /** The date (YYYY-MM-DD, Austin's clocks) `days` after the test clock's. */
  const dateIn = (days: number) => wallClockOf(new Date(t.clock.now().getTime() + days * DAY), ZONE).date;
  const forYou = async (client: VerifiedUser) => {
    const res = await t.get('/api/saved-searches/openings', await logins.as(client));
    expect(res.status, res.text).toBe(200);
    return res.body.openings as {
      id: string;
      provider_name: string;
      click_token?: string;
      saved_search: { id: string; name: string };
    }[];
  };
  const zephyr = [{ service: 'Zephyrcut', price: 80 }];

  it('the next 5 days’ openings matching any saved search, soonest first, each labelled with the newest search it matches', async () => {
    const dee = await newClient('Dee For You');
    const anywhere = await saveSearch(dee, { query: 'zephyrcut' }, 'Zephyr anywhere');
    const near = await saveSearch(
      dee,
      { query: 'zephyrcut', locationZip: '78704', radiusMiles: 10 },
      'Zephyr near',
    );
    // A search with its alert off still says what the client is looking for.
    await t.put(`/api/saved-searches/${near}/alert`, { alert: false }, await logins.as(dee));
    const home = await newProvider('Zephyr Home Studio', { services: zephyr });
    const north = await newProvider('Zephyr North Studio', { zip: '78660', services: zephyr });
    const other = await newProvider('Other Words Studio', {
      services: [{ service: 'Gel nails', price: 40 }],
    });
    const later = await postOpening(home, { service_type: 'Zephyrcut', date: dateIn(2), hour: 10 });
    const sooner = await postOpening(north, { service_type: 'Zephyrcut', date: dateIn(1), hour: 10 });
    await postOpening(home, { service_type: 'Zephyrcut', date: dateIn(7), hour: 10 });
    await postOpening(other, { service_type: 'Gel nails', date: dateIn(1), hour: 11 });

    const list = await forYou(dee);
    expect(list.map((o) => [o.id, o.saved_search])).toEqual([
      [sooner.id, { id: anywhere, name: 'Zephyr anywhere' }],
      [later.id, { id: near, name: 'Zephyr near' }],
    ]);
    expect(list.every((o) => typeof o.click_token === 'string')).toBe(true);

    // Nobody else's list shows them, nor the provider's own openings.
    expect(await forYou(await newClient('Eve Nothing Saved'))).toEqual([]);
    await saveSearch(home, { query: 'zephyrcut' });
    expect((await forYou(home)).map((o) => o.id)).toEqual([sooner.id]);

    // A provider the client blocks leaves it, and comes back when unblocked.
    await t.post('/api/blocked-providers', { providerId: home.user.id }, await logins.as(dee));
    expect((await forYou(dee)).map((o) => o.id)).toEqual([sooner.id]);
    await t.del('/api/blocked-providers', { providerId: home.user.id }, await logins.as(dee));
    expect((await forYou(dee)).map((o) => o.id)).toEqual([sooner.id, later.id]);

    // A provider no longer listed leaves it; a deleted search takes its matches with it.
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, north.user.id));
    expect((await forYou(dee)).map((o) => o.id)).toEqual([later.id]);
    await t.del(`/api/saved-searches/${near}`, undefined, await logins.as(dee));
    expect((await forYou(dee)).map((o) => o.saved_search.name)).toEqual(['Zephyr anywhere']);
  });

  it("the alerts' rules: the opening's own price or else the service's, and its day on the provider's clocks", async () => {
    const fay = await newClient('Fay For You');
    await saveSearch(fay, { query: 'quillwave', priceRange: [15, 100] }, 'Cheap quillwave');
    const provider = await newProvider('Quillwave Studio', {
      services: [
        { service: 'Quillwave', price: 180 },
        { service: 'Blowout', price: 50 },
      ],
    });
    const quillwave = { service_type: 'Quillwave' };
    const cheap = await postOpening(provider, { ...quillwave, date: dateIn(1), hour: 9, price: '$90' });
    await postOpening(provider, { ...quillwave, date: dateIn(1), hour: 11, price: '$180' });
    // No price of its own: the $180 quillwave counts, not the $50 blowout.
    await postOpening(provider, { ...quillwave, date: dateIn(1), hour: 13 });
    // A $50 blowout is cheap, but it is not a quillwave.
    await postOpening(provider, { service_type: 'Blowout', date: dateIn(1), hour: 15, price: '$50' });
    expect((await forYou(fay)).map((o) => o.id)).toEqual([cheap.id]);

    const gus = await newClient('Gus For You');
    const day =
      WEEKDAYS[Math.floor(wallClockOf(new Date(t.clock.now().getTime() + 2 * DAY), ZONE).hour / 24)]!;
    await saveSearch(
      gus,
      { query: 'quillwave', availabilityType: 'days_pattern', requestedDays: [day] },
      'Quillwave that day',
    );
    const onTheDay = await postOpening(provider, { ...quillwave, date: dateIn(2), hour: 9 });
    const ids = (await forYou(gus)).map((o) => o.id);
    expect(ids).toEqual([onTheDay.id]);
  });

  it('asks for a login', async () => {
    expect((await t.get('/api/saved-searches/openings')).status).toBe(401);
  });
});
