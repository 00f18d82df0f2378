import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, openingAlertDispatches, openingAlertSends, users } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, MINUTE, TEST_PUBLIC_URL, type TestApp } from '#server/test/build-test-app.ts';
import {
  countOutbox,
  createVerifiedProvider,
  createVerifiedUser,
  loginAs,
  type VerifiedUser,
} from '#server/test/factories.ts';
import type { ReceivedMail } from '#server/test/smtp-sink.ts';
import { openingTimeInEmail } from './opening-alerts.service';

const PATH = '/api/last-minute-openings';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

/** Access tokens last 15 minutes of the app's clock, which these tests move: log in again when old. */
const tokens = new Map<string, { token: string; issuedAt: number }>();
async function tokenOf(u: VerifiedUser): Promise<string> {
  const now = t.clock.now().getTime();
  const cached = tokens.get(u.email);
  if (cached && now - cached.issuedAt < 10 * MINUTE) return cached.token;
  const session = await loginAs(t, u.email, u.password);
  tokens.set(u.email, { token: session.access_token, issuedAt: now });
  return session.access_token;
}

async function newProvider(
  name: string,
  bookingLink = `https://book.example.com/${name.replace(/\W+/g, '-')}`,
) {
  const provider = await createVerifiedProvider(t, {
    name,
    location: 'Austin, TX 78701',
    booking_link: bookingLink,
  });
  tokens.set(provider.email, { token: provider.session.access_token, issuedAt: t.clock.now().getTime() });
  return { ...provider, bookingLink };
}

async function newClient(name: string) {
  const client = await createVerifiedUser(t, { userData: { user_type: 'client', name } });
  tokens.set(client.email, { token: client.session.access_token, issuedAt: t.clock.now().getTime() });
  return client;
}

async function favourite(user: VerifiedUser, provider: VerifiedUser) {
  const res = await t.post(
    '/api/favorites',
    { providerId: provider.user.id },
    { token: await tokenOf(user) },
  );
  expect(res.status, res.text).toBe(200);
}

async function postOpening(provider: VerifiedUser, overrides: Record<string, unknown> = {}) {
  const res = await t.post(
    PATH,
    { service_type: 'Silk press', start_time: at(3 * HOUR), end_time: at(4.5 * HOUR), ...overrides },
    { token: await tokenOf(provider) },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.opening as {
    id: string;
    start_time: string;
    end_time: string;
    service_type: string;
    price: string | null;
  };
}

const isAlert = (providerName: string) => (mail: ReceivedMail) =>
  mail.subject.startsWith(`${providerName}: new opening`);
const alertsTo = (email: string, providerName: string) => t.smtp.mailsTo(email).filter(isAlert(providerName));

/** Alert rows in the outbox for this address. */
const alertRows = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, 'opening-alert')));

const dispatchOf = async (providerId: string) => {
  const [row] = await t.db
    .select()
    .from(openingAlertDispatches)
    .where(eq(openingAlertDispatches.providerId, providerId));
  return row;
};

const lastAlertSent = async (userId: string, providerId: string) => {
  const [row] = await t.db
    .select()
    .from(openingAlertSends)
    .where(and(eq(openingAlertSends.userId, userId), eq(openingAlertSends.providerId, providerId)));
  return row?.sentAt;
};

/** Moves the clock past the grouping delay of openings posted now. */
const passGrouping = () => t.clock.advance(t.config.alertGroupingMs + 1000);

/** Waits until the dispatcher has handled this provider's due announcement (none left due now). */
async function dispatched(providerId: string) {
  await expect
    .poll(
      async () => {
        const row = await dispatchOf(providerId);
        return !row || row.dueAt.getTime() > t.clock.now().getTime();
      },
      { timeout: 10_000, interval: 25 },
    )
    .toBe(true);
}

/** Lets the dispatcher and mail worker (50 ms polls) run a few times. */
const settle = () => sleep(400);

const unsubscribeLink = (mail: ReceivedMail) => {
  const match = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mail.text);
  if (!match) throw new Error(`No unsubscribe link in:\n${mail.text}`);
  return new URL(match[1]!);
};

/** 'Tue, Nov 24 · 3:00 – 4:00 PM CST' (Intl puts narrow and thin spaces where \s is here). */
const TIME_PATTERN =
  /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [A-Z][a-z]{2} \d{1,2} · \d{1,2}:\d{2}(\s[AP]M)?\s–\s\d{1,2}:\d{2}\s[AP]M C[SD]T/;

describe('opening alerts', () => {
  it('sends each favouriter exactly one email for openings posted together; others get nothing', async () => {
    const provider = await newProvider('Maya Loc Studio', 'https://book.example.com/maya');
    const policies = await t.put(
      '/api/auth/profile',
      { policies: { deposit: { type: 'amount', value: 20 }, cancellation_notice_hours: 24, text: '' } },
      { token: await tokenOf(provider) },
    );
    expect(policies.status, policies.text).toBe(200);
    const ana = await newClient('Ana Fan');
    const ben = await newClient('Ben Fan');
    const cal = await newClient('Cal Stranger');
    await favourite(ana, provider);
    await favourite(ben, provider);
    // Cal saved someone else.
    await favourite(cal, await newProvider('Other Studio'));

    const first = await postOpening(provider, {
      service_type: 'Loc retwist',
      price: '$95',
      start_time: at(3 * HOUR),
      end_time: at(4.5 * HOUR),
    });
    const second = await postOpening(provider, {
      service_type: 'Starter locs',
      price: 'From $150',
      start_time: at(26 * HOUR),
      end_time: at(29 * HOUR),
      booking_link_override: 'https://book.example.com/maya-starter',
      location_override: 'Pop-up at 5th & Main',
      note: 'Consultation included',
    });

    // Nothing before the grouping delay has passed.
    await settle();
    expect(alertsTo(ana.email, 'Maya Loc Studio')).toEqual([]);
    expect(await alertRows(ana.email)).toEqual([]);

    passGrouping();
    const mailA = await t.smtp.waitForMail(ana.email, isAlert('Maya Loc Studio'));
    const mailB = await t.smtp.waitForMail(ben.email, isAlert('Maya Loc Studio'));
    for (const mail of [mailA, mailB]) {
      expect(mail.subject).toBe('Maya Loc Studio: new openings on Glowfind');
      expect(mail.text).toContain('Maya Loc Studio just posted 2 openings');
      expect(mail.text).toContain('Loc retwist');
      expect(mail.text).toContain('Starter locs');
      expect(mail.text).toContain('Price: $95');
      expect(mail.text).toContain('Price: From $150');
      expect(mail.text).toContain('Pop-up at 5th & Main');
      expect(mail.text).toContain('Consultation included');
      // The provider's policies, in the line the openings show.
      expect(mail.text.split('Deposit $20 · 24 h cancellation notice')).toHaveLength(3);
      // Austin (78701) is Central time.
      expect(mail.text).toContain(openingTimeInEmail({ ...first, time_zone: 'America/Chicago' }));
      expect(mail.text).toContain(openingTimeInEmail({ ...second, time_zone: 'America/Chicago' }));
      expect(mail.text).toMatch(TIME_PATTERN);
      expect(mail.text).toContain(`${TEST_PUBLIC_URL}/${provider.user.routing_slug}`);
      expect(mail.text).toContain('https://book.example.com/maya\n');
      expect(mail.text).toContain('https://book.example.com/maya-starter');
      expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/${provider.user.routing_slug}"`);
      expect(mail.html).toContain('href="https://book.example.com/maya-starter"');
      expect(unsubscribeLink(mail).origin + unsubscribeLink(mail).pathname).toBe(
        `${TEST_PUBLIC_URL}/unsubscribe`,
      );
    }
    // The openings are listed soonest first.
    expect(mailA.text.indexOf('Loc retwist')).toBeLessThan(mailA.text.indexOf('Starter locs'));
    // Each person's link is their own.
    expect(unsubscribeLink(mailA).searchParams.get('token')).not.toBe(
      unsubscribeLink(mailB).searchParams.get('token'),
    );

    // Marked sent once the SMTP server has answered.
    await expect
      .poll(async () => (await alertRows(ana.email))[0]?.status, { timeout: 10_000, interval: 25 })
      .toBe('sent');
    const [rowA] = await alertRows(ana.email);
    expect(rowA).toMatchObject({
      sentAt: expect.any(Date),
      alertUserId: ana.user.id,
      alertProviderId: provider.user.id,
      listUnsubscribe: expect.stringMatching(
        new RegExp(`^${TEST_PUBLIC_URL.replace(/\./g, '\\.')}/api/opening-alerts/unsubscribe\\?token=.+`),
      ),
    });

    await settle();
    expect(alertsTo(ana.email, 'Maya Loc Studio')).toHaveLength(1);
    expect(alertsTo(ben.email, 'Maya Loc Studio')).toHaveLength(1);
    expect(await alertRows(ana.email)).toHaveLength(1);
    expect(await alertRows(ben.email)).toHaveLength(1);
    expect(t.smtp.mailsTo(cal.email).filter((m) => m.subject.includes('new opening'))).toEqual([]);
    expect(await alertRows(cal.email)).toEqual([]);
    // Nobody emails the provider about their own openings.
    expect(await alertRows(provider.email)).toEqual([]);
  });

  it('sends at most one email per hour per provider: a later opening waits for the next hour, alone', async () => {
    const provider = await newProvider('Hourly Braids');
    const dee = await newClient('Dee Fan');
    await favourite(dee, provider);

    // Stored as typed, shown as every price is shown.
    const braids = await postOpening(provider, { service_type: 'Box braids', price: '1200' });
    expect(braids.price).toBe('1200');
    passGrouping();
    const first = await t.smtp.waitForMail(dee.email, isAlert('Hourly Braids'));
    expect(first.text).toContain('Price: $1,200');
    expect(first.html).toContain('Price: $1,200');
    const firstSent = (await lastAlertSent(dee.user.id, provider.user.id))!;
    expect(firstSent).toBeInstanceOf(Date);

    t.clock.advance(10 * MINUTE);
    const late = await postOpening(provider, {
      service_type: 'Cornrows',
      price: '$60',
      start_time: at(5 * HOUR),
      end_time: at(6 * HOUR),
    });
    passGrouping();
    await dispatched(provider.user.id);
    // Rescheduled for an hour after the first email.
    expect((await dispatchOf(provider.user.id))!.dueAt.getTime()).toBe(firstSent.getTime() + HOUR);
    await settle();
    expect(alertsTo(dee.email, 'Hourly Braids')).toHaveLength(1);
    expect(await alertRows(dee.email)).toHaveLength(1);

    // A minute before the hour: still nothing.
    t.clock.advance(firstSent.getTime() + HOUR - MINUTE - t.clock.now().getTime());
    await settle();
    expect(alertsTo(dee.email, 'Hourly Braids')).toHaveLength(1);

    t.clock.advance(2 * MINUTE);
    const next = await t.smtp.waitForMail(dee.email, isAlert('Hourly Braids'));
    expect(next.subject).toBe('Hourly Braids: new opening on Glowfind');
    expect(next.text).toContain('Hourly Braids just posted an opening');
    expect(next.text).toContain('Cornrows');
    expect(next.text).toContain('Price: $60');
    expect(next.text).toContain(openingTimeInEmail({ ...late, time_zone: 'America/Chicago' }));
    expect(next.text).not.toContain('Box braids');

    await settle();
    expect(alertsTo(dee.email, 'Hourly Braids')).toHaveLength(2);
    expect(await alertRows(dee.email)).toHaveLength(2);
    expect(await dispatchOf(provider.user.id)).toBeUndefined();
  });

  it('turns alerts off through the link in the email, without logging in; later openings send nothing', async () => {
    const provider = await newProvider('Unsub Nails');
    const other = await newProvider('Unsub Lashes');
    const eve = await newClient('Eve Fan');
    await favourite(eve, provider);
    await favourite(eve, other);

    await postOpening(provider, { service_type: 'Gel manicure' });
    passGrouping();
    const mail = await t.smtp.waitForMail(eve.email, isAlert('Unsub Nails'));
    const link = unsubscribeLink(mail);
    const token = link.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const res = await t.post(`/api/opening-alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    const [row] = await t.db.select().from(users).where(eq(users.id, eve.user.id));
    expect(row!.openingAlerts).toBe(false);
    const state = await t.get('/api/opening-alerts', { token: await tokenOf(eve) });
    expect(state.body).toEqual({ success: true, enabled: false });
    // Clicking again is fine.
    expect((await t.post(`/api/opening-alerts/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(
      200,
    );

    // Past the hourly limit, so only the switch can hold these back.
    t.clock.advance(HOUR + MINUTE);
    await postOpening(provider, { service_type: 'Pedicure' });
    await postOpening(other, { service_type: 'Lash lift' });
    passGrouping();
    await dispatched(provider.user.id);
    await dispatched(other.user.id);
    await settle();
    expect(alertsTo(eve.email, 'Unsub Nails')).toHaveLength(1);
    expect(alertsTo(eve.email, 'Unsub Lashes')).toEqual([]);
    expect(await alertRows(eve.email)).toHaveLength(1);
  });

  it('also unsubscribes with a JSON token or an RFC 8058 one-click form post; bad tokens are 400', async () => {
    const provider = await newProvider('OneClick Spa');
    const fay = await newClient('Fay Fan');
    await favourite(fay, provider);
    await postOpening(provider, { service_type: 'Facial' });
    passGrouping();
    const mail = await t.smtp.waitForMail(fay.email, isAlert('OneClick Spa'));
    const token = unsubscribeLink(mail).searchParams.get('token')!;
    const [row] = await alertRows(fay.email);
    const enabled = async () =>
      (await t.get('/api/opening-alerts', { token: await tokenOf(fay) })).body.enabled;
    const turnOn = async () => {
      const res = await t.put('/api/opening-alerts', { enabled: true }, { token: await tokenOf(fay) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, enabled: true });
    };
    expect(await enabled()).toBe(true);

    // What a mail client sends for the List-Unsubscribe header.
    const oneClickUrl = new URL(row!.listUnsubscribe!);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${oneClickUrl.pathname}${oneClickUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(await enabled()).toBe(false);

    await turnOn();
    const json = await t.post('/api/opening-alerts/unsubscribe', { token });
    expect(json.status, json.text).toBe(200);
    expect(await enabled()).toBe(false);

    await turnOn();
    const bad = async (url: string, body?: unknown) => {
      const res = await t.post(url, body);
      expect(res.status, url).toBe(400);
      return res;
    };
    const invalid = await bad('/api/opening-alerts/unsubscribe?token=not-a-token');
    expect(invalid.body.error).toBe('INVALID_TOKEN');
    const [head, payload, sig] = token.split('.');
    const tampered = `${head}.${payload}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await bad(`/api/opening-alerts/unsubscribe?token=${tampered}`)).body.error).toBe('INVALID_TOKEN');
    // Another kind of signed token (an access token) is not an unsubscribe token.
    const access = await tokenOf(fay);
    expect((await bad(`/api/opening-alerts/unsubscribe?token=${access}`)).body.error).toBe('INVALID_TOKEN');
    await bad('/api/opening-alerts/unsubscribe');
    await bad('/api/opening-alerts/unsubscribe', { token: '' });
    expect(await enabled()).toBe(true);
  });

  it('GET/PUT /api/opening-alerts need a token and a boolean', async () => {
    const gus = await newClient('Gus');
    expect((await t.get('/api/opening-alerts')).status).toBe(401);
    expect((await t.put('/api/opening-alerts', { enabled: false })).status).toBe(401);
    const token = await tokenOf(gus);
    expect((await t.get('/api/opening-alerts', { token })).body).toEqual({ success: true, enabled: true });
    expect((await t.put('/api/opening-alerts', { enabled: 'no' }, { token })).status).toBe(400);
    expect((await t.put('/api/opening-alerts', {}, { token })).status).toBe(400);
    const off = await t.put('/api/opening-alerts', { enabled: false }, { token });
    expect(off.body).toEqual({ success: true, enabled: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, gus.user.id));
    expect(row!.openingAlerts).toBe(false);
    expect((await t.get('/api/opening-alerts', { token })).body.enabled).toBe(false);
  });

  it('cancels a queued alert when the user unsaves the provider (or turns alerts off) before the send', async () => {
    const provider = await newProvider('Cancel Cuts');
    const hal = await newClient('Hal Unsaves');
    const ivy = await newClient('Ivy Switches Off');
    const jo = await newClient('Jo Keeps');
    for (const u of [hal, ivy, jo]) await favourite(u, provider);

    // Hold the mail worker so the alerts stay queued.
    await t.app.mailWorker.stop();
    try {
      await postOpening(provider, { service_type: 'Fade' });
      passGrouping();
      await dispatched(provider.user.id);
      for (const u of [hal, ivy, jo]) {
        expect(await alertRows(u.email)).toEqual([expect.objectContaining({ status: 'pending' })]);
      }
      const unsaved = await t.del(
        '/api/favorites',
        { providerId: provider.user.id },
        { token: await tokenOf(hal) },
      );
      expect(unsaved.status, unsaved.text).toBe(200);
      const off = await t.put('/api/opening-alerts', { enabled: false }, { token: await tokenOf(ivy) });
      expect(off.status).toBe(200);
    } finally {
      t.app.mailWorker.start();
    }

    await t.smtp.waitForMail(jo.email, isAlert('Cancel Cuts'));
    for (const u of [hal, ivy]) {
      await expect
        .poll(async () => (await alertRows(u.email))[0]?.status, { timeout: 10_000, interval: 25 })
        .toBe('cancelled');
      const [row] = await alertRows(u.email);
      expect(row!.sentAt).toBeNull();
    }
    await settle();
    expect(alertsTo(hal.email, 'Cancel Cuts')).toEqual([]);
    expect(alertsTo(ivy.email, 'Cancel Cuts')).toEqual([]);
    expect(alertsTo(jo.email, 'Cancel Cuts')).toHaveLength(1);
    expect((await alertRows(jo.email))[0]!.status).toBe('sent');
  });

  it('does not queue an alert for someone who unsaved the provider before the dispatch', async () => {
    const provider = await newProvider('Early Unsave');
    const kim = await newClient('Kim');
    await favourite(kim, provider);
    await postOpening(provider);
    const res = await t.del(
      '/api/favorites',
      { providerId: provider.user.id },
      { token: await tokenOf(kim) },
    );
    expect(res.status).toBe(200);
    passGrouping();
    await dispatched(provider.user.id);
    await settle();
    expect(await alertRows(kim.email)).toEqual([]);
    expect(alertsTo(kim.email, 'Early Unsave')).toEqual([]);
  });

  it('keeps alerts through an SMTP outage and delivers each exactly once when it is back', async () => {
    const provider = await newProvider('Outage Salon');
    const fans = [await newClient('Lea'), await newClient('Max'), await newClient('Noa')];
    for (const u of fans) await favourite(u, provider);
    const outboxBefore = await Promise.all(fans.map((u) => countOutbox(t.db, u.email)));

    await t.smtp.stop();
    try {
      await postOpening(provider, { service_type: 'Blowout' });
      await postOpening(provider, { service_type: 'Trim', start_time: at(5 * HOUR), end_time: at(6 * HOUR) });
      passGrouping();
      await dispatched(provider.user.id);
      // Every alert is tried and fails at least twice while the server is down, and stays pending.
      for (const u of fans) {
        await expect
          .poll(async () => (await alertRows(u.email))[0]?.attempts ?? 0, { timeout: 10_000, interval: 25 })
          .toBeGreaterThanOrEqual(2);
      }
      await sleep(1500);
      for (const u of fans) {
        const rows = await alertRows(u.email);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'pending', sentAt: null, lastError: expect.any(String) });
        expect(alertsTo(u.email, 'Outage Salon')).toEqual([]);
      }
    } finally {
      await t.smtp.start();
    }

    for (const u of fans) {
      const mail = await t.smtp.waitForMail(u.email, isAlert('Outage Salon'), 15_000);
      expect(mail.subject).toBe('Outage Salon: new openings on Glowfind');
      expect(mail.text).toContain('Blowout');
      expect(mail.text).toContain('Trim');
    }
    for (const u of fans) {
      await expect
        .poll(async () => (await alertRows(u.email))[0]?.status, { timeout: 10_000, interval: 25 })
        .toBe('sent');
    }
    await settle();
    await sleep(300);
    for (const [i, u] of fans.entries()) {
      expect(alertsTo(u.email, 'Outage Salon'), u.email).toHaveLength(1);
      expect(await alertRows(u.email)).toHaveLength(1);
      // One alert row each, nothing else queued.
      expect(await countOutbox(t.db, u.email)).toBe(outboxBefore[i]! + 1);
    }
  });
});
