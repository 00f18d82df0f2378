import { type AnyColumn, and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { rowsOf } from '#server/db/client.ts';
import {
  accountDeletions,
  blockedClients,
  blockedProviders,
  bookingLogs,
  favoriteServices,
  favorites,
  formSubmissions,
  insightFavoriteFirsts,
  loginAddresses,
  loginSessions,
  mailOutbox,
  messageReplyTimes,
  messageReports,
  messages,
  messageThreads,
  notificationPreferences,
  openingAlertSends,
  openings,
  passkeys,
  providerInsightDays,
  providerInsightWords,
  providerProfiles,
  providerRatings,
  pushOpenedOpenings,
  pushSubscriptions,
  reviewReports,
  reviews,
  savedReplies,
  savedSearchAlertSends,
  savedSearches,
  savedSearchSettings,
  searchLogs,
  users,
} from '#server/db/schema/index.ts';

/** A provider another row points at, by name and slug (both null once that account is gone). */
const providerName = (column: AnyColumn) =>
  sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${column})`;
const providerSlug = (column: AnyColumn) =>
  sql<string | null>`(SELECT u.routing_slug FROM users u WHERE u.id = ${column})`;

// ---------------------------------------------------------------------------------------------
// The data file: one read per section, all in the caller's (read-only, repeatable-read) transaction

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select().from(providerProfiles).where(eq(providerProfiles.userId, userId));
  return row;
}

export async function findRating(db: Db, userId: string) {
  const [row] = await db
    .select({ reviewCount: providerRatings.reviewCount, rating: providerRatings.rating })
    .from(providerRatings)
    .where(eq(providerRatings.providerId, userId));
  return row;
}

export function findOpenings(db: Db, userId: string) {
  return db.select().from(openings).where(eq(openings.providerId, userId)).orderBy(asc(openings.startTime));
}

export function findFavoriteProviders(db: Db, userId: string) {
  return db
    .select({
      name: providerName(favorites.providerId),
      slug: providerSlug(favorites.providerId),
      createdAt: favorites.createdAt,
    })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
}

export function findFavoriteServices(db: Db, userId: string) {
  return db
    .select()
    .from(favoriteServices)
    .where(eq(favoriteServices.userId, userId))
    .orderBy(desc(favoriteServices.createdAt));
}

export function findFirstSavesCounted(db: Db, userId: string) {
  return db
    .select({
      name: providerName(insightFavoriteFirsts.providerId),
      slug: providerSlug(insightFavoriteFirsts.providerId),
    })
    .from(insightFavoriteFirsts)
    .where(eq(insightFavoriteFirsts.clientId, userId));
}

export function findBlockedProviders(db: Db, userId: string) {
  return db
    .select({
      name: providerName(blockedProviders.providerId),
      slug: providerSlug(blockedProviders.providerId),
      createdAt: blockedProviders.createdAt,
    })
    .from(blockedProviders)
    .where(eq(blockedProviders.userId, userId))
    .orderBy(desc(blockedProviders.createdAt));
}

export function findSavedSearches(db: Db, userId: string) {
  return db
    .select({
      name: savedSearches.name,
      params: savedSearches.params,
      alert: savedSearches.alert,
      createdAt: savedSearches.createdAt,
      lastAlertAt: savedSearches.lastAlertAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt));
}

export async function findDailyCap(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ dailyCap: savedSearchSettings.dailyCap })
    .from(savedSearchSettings)
    .where(eq(savedSearchSettings.userId, userId));
  return row?.dailyCap ?? null;
}

export function findSavedSearchAlertsSent(db: Db, userId: string) {
  return db
    .select({
      savedSearch: sql<
        string | null
      >`(SELECT s.name FROM saved_searches s WHERE s.id = ${savedSearchAlertSends.savedSearchId})`,
      sentAt: savedSearchAlertSends.sentAt,
    })
    .from(savedSearchAlertSends)
    .where(eq(savedSearchAlertSends.userId, userId))
    .orderBy(desc(savedSearchAlertSends.sentAt));
}

export function findNotificationPreferences(db: Db, userId: string) {
  return db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .orderBy(asc(notificationPreferences.kind), asc(notificationPreferences.channel));
}

export function findOpeningAlertsReceived(db: Db, userId: string) {
  return db
    .select({
      name: providerName(openingAlertSends.providerId),
      slug: providerSlug(openingAlertSends.providerId),
      sentAt: openingAlertSends.sentAt,
    })
    .from(openingAlertSends)
    .where(eq(openingAlertSends.userId, userId))
    .orderBy(desc(openingAlertSends.sentAt));
}

export function findReviewsWritten(db: Db, userId: string) {
  return db
    .select({
      name: providerName(reviews.providerId),
      slug: providerSlug(reviews.providerId),
      review: reviews,
    })
    .from(reviews)
    .where(eq(reviews.clientId, userId))
    .orderBy(desc(reviews.createdAt));
}

export function findReviewsReceived(db: Db, userId: string) {
  return db.select().from(reviews).where(eq(reviews.providerId, userId)).orderBy(desc(reviews.createdAt));
}

export function findReportsMade(db: Db, userId: string) {
  return db
    .select({
      reason: reviewReports.reason,
      details: reviewReports.details,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(eq(reviewReports.reporterId, userId))
    .orderBy(desc(reviewReports.createdAt));
}

/** Messages the person sent to providers, each with the provider's name while that account exists. */
export function findMessagesSent(db: Db, userId: string) {
  return db
    .select({
      to: sql<
        string | null
      >`(SELECT u.name FROM users u WHERE lower(u.email) = lower(${mailOutbox.toAddress}) LIMIT 1)`,
      subject: mailOutbox.subject,
      text: mailOutbox.textBody,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.senderId, userId), eq(mailOutbox.kind, 'provider-message')))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The threads the person is a party of (newest first), with their side and the other party's name. */
export function findThreads(db: Db, userId: string) {
  const other = sql`CASE WHEN ${messageThreads.clientId} = ${userId} THEN ${messageThreads.providerId} ELSE ${messageThreads.clientId} END`;
  return db
    .select({
      id: messageThreads.id,
      role: sql<
        'client' | 'provider'
      >`CASE WHEN ${messageThreads.clientId} = ${userId} THEN 'client' ELSE 'provider' END`,
      otherName: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${other})`,
      createdAt: messageThreads.createdAt,
    })
    .from(messageThreads)
    .where(or(eq(messageThreads.clientId, userId), eq(messageThreads.providerId, userId)))
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id));
}

/** Every message of the person's threads, oldest first within each thread. */
export function findThreadMessages(db: Db, userId: string) {
  return db
    .select({
      threadId: messages.threadId,
      senderSide: messages.senderSide,
      body: messages.body,
      via: messages.via,
      createdAt: messages.createdAt,
      hiddenAt: messages.hiddenAt,
    })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(or(eq(messageThreads.clientId, userId), eq(messageThreads.providerId, userId)))
    .orderBy(asc(messages.threadId), asc(messages.createdAt), asc(messages.id));
}

export function findSavedReplies(db: Db, userId: string) {
  return db
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.providerId, userId))
    .orderBy(asc(savedReplies.createdAt), asc(savedReplies.id));
}

/** The person's reports of messages, each with the name of the message's sender (the other party). */
export function findMessageReportsMade(db: Db, userId: string) {
  return db
    .select({
      senderName: sql<string | null>`(SELECT u.name FROM users u WHERE u.id = ${messages.senderId})`,
      reason: messageReports.reason,
      details: messageReports.details,
      createdAt: messageReports.createdAt,
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .where(eq(messageReports.reporterId, userId))
    .orderBy(desc(messageReports.createdAt));
}

export function findBlockedClients(db: Db, userId: string) {
  return db
    .select({ name: providerName(blockedClients.clientId), createdAt: blockedClients.createdAt })
    .from(blockedClients)
    .where(eq(blockedClients.providerId, userId))
    .orderBy(desc(blockedClients.createdAt));
}

export function findReplyTimes(db: Db, userId: string) {
  return db
    .select({ repliedAt: messageReplyTimes.repliedAt, minutes: messageReplyTimes.minutes })
    .from(messageReplyTimes)
    .where(eq(messageReplyTimes.providerId, userId))
    .orderBy(desc(messageReplyTimes.repliedAt));
}

export function findBookingClicksMade(db: Db, userId: string) {
  return db
    .select({
      name: providerName(bookingLogs.providerId),
      slug: providerSlug(bookingLogs.providerId),
      url: bookingLogs.url,
      serviceName: bookingLogs.serviceName,
      createdAt: bookingLogs.createdAt,
    })
    .from(bookingLogs)
    .where(eq(bookingLogs.clientId, userId))
    .orderBy(desc(bookingLogs.createdAt));
}

/** The clicks a provider received, counted per UTC day: who clicked is the clients' own data. */
export async function findBookingClicksReceivedPerDay(db: Db, userId: string) {
  return rowsOf<{ day: string; count: number }>(
    await db.execute(sql`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS count
      FROM booking_logs WHERE provider_id = ${userId}
      GROUP BY 1 ORDER BY 1`),
  );
}

export function findInsightDays(db: Db, userId: string) {
  return db
    .select()
    .from(providerInsightDays)
    .where(eq(providerInsightDays.providerId, userId))
    .orderBy(asc(providerInsightDays.day));
}

export function findInsightWords(db: Db, userId: string) {
  return db
    .select()
    .from(providerInsightWords)
    .where(eq(providerInsightWords.providerId, userId))
    .orderBy(asc(providerInsightWords.day), desc(providerInsightWords.count), asc(providerInsightWords.word));
}

export function findLoginSessions(db: Db, userId: string) {
  return db
    .select({
      userAgent: loginSessions.userAgent,
      authMethod: loginSessions.authMethod,
      createdAt: loginSessions.createdAt,
      lastUsedAt: loginSessions.lastUsedAt,
    })
    .from(loginSessions)
    .where(eq(loginSessions.userId, userId))
    .orderBy(desc(loginSessions.lastUsedAt));
}

/** Names and dates only: never the public key, counter or credential id. */
/** The devices push notifications go to: never their endpoint or keys (they are the push service's secrets). */
export function findPushDevices(db: Db, userId: string) {
  return db
    .select({
      userAgent: pushSubscriptions.userAgent,
      kinds: pushSubscriptions.kinds,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

export function findPushOpenedOpenings(db: Db, userId: string) {
  return db
    .select({ openingId: pushOpenedOpenings.openingId, openedAt: pushOpenedOpenings.openedAt })
    .from(pushOpenedOpenings)
    .where(eq(pushOpenedOpenings.userId, userId))
    .orderBy(asc(pushOpenedOpenings.openedAt));
}

export function findPasskeys(db: Db, userId: string) {
  return db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export function findSearchLogs(db: Db, userId: string) {
  return db
    .select({
      query: searchLogs.query,
      zip: searchLogs.zip,
      filters: searchLogs.filters,
      resultCount: searchLogs.resultCount,
      createdAt: searchLogs.createdAt,
    })
    .from(searchLogs)
    .where(eq(searchLogs.userId, userId))
    .orderBy(desc(searchLogs.createdAt), desc(searchLogs.id));
}

export function countLoginAddresses(db: Db, userId: string): Promise<number> {
  return db.$count(loginAddresses, eq(loginAddresses.userId, userId));
}

export function findFormSubmissions(db: Db, email: string) {
  return db
    .select()
    .from(formSubmissions)
    .where(and(isNotNull(formSubmissions.email), sql`lower(${formSubmissions.email}) = lower(${email})`))
    .orderBy(desc(formSubmissions.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Deletion

/** The account, locked for the deletion (a second deletion at the same moment waits, then finds none). */
export async function lockUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function findPortfolioImages(db: Db, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ images: providerProfiles.portfolioImages })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row?.images ?? [];
}

/** One more deleted account of this kind on this day: the only trace the deletion leaves of who it was. */
export async function countDeletion(db: Db, day: string, userType: 'client' | 'provider'): Promise<void> {
  await db
    .insert(accountDeletions)
    .values({ day, userType, count: 1 })
    .onConflictDoUpdate({
      target: [accountDeletions.day, accountDeletions.userType],
      set: { count: sql`${accountDeletions.count} + 1` },
    });
}

/**
 * Mail to the address that has not gone yet is cancelled, and the outbox's copies of what went to it
 * lose their text: kind, date and address stay (the per-mailbox caps count them).
 */
export async function retireMailTo(db: Db, email: string): Promise<void> {
  const toThem = sql`lower(${mailOutbox.toAddress}) = lower(${email})`;
  await db
    .update(mailOutbox)
    .set({ status: 'cancelled' })
    .where(and(toThem, eq(mailOutbox.status, 'pending')));
  await db.update(mailOutbox).set({ subject: '', textBody: '', htmlBody: '' }).where(toThem);
}

/**
 * Messages the person wrote: those not sent yet are cancelled; every copy in the outbox names a
 * deleted account and loses the text and the Reply-To (the provider's own inbox keeps what it got).
 * `sender_id` is then set null by its foreign key when the account row goes.
 */
export async function retireMessagesFrom(db: Db, userId: string, subject: string): Promise<void> {
  const theirs = eq(mailOutbox.senderId, userId);
  await db
    .update(mailOutbox)
    .set({ status: 'cancelled' })
    .where(and(theirs, eq(mailOutbox.status, 'pending')));
  await db.update(mailOutbox).set({ replyTo: null, subject, textBody: '', htmlBody: '' }).where(theirs);
}

/**
 * The person's side of their conversations, before the account row goes (its foreign keys then set
 * that side's id and their messages' sender to null, and delete their saved replies, reports and
 * blocks): no email is due to them any more, nothing waits for an answer the other party can no
 * longer give or get, and a thread whose other party deleted their account already is deleted with
 * its messages (docs/product.md 'Messages': kept while either party keeps an account).
 */
export async function retireConversationsOf(db: Db, userId: string): Promise<void> {
  await db
    .delete(messageThreads)
    .where(
      or(
        and(eq(messageThreads.clientId, userId), isNull(messageThreads.providerId)),
        and(eq(messageThreads.providerId, userId), isNull(messageThreads.clientId)),
      ),
    );
  await db
    .update(messageThreads)
    .set({ clientNotifyDueAt: null, awaitingReplySince: null })
    .where(eq(messageThreads.clientId, userId));
  await db
    .update(messageThreads)
    .set({ providerNotifyDueAt: null, awaitingReplySince: null })
    .where(eq(messageThreads.providerId, userId));
}

/** Pending opening alerts about this provider's openings (their followers' emails) are cancelled. */
export async function cancelAlertsAbout(db: Db, providerId: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'cancelled' })
    .where(and(eq(mailOutbox.alertProviderId, providerId), eq(mailOutbox.status, 'pending')));
}

/**
 * Deletes the account row: the foreign keys remove everything that is the person's (ON DELETE
 * CASCADE), and keep booking clicks, search logs and sent messages without them (SET NULL).
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The admin's counts

export function findDeletionCounts(db: Db, since: string) {
  return db
    .select()
    .from(accountDeletions)
    .where(gte(accountDeletions.day, since))
    .orderBy(desc(accountDeletions.day), asc(accountDeletions.userType));
}
