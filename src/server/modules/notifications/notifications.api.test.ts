import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KIND_IDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationKindId,
  SWITCHABLE_NOTIFICATION_KINDS,
  type SwitchableNotificationKind,
} from '#domain/notifications.ts';
import { PUSH_KINDS } from '#domain/push-texts.ts';
import { mailOutbox, notificationPreferences, savedSearches, users } from '#server/db/schema/index.ts';
import { signUnsubscribeToken, UNSUBSCRIBE_LINK_FAILED } from '#server/lib/tokens.ts';
import type { MailKind } from '#server/mail/outbox.ts';
import {
  buildTestApp,
  DAY,
  HOUR,
  MINUTE,
  TEST_AUTH_SECRET,
  type TestApp,
} from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  freshLogins,
  setBookingLink,
  TEST_SERVICE,
  type VerifiedUser,
} from '#server/test/factories.ts';
import { isNotificationMailStillWanted, unsubscribeLinksFor } from './notifications.service';

/**
 * Notification preferences: the list with its defaults, the switches and what they refuse, each
 * kind's one-click unsubscribe, and the emails that obey them (new review, reply to a review,
 * saved-search alert). Every test makes its own people; the clock only moves forward.
 */

/** Served over https, as in production: the List-Unsubscribe link is the one-click https URL RFC 8058 asks for. */
const PUBLIC_URL = 'https://glowfind.test';
const PATH = '/api/account/notifications';
const UNSUBSCRIBE = `${PATH}/unsubscribe`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
});
const { as, remember } = freshLogins(() => t);

const newClient = async () =>
  remember(await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Ana Lima' } }));

type Provider = VerifiedUser & { link: string };
async function newProvider(fields: Record<string, unknown> = {}): Promise<Provider> {
  const provider = remember(await createVerifiedProvider(t, fields));
  return { ...provider, link: await setBookingLink(t, await as(provider)) };
}

const settingsOf = async (person: VerifiedUser) => {
  const res = await t.get(PATH, await as(person));
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(
    (res.body.kinds as { kind: string; switchable: boolean; channels: { enabled: boolean }[] }[]).map((k) => [
      k.kind,
      { switchable: k.switchable, email: k.channels[0]!.enabled },
    ]),
  );
};

const storedPrefs = (userId: string) =>
  t.db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .orderBy(notificationPreferences.kind);

const openingAlertsColumn = async (userId: string) =>
  (await t.db.select({ on: users.openingAlerts }).from(users).where(eq(users.id, userId)))[0]!.on;

async function setKind(person: VerifiedUser, kind: string, enabled: boolean) {
  const res = await t.put(PATH, { kind, channel: 'email', enabled }, await as(person));
  expect(res.status, res.text).toBe(200);
  return res;
}

const outboxOf = (email: string, kind: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

/** What a mail client sends for the List-Unsubscribe header (RFC 8058 one-click). */
async function oneClick(listUnsubscribe: string) {
  const url = new URL(listUnsubscribe);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}${UNSUBSCRIBE}`);
  return t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

describe('GET /api/account/notifications', () => {
  it('is 401 signed out', async () => {
    const res = await t.get(PATH);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('lists every kind in order, each switchable one on by default, the others always on', async () => {
    const ana = await newClient();
    const res = await t.get(PATH, await as(ana));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.kinds.map((k: { kind: string }) => k.kind)).toEqual([...NOTIFICATION_KIND_IDS]);
    for (const k of res.body.kinds) {
      const pushable = (PUSH_KINDS as readonly string[]).includes(k.kind);
      expect(k.channels).toEqual([
        { channel: 'email', enabled: true },
        ...(pushable ? [{ channel: 'push', enabled: true }] : []),
      ]);
      expect(k.switchable).toBe((SWITCHABLE_NOTIFICATION_KINDS as readonly string[]).includes(k.kind));
    }
    const byKind = await settingsOf(ana);
    expect(byKind.account_emails).toEqual({ switchable: false, email: true });
    expect(byKind.security_notices).toEqual({ switchable: false, email: true });
    expect(byKind.moderation_notices).toEqual({ switchable: false, email: true });
    expect(byKind.support_receipts).toEqual({ switchable: false, email: true });
    expect(byKind.new_messages).toEqual({ switchable: true, email: true });
    // Nothing is stored until a switch is used.
    expect(await storedPrefs(ana.user.id)).toEqual([]);
  });
});

/**
 * Which listed kind each email the product sends belongs to. A Record over MailKind: a new kind of
 * email does not type-check until it is placed here, and so in the list people see in settings.
 */
const LISTED_AS: Record<MailKind, NotificationKindId | 'to the team'> = {
  'opening-alert': 'opening_alerts',
  'saved-search-alert': 'saved_search_alerts',
  'new-message': 'new_messages',
  // The emails of messages before the inbox, kept for their rows; none is sent now.
  'provider-message': 'new_messages',
  'new-review': 'review_notices',
  'review-reply': 'review_replies',
  'verify-email': 'account_emails',
  'account-exists': 'account_emails',
  'reset-password': 'account_emails',
  'signin-link': 'account_emails',
  'change-email': 'account_emails',
  'email-in-use': 'account_emails',
  'password-changed': 'security_notices',
  'email-changed': 'security_notices',
  'account-deleted': 'security_notices',
  'message-warning': 'moderation_notices',
  'support-ack': 'support_receipts',
  // To SUPPORT_EMAIL, not to a person's account.
  'form-notice': 'to the team',
};

describe('the list of kinds', () => {
  it('names every kind of email the product sends, each with a description; only the notices people can stop are switchable', () => {
    expect(NOTIFICATION_KINDS.map((k) => k.id)).toEqual([...NOTIFICATION_KIND_IDS]);
    const listed = new Set(Object.values(LISTED_AS));
    // Every listed kind is sent, but product news (none sent yet).
    expect(NOTIFICATION_KIND_IDS.filter((id) => !listed.has(id))).toEqual(['product_news']);
    for (const kind of NOTIFICATION_KINDS) {
      expect(kind.description.length, kind.id).toBeGreaterThan(20);
      expect(kind.channels, kind.id).toContain('email');
    }
    const alwaysOn = NOTIFICATION_KINDS.filter((k) => !k.switchable).map((k) => k.id);
    expect(alwaysOn).toEqual([
      'account_emails',
      'security_notices',
      'moderation_notices',
      'support_receipts',
    ]);
  });
});

describe('PUT /api/account/notifications', () => {
  it('stores each switch, answers the new state, and reads it back', async () => {
    const ana = await newClient();
    const off = await setKind(ana, 'review_replies', false);
    expect(off.body).toEqual({
      success: true,
      message: NOTIFICATION_TEXTS.turnedOff('Replies to your reviews', 'Email'),
      setting: { kind: 'review_replies', switchable: true, channels: [{ channel: 'email', enabled: false }] },
    });
    await setKind(ana, 'product_news', false);
    await setKind(ana, 'product_news', false); // the same again: still one row
    expect(await storedPrefs(ana.user.id)).toEqual([
      { kind: 'product_news', channel: 'email', enabled: false },
      { kind: 'review_replies', channel: 'email', enabled: false },
    ]);
    const byKind = await settingsOf(ana);
    expect(byKind.review_replies!.email).toBe(false);
    expect(byKind.product_news!.email).toBe(false);
    expect(byKind.review_notices!.email).toBe(true);

    const on = await setKind(ana, 'review_replies', true);
    expect(on.body.message).toBe(NOTIFICATION_TEXTS.turnedOn('Replies to your reviews', 'Email'));
    expect(on.body.setting.channels).toEqual([{ channel: 'email', enabled: true }]);
    expect(await storedPrefs(ana.user.id)).toContainEqual({
      kind: 'review_replies',
      channel: 'email',
      enabled: true,
    });
    expect((await settingsOf(ana)).review_replies!.email).toBe(true);
  });

  it('keeps opening alerts in users.opening_alerts, the same switch as /api/opening-alerts', async () => {
    const ana = await newClient();
    expect(await openingAlertsColumn(ana.user.id)).toBe(true);
    await setKind(ana, 'opening_alerts', false);
    expect(await openingAlertsColumn(ana.user.id)).toBe(false);
    expect(await storedPrefs(ana.user.id)).toEqual([]);
    expect((await t.get('/api/opening-alerts', await as(ana))).body.enabled).toBe(false);
    expect((await settingsOf(ana)).opening_alerts!.email).toBe(false);

    // The account page's switch is read here too.
    const res = await t.put('/api/opening-alerts', { enabled: true }, await as(ana));
    expect(res.status).toBe(200);
    expect((await settingsOf(ana)).opening_alerts!.email).toBe(true);
  });

  it('refuses kinds that cannot be switched off, unknown kinds and channels, and bad bodies, changing nothing', async () => {
    const ana = await newClient();
    const auth = await as(ana);
    for (const kind of ['account_emails', 'security_notices', 'moderation_notices', 'support_receipts']) {
      const res = await t.put(PATH, { kind, channel: 'email', enabled: false }, auth);
      expect(res.status, kind).toBe(400);
      expect(res.body).toMatchObject({
        error: 'VALIDATION_ERROR',
        message: NOTIFICATION_TEXTS.notSwitchable,
        issues: [{ path: 'kind', message: NOTIFICATION_TEXTS.notSwitchable }],
      });
    }
    const unknownKind = await t.put(PATH, { kind: 'spam', channel: 'email', enabled: false }, auth);
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.issues).toEqual([
      expect.objectContaining({ path: 'kind', message: NOTIFICATION_TEXTS.unknownKind }),
    ]);
    const unknownChannel = await t.put(PATH, { kind: 'product_news', channel: 'sms', enabled: false }, auth);
    expect(unknownChannel.status).toBe(400);
    expect(unknownChannel.body.issues).toEqual([
      expect.objectContaining({ path: 'channel', message: NOTIFICATION_TEXTS.unknownChannel }),
    ]);
    const bad = [
      { kind: 'product_news', channel: 'email' },
      { kind: 'product_news', channel: 'email', enabled: 'no' },
      { kind: 'product_news', channel: 'email', enabled: false, user_id: ana.user.id },
      { kind: 'x'.repeat(5000), channel: 'email', enabled: false },
    ];
    for (const body of bad) {
      const res = await t.put(PATH, body, auth);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
    }
    const signedOut = await t.put(PATH, { kind: 'product_news', channel: 'email', enabled: false });
    expect(signedOut.status).toBe(401);
    expect(await storedPrefs(ana.user.id)).toEqual([]);
    expect(await openingAlertsColumn(ana.user.id)).toBe(true);
  });
});

describe('POST /api/account/notifications/unsubscribe', () => {
  it("turns off only its own kind's email, for each kind that can be turned off, without a login", async () => {
    for (const kind of SWITCHABLE_NOTIFICATION_KINDS) {
      const ana = await newClient();
      const links = await unsubscribeLinksFor(t.app.ctx, ana.user.id, kind);
      expect(links.unsubscribeUrl).toMatch(`${PUBLIC_URL}/unsubscribe?list=${kind}&token=`);
      const res = await oneClick(links.listUnsubscribe);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ success: true, kind, message: NOTIFICATION_TEXTS.unsubscribed[kind] });
      const byKind = await settingsOf(ana);
      for (const other of SWITCHABLE_NOTIFICATION_KINDS) {
        expect(byKind[other]!.email, `${kind} link → ${other}`).toBe(other !== kind);
      }
      // Again (a mail client retrying, the web page after the header): still off, still 200.
      const again = await t.post(UNSUBSCRIBE, {
        token: new URL(links.listUnsubscribe).searchParams.get('token'),
      });
      expect(again.status).toBe(200);
      expect((await settingsOf(ana))[kind]!.email).toBe(false);
    }
  });

  it('refuses a bad, foreign or expired token with 400 INVALID_TOKEN, changing nothing', async () => {
    const ana = await newClient();
    const now = t.clock.now();
    const secret = new TextEncoder().encode(TEST_AUTH_SECRET);
    const openingAlertsToken = await signUnsubscribeToken(secret, 'unsubscribe-alerts', ana.user.id, now);
    const otherSecret = await signUnsubscribeToken(
      new TextEncoder().encode('another-secret-0123456789-abcdefghij-klmno'),
      'unsubscribe-kind-product_news',
      ana.user.id,
      now,
    );
    const { listUnsubscribe } = await unsubscribeLinksFor(t.app.ctx, ana.user.id, 'product_news');
    const good = new URL(listUnsubscribe).searchParams.get('token')!;
    for (const token of [undefined, 'nonsense', openingAlertsToken, otherSecret, `${good}x`]) {
      const res = await t.post(token === undefined ? UNSUBSCRIBE : `${UNSUBSCRIBE}?token=${token}`);
      expect(res.status, String(token).slice(0, 20)).toBe(400);
      expect(res.body).toMatchObject({ error: 'INVALID_TOKEN', message: UNSUBSCRIBE_LINK_FAILED });
    }
    // A year and a day later the link has expired.
    t.clock.advance(366 * DAY);
    const expired = await t.post(UNSUBSCRIBE, { token: good });
    expect(expired.status).toBe(400);
    expect(await storedPrefs(ana.user.id)).toEqual([]);
    expect(await openingAlertsColumn(ana.user.id)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Reviews: a booking click 2 hours old by an account a day old opens a review (ADR 008).

async function eligibleClient(provider: Provider) {
  const client = await newClient();
  await t.db
    .update(users)
    .set({ createdAt: new Date(t.clock.now().getTime() - DAY - HOUR) })
    .where(eq(users.id, client.user.id));
  const page = await t.get(`/api/user/${provider.user.routing_slug}`, await as(client));
  const click = await t.post(
    '/api/booking-logs',
    { url: provider.link, provider_id: provider.user.id, click_token: page.body.profile.click_token },
    await as(client),
  );
  expect(click.body).toEqual({ success: true, logged: true });
  t.clock.advance(2 * HOUR + MINUTE);
  return client;
}

async function review(client: VerifiedUser, provider: Provider) {
  const res = await t.post(
    '/api/reviews',
    { provider_id: provider.user.id, rating: 5, text: 'Lovely work', service: TEST_SERVICE.service },
    await as(client),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.review.id as string;
}

describe('new-review emails', () => {
  it('are not queued while the provider has review notices off, and are when on, with their one-click link', async () => {
    const provider = await newProvider();
    await setKind(provider, 'review_notices', false);
    await review(await eligibleClient(provider), provider);
    expect(await outboxOf(provider.email, 'new-review')).toEqual([]);

    await setKind(provider, 'review_notices', true);
    await review(await eligibleClient(provider), provider);
    const mail = await t.smtp.waitForMail(provider.email, (m) => m.subject.startsWith('New 5-star review'));
    expect(mail.text).toContain('Lovely work');
    const [row] = await outboxOf(provider.email, 'new-review');
    expect(row!.listUnsubscribe).toMatch(`${PUBLIC_URL}${UNSUBSCRIBE}?token=`);

    const res = await oneClick(row!.listUnsubscribe!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kind).toBe('review_notices');
    const byKind = await settingsOf(provider);
    expect(byKind.review_notices!.email).toBe(false);
    expect(byKind.review_replies!.email).toBe(true);
    expect(byKind.opening_alerts!.email).toBe(true);
  });

  it('one still queued when the provider turns notices off is not sent (the send-time check)', async () => {
    const provider = await newProvider();
    const mail = { kind: 'new-review', toAddress: provider.email.toUpperCase() };
    expect(await isNotificationMailStillWanted(t.db, mail)).toBe(true);
    await setKind(provider, 'review_notices', false);
    expect(await isNotificationMailStillWanted(t.db, mail)).toBe(false);
    // Another kind of mail to the same address is not this switch's business.
    expect(await isNotificationMailStillWanted(t.db, { ...mail, kind: 'password-changed' })).toBe(true);
  });
});

describe('List-Unsubscribe headers, on the email as delivered', () => {
  it('an email a person can turn off carries the one-click https link and List-Unsubscribe-Post; a password reset neither', async () => {
    const provider = await newProvider();
    await review(await eligibleClient(provider), provider);
    // Through the outbox, the mail worker and SMTP to the sink: the headers as a mail client sees them.
    const mail = await t.smtp.waitForMail(provider.email, (m) => m.subject.startsWith('New 5-star review'));
    const [row] = await outboxOf(provider.email, 'new-review');
    const header = mail.headers['list-unsubscribe'];
    expect(header).toBe(`<${row!.listUnsubscribe}>`);
    expect(header).toMatch(
      new RegExp(`^<${PUBLIC_URL.replace(/\./g, '\\.')}${UNSUBSCRIBE}\\?token=[^>\\s]+>$`),
    );
    expect(header).not.toContain('mailto:');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The link in the header works as a mail client's one-click POST.
    const res = await oneClick(header!.slice(1, -1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kind).toBe('review_notices');

    const forgot = await t.post('/api/auth/forgot-password', { email: provider.email });
    expect(forgot.status, forgot.text).toBe(200);
    const reset = await t.smtp.waitForMail(
      provider.email,
      (m) => m.subject === 'Reset your Glowfind password',
    );
    expect(reset.headers.subject).toBe('Reset your Glowfind password');
    expect(reset.headers).not.toHaveProperty('list-unsubscribe');
    expect(reset.headers).not.toHaveProperty('list-unsubscribe-post');
  });
});

describe('reply emails', () => {
  it("email the review's author on the first reply only, with a one-click link that turns off replies only", async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider);
    const reply = await t.put(`/api/reviews/${id}/reply`, { text: 'Thank you, Ana!' }, await as(provider));
    expect(reply.status, reply.text).toBe(200);
    const mail = await t.smtp.waitForMail(client.email, (m) => m.subject.includes('replied to your review'));
    expect(mail.subject).toBe(`${provider.user.name} replied to your review on Glowfind`);
    expect(mail.text).toContain('Thank you, Ana!');
    expect(mail.text).toContain(`${PUBLIC_URL}/${provider.user.routing_slug}#reviews`);
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe?list=review_replies&token=`);

    // An edit is not news.
    const edit = await t.put(`/api/reviews/${id}/reply`, { text: 'Thanks again!' }, await as(provider));
    expect(edit.status).toBe(200);
    const rows = await outboxOf(client.email, 'review-reply');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.listUnsubscribe).toMatch(`${PUBLIC_URL}${UNSUBSCRIBE}?token=`);

    const res = await oneClick(rows[0]!.listUnsubscribe!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kind).toBe('review_replies');
    const byKind = await settingsOf(client);
    expect(byKind.review_replies!.email).toBe(false);
    expect(byKind.review_notices!.email).toBe(true);
    expect(byKind.product_news!.email).toBe(true);
  });

  it('are not sent to an author who turned replies off', async () => {
    const provider = await newProvider();
    const client = await eligibleClient(provider);
    const id = await review(client, provider);
    await setKind(client, 'review_replies', false);
    const reply = await t.put(`/api/reviews/${id}/reply`, { text: 'Thank you!' }, await as(provider));
    expect(reply.status).toBe(200);
    expect(await outboxOf(client.email, 'review-reply')).toEqual([]);
    expect(await isNotificationMailStillWanted(t.db, { kind: 'review-reply', toAddress: client.email })).toBe(
      false,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Saved-search alerts

async function saveBalayageSearch(client: VerifiedUser) {
  const res = await t.post(
    '/api/saved-searches',
    { name: 'Balayage', search: { query: 'balayage', locationZip: '78704', radiusMiles: 10 } },
    await as(client),
  );
  expect(res.status, res.text).toBe(200);
  return res.body.savedSearch.id as string;
}

async function balayageProvider() {
  const provider = await newProvider({ location: 'Austin, TX 78704' });
  const res = await t.put(
    '/api/auth/profile',
    {
      pricing: [{ service: 'Balayage', description: 'Balayage', priceType: 'fixed', minPrice: 180 }],
    },
    await as(provider),
  );
  expect(res.status, res.text).toBe(200);
  return provider;
}

async function postOpening(provider: VerifiedUser, daysOut: number) {
  const start = new Date(t.clock.now().getTime() + daysOut * DAY);
  const res = await t.post(
    '/api/last-minute-openings',
    {
      service_type: 'Balayage',
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + HOUR).toISOString(),
    },
    await as(provider),
  );
  expect(res.status, res.text).toBe(200);
}

async function dispatch(): Promise<number> {
  t.clock.advance(t.config.alertGroupingMs + 1000);
  return t.app.savedSearchAlerts.runOnce();
}

describe('saved-search alerts', () => {
  it('skip an account with saved-search alerts off, keeping each search’s own switch', async () => {
    const provider = await balayageProvider();
    const client = await newClient();
    const searchId = await saveBalayageSearch(client);
    await setKind(client, 'saved_search_alerts', false);
    await postOpening(provider, 2);
    await dispatch();
    expect(await outboxOf(client.email, 'saved-search-alert')).toEqual([]);
    const [search] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
    expect(search!.alert).toBe(true);

    // On again: the next opening is announced (the one posted while off is not saved up).
    await setKind(client, 'saved_search_alerts', true);
    t.clock.advance(HOUR);
    await postOpening(provider, 3);
    await dispatch();
    const [row] = await outboxOf(client.email, 'saved-search-alert');
    expect(row).toBeDefined();
    // Its own per-search one-click link, as before.
    expect(row!.listUnsubscribe).toMatch(`${PUBLIC_URL}/api/saved-searches/unsubscribe?token=`);
    await t.smtp.waitForMail(client.email, (m) => m.subject.includes('“Balayage”'));
  });

  it('one queued before the account turned them off is not sent', async () => {
    const provider = await balayageProvider();
    const client = await newClient();
    await saveBalayageSearch(client);
    const status = async () => (await outboxOf(client.email, 'saved-search-alert'))[0]?.status;
    // While the mail server is down the alert waits in the outbox, retried. Once the kind is off, an
    // attempt checked after that cancels it; the server stays down until then, so an attempt checked
    // before the switch (and still under way) cannot deliver it.
    await t.smtp.stop();
    try {
      await postOpening(provider, 2);
      // The app's own dispatcher may queue it first (it polls on the same clock): what counts is the row.
      await dispatch();
      await expect
        .poll(async () => (await outboxOf(client.email, 'saved-search-alert')).length, { timeout: 10_000 })
        .toBe(1);
      await setKind(client, 'saved_search_alerts', false);
      await expect.poll(status, { timeout: 10_000, interval: 25 }).toBe('cancelled');
    } finally {
      await t.smtp.start();
    }
    expect(t.smtp.mailsTo(client.email).filter((m) => m.subject.includes('“Balayage”'))).toEqual([]);
  });
});

/** Every kind a person can turn off has a purpose of its own (a link of one kind never serves another). */
it('signs each kind’s link with its own purpose', async () => {
  const ana = await newClient();
  const tokens = await Promise.all(
    SWITCHABLE_NOTIFICATION_KINDS.map(async (kind: SwitchableNotificationKind) =>
      new URL((await unsubscribeLinksFor(t.app.ctx, ana.user.id, kind)).listUnsubscribe).searchParams.get(
        'token',
      ),
    ),
  );
  const purposes = tokens.map(
    (token) => JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).pur as string,
  );
  expect(purposes).toEqual(SWITCHABLE_NOTIFICATION_KINDS.map((k) => `unsubscribe-kind-${k}`));
});
