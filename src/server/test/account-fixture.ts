import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/client.ts';
import {
  blockedClients,
  blockedProviders,
  bookingLogs,
  favoriteServices,
  favorites,
  formSubmissions,
  idempotencyKeys,
  insightFavoriteFirsts,
  insightViewKeys,
  mailOutbox,
  messageReplyTimes,
  messageReports,
  messages,
  messageThreads,
  notificationPreferences,
  openingAlertDispatches,
  openingAlertSends,
  openings,
  passkeys,
  providerInsightDays,
  providerInsightWords,
  pushOpenedOpenings,
  pushSubscriptions,
  reviewReports,
  reviews,
  savedReplies,
  savedSearchAlertedOpenings,
  savedSearchAlertSends,
  savedSearches,
  savedSearchSettings,
  searchLogs,
  users,
  webauthnChallenges,
} from '#server/db/schema/index.ts';
import { DAY, HOUR, type TestApp } from './build-test-app';
import type { VerifiedUser } from './factories';

/**
 * A provider and a client whose data is in every table that references users: the fixture of the
 * data export's and the deletion's completeness tests (modules/account). Both come signed up through
 * the API (sessions, refresh tokens, email tokens, login addresses); the rest goes straight into the
 * tables.
 */

/** A foreign key to users(id): its table.column and what deleting the user does to its rows. */
export interface UserReference {
  ref: string;
  table: string;
  column: string;
  onDelete: 'cascade' | 'set null' | 'restrict' | 'no action' | 'set default';
}

const ON_DELETE = {
  c: 'cascade',
  n: 'set null',
  r: 'restrict',
  a: 'no action',
  d: 'set default',
} as const;

/** Every (table, column) whose foreign key references users, from the database's own catalogue. */
export async function referencesToUsers(db: Db): Promise<UserReference[]> {
  const rows = rowsOf<{ tbl: string; col: string; action: keyof typeof ON_DELETE }>(
    await db.execute(sql`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.confdeltype::text AS action
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
      ORDER BY 1, 2`),
  );
  return rows.map((r) => {
    const table = r.tbl.replace(/^public\./, '');
    return { ref: `${table}.${r.col}`, table, column: r.col, onDelete: ON_DELETE[r.action] };
  });
}

/**
 * Fills every table that references users for `provider` and `client`: an opening, insights, a
 * favourite, a block each way, a saved search with its alerts, a review with its report, booking
 * clicks, searches, a passkey, a push device, a conversation with reports, reply times and a saved
 * reply, an emailed message, a form sent to support. The client's name is 'Cora Client'.
 */
export async function fillEveryUserTable(t: TestApp, provider: VerifiedUser, client: VerifiedUser) {
  const p = provider.user.id;
  const c = client.user.id;
  const now = t.clock.now();
  const today = now.toISOString().slice(0, 10);

  await t.db
    .update(users)
    .set({ avatarUrl: `/uploads/avatar/${p}/${'a'.repeat(64)}.webp` })
    .where(eq(users.id, p));
  const [opening] = await t.db
    .insert(openings)
    .values({
      providerId: p,
      serviceType: 'Balayage',
      startTime: new Date(now.getTime() + DAY),
      endTime: new Date(now.getTime() + DAY + 2 * HOUR),
    })
    .returning();
  // Due tomorrow, so the dispatcher leaves it in place for the test.
  await t.db.insert(openingAlertDispatches).values({ providerId: p, dueAt: new Date(now.getTime() + DAY) });
  await t.db
    .insert(providerInsightDays)
    .values({ providerId: p, day: today, impressions: 7, profileViews: 3 });
  await t.db.insert(providerInsightWords).values({ providerId: p, day: today, word: 'balayage', count: 4 });
  await t.db.insert(insightViewKeys).values({ providerId: p, day: today, visitorKey: 'k'.repeat(16) });

  await t.db.insert(favorites).values({ userId: c, providerId: p });
  await t.db.insert(favoriteServices).values({ userId: c, serviceName: 'Balayage' });
  await t.db.insert(insightFavoriteFirsts).values({ clientId: c, providerId: p });
  await t.db.insert(blockedProviders).values({ userId: c, providerId: p });
  const [search] = await t.db
    .insert(savedSearches)
    .values({ userId: c, name: 'Balayage nearby', params: { query: 'balayage' }, matchCells: [-1] })
    .returning();
  await t.db.insert(savedSearchSettings).values({ userId: c, dailyCap: 2 });
  await t.db.insert(savedSearchAlertSends).values({ userId: c, savedSearchId: search!.id, sentAt: now });
  await t.db.insert(savedSearchAlertedOpenings).values({ userId: c, openingId: opening!.id });
  await t.db
    .insert(notificationPreferences)
    .values({ userId: c, kind: 'opening-alert', channel: 'email', enabled: false });
  await t.db.insert(openingAlertSends).values({ userId: c, providerId: p, sentAt: now });
  const [review] = await t.db
    .insert(reviews)
    .values({
      providerId: p,
      clientId: c,
      rating: 4,
      text: 'Great colour.',
      reply: 'Thank you!',
      replyCreatedAt: now,
      hiddenBy: c,
    })
    .returning();
  await t.db
    .insert(reviewReports)
    .values({ reviewId: review!.id, reporterId: c, reason: 'spam', details: 'Testing' });
  // A service's own Book: the click names the service (booking_logs.service_name).
  await t.db.insert(bookingLogs).values({
    clientId: c,
    providerId: p,
    url: 'https://book.example.com/cora',
    serviceName: 'Consultation',
  });
  await t.db.insert(searchLogs).values({ query: 'balayage austin', zip: '78701', userId: c, resultCount: 1 });
  await t.db.insert(passkeys).values({
    id: randomBytes(16).toString('base64url'),
    userId: c,
    publicKey: new Uint8Array(randomBytes(64)),
    deviceType: 'multiDevice',
    backedUp: true,
    name: 'Cora’s phone',
  });
  await t.db.insert(pushSubscriptions).values({
    userId: c,
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    p256dh: `B${randomBytes(64).toString('base64url')}`.slice(0, 87),
    auth: randomBytes(16).toString('base64url'),
    userAgent: 'Mozilla/5.0 (Android 14; Mobile) Chrome/140.0',
  });
  await t.db.insert(pushOpenedOpenings).values({ userId: c, openingId: opening!.id });
  await t.db.insert(webauthnChallenges).values({
    challenge: randomBytes(16).toString('base64url'),
    userId: c,
    purpose: 'register',
    expiresAt: new Date(now.getTime() + 5 * 60_000),
  });
  await t.db
    .insert(idempotencyKeys)
    .values({ userId: c, key: 'retry-1', requestHash: 'h', response: { ok: true } });
  await t.db.insert(formSubmissions).values({
    kind: 'feedback',
    type: 'support',
    name: 'Cora',
    email: client.email.toUpperCase(),
    subject: 'Help',
    message: 'My saved search',
  });
  // A message emailed to the provider before conversations were kept on the site (its outbox row).
  await t.db.insert(mailOutbox).values({
    kind: 'provider-message',
    toAddress: provider.email,
    replyTo: client.email,
    senderId: c,
    subject: 'New message from Cora Client',
    textBody: 'Is Saturday free?',
    htmlBody: '<p>Is Saturday free?</p>',
    status: 'sent',
    sentAt: now,
  });
  // Their conversation: the client asked, the provider answered; the client's rude second message
  // was reported by the provider and hidden by a moderator (here the client, for the column's sake),
  // and the provider's answer reported by the client.
  const [thread] = await t.db
    .insert(messageThreads)
    .values({
      clientId: c,
      providerId: p,
      lastSenderSide: 'client',
      createdAt: new Date(now.getTime() - HOUR),
    })
    .returning({ id: messageThreads.id });
  const at = (minutes: number) => new Date(now.getTime() - HOUR + minutes * 60_000);
  const inserted = await t.db
    .insert(messages)
    .values([
      {
        threadId: thread!.id,
        senderId: c,
        senderSide: 'client',
        body: 'Do you do balayage?',
        createdAt: at(1),
      },
      {
        threadId: thread!.id,
        senderId: p,
        senderSide: 'provider',
        body: 'Yes, from $150.',
        via: 'email',
        createdAt: at(2),
      },
      {
        threadId: thread!.id,
        senderId: c,
        senderSide: 'client',
        body: 'Too expensive, you fraud.',
        createdAt: at(3),
        hiddenAt: at(10),
        hiddenBy: c,
      },
    ])
    .returning({ id: messages.id });
  await t.db.insert(messageReports).values([
    { messageId: inserted[2]!.id, reporterId: p, reason: 'harassment', details: 'Insulting' },
    { messageId: inserted[1]!.id, reporterId: c, reason: 'spam' },
  ]);
  await t.db
    .insert(messageReplyTimes)
    .values({ providerId: p, threadId: thread!.id, repliedAt: at(2), minutes: 1 });
  await t.db.insert(savedReplies).values({ providerId: p, title: 'Prices', body: 'Balayage from $150.' });
  await t.db.insert(blockedClients).values({ providerId: p, clientId: c });
}
