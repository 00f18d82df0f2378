import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, openings, savedSearchMatches, users } from '#server/db/schema/index.ts';
import { DEMO_CLIENT } from '#server/seed/demo-catalogue.ts';
import { type SeedSummary, seedDemo } from '#server/seed/seed.ts';
import { buildTestApp, DAY, type TestApp } from '#server/test/build-test-app.ts';
import { freshLogins } from '#server/test/factories.ts';
import { wallClockOf } from './saved-search-alerts.service';

/**
 * The demo catalogue as `npm run seed` makes it, searched as a client saves a search on the home
 * page: 'balayage near 78704'. Maya Rivera Hair Studio (78701) offers balayage, a cut and style and
 * more, and the seed gives her an opening for each of the first two. Only the balayage one is found
 * by that search: 'New for you' and the alert email both go by the search's words, service, price
 * and day, and a 'Cut & Style' opening is not a balayage one.
 */
let t: TestApp;
let summary: SeedSummary;
beforeAll(async () => {
  t = await buildTestApp();
  summary = (await seedDemo(t.app.ctx, { now: t.clock.now() }))!;
}, 240_000);
afterAll(async () => {
  await t?.close();
});
const logins = freshLogins(() => t);

const MAYA = 'Maya Rivera Hair Studio';
const account = (email: string) => {
  const found = summary.accounts.find((a) => a.email === email);
  if (!found) throw new Error(`no demo account ${email}`);
  return found;
};
const client = () => account(DEMO_CLIENT.email);
const maya = () => account('maya@demo.glowfind.example');

describe("a saved 'balayage near 78704' on the demo catalogue", () => {
  let savedSearchId: string;

  beforeAll(async () => {
    // As the save dialog names it: the words and 'near' the zip.
    const res = await t.post(
      '/api/saved-searches',
      { name: 'balayage near 78704', search: { query: 'balayage', locationZip: '78704' } },
      await logins.as(client()),
    );
    expect(res.status, res.text).toBe(200);
    savedSearchId = res.body.savedSearch.id;
  });

  it("'New for you' lists Maya's balayage opening, labelled with the search, and not her Cut & Style", async () => {
    const [mayaRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.name, MAYA));
    const seeded = await t.db
      .select({ id: openings.id, service: openings.serviceType })
      .from(openings)
      .where(eq(openings.providerId, mayaRow!.id));
    const idOf = (service: string) => seeded.find((o) => o.service === service)?.id;
    expect(idOf('Balayage')).toBeDefined();
    expect(idOf('Cut & Style')).toBeDefined();

    const res = await t.get('/api/saved-searches/openings', await logins.as(client()));
    expect(res.status, res.text).toBe(200);
    const shown = (
      res.body.openings as {
        id: string;
        provider_name: string;
        service_type: string;
        saved_search: { name: string };
      }[]
    ).map((o) => [o.id, o.provider_name, o.service_type, o.saved_search.name]);
    expect(shown).toEqual([[idOf('Balayage'), MAYA, 'Balayage', 'balayage near 78704']]);
  });

  it("a new opening matches it, and is emailed, only when it is for balayage: Maya's new Cut & Style is not", async () => {
    const date = wallClockOf(new Date(t.clock.now().getTime() + 3 * DAY), 'America/Chicago').date;
    const post = async (service: string, hour: number) => {
      const res = await t.post(
        '/api/last-minute-openings',
        { service_type: service, start_time: `${date}T${hour}:00`, end_time: `${date}T${hour + 1}:00` },
        await logins.as(maya()),
      );
      expect(res.status, res.text).toBe(200);
      return res.body.opening.id as string;
    };
    await post('Cut & Style', 11);
    const balayage = await post('Balayage', 14);
    const matched = await t.db
      .select({ openingId: savedSearchMatches.openingId })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.savedSearchId, savedSearchId));
    expect(matched.map((m) => m.openingId)).toEqual([balayage]);

    t.clock.advance(t.config.alertGroupingMs + 1000);
    await t.app.savedSearchAlerts.runOnce();
    const [mail, ...more] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, DEMO_CLIENT.email), eq(mailOutbox.kind, 'saved-search-alert')));
    expect(more).toEqual([]);
    // One opening: the subject says so.
    expect(mail!.subject).toBe('New opening for “balayage near 78704” on Glowfind');
    expect(mail!.textBody).toContain(`Balayage · ${MAYA}`);
    expect(mail!.textBody).not.toContain('Cut & Style');
  });
});
