import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Which side of a thread: the person who wrote from the profile, or the profile's provider. */
export const THREAD_SIDES = ['client', 'provider'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

/**
 * A conversation between a client and a provider: one per pair (the client is whoever wrote from the
 * provider's profile, a provider writing to another provider included). Each side has its own read
 * mark and its own email schedule; a deleted party's id becomes null (the other keeps the thread,
 * read-only, under 'Deleted account').
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'set null' }),
    providerId: uuid('provider_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest visible message's time: the inbox's order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastSenderSide: text('last_sender_side', { enum: THREAD_SIDES }).notNull(),
    /** The client's oldest message the provider has not answered yet (null: answered). 'Unanswered'
     *  filters on it; the provider's reply records how long it took (message_reply_times). */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /** Each side has read everything sent before this. */
    clientReadAt: timestamp('client_read_at', { withTimezone: true }),
    providerReadAt: timestamp('provider_read_at', { withTimezone: true }),
    /** When each side was last emailed about this thread (at most one email per 15 minutes). */
    clientNotifiedAt: timestamp('client_notified_at', { withTimezone: true }),
    providerNotifiedAt: timestamp('provider_notified_at', { withTimezone: true }),
    /** When each side's next email is due (null: none); the notifier sends it if something is still unread. */
    clientNotifyDueAt: timestamp('client_notify_due_at', { withTimezone: true }),
    providerNotifyDueAt: timestamp('provider_notify_due_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_threads_pair_idx').on(t.clientId, t.providerId),
    // Each side's inbox, newest first, by keyset.
    index('message_threads_client_idx').on(t.clientId, t.lastMessageAt.desc(), t.id.desc()),
    index('message_threads_provider_idx').on(t.providerId, t.lastMessageAt.desc(), t.id.desc()),
    // The provider's 'Unanswered' filter.
    index('message_threads_awaiting_idx')
      .on(t.providerId, t.lastMessageAt.desc(), t.id.desc())
      .where(sql`${t.awaitingReplySince} is not null`),
    // The notifier's due emails.
    index('message_threads_client_due_idx')
      .on(t.clientNotifyDueAt)
      .where(sql`${t.clientNotifyDueAt} is not null`),
    index('message_threads_provider_due_idx')
      .on(t.providerNotifyDueAt)
      .where(sql`${t.providerNotifyDueAt} is not null`),
  ],
);

/** One message: plain text, at most 5,000 characters. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    /** Null once the sender deleted their account; the side stays. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderSide: text('sender_side', { enum: THREAD_SIDES }).notNull(),
    body: text('body').notNull(),
    /** 'email': a reply received by the inbound SMTP server. */
    via: text('via', { enum: ['app', 'email'] })
      .notNull()
      .default('app'),
    /** What the product says about the message (attachments of an emailed reply were dropped). */
    notice: text('notice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by a moderator: neither side sees its text any more. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    /** A moderator warned the sender about it. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
  },
  (t) => [
    // A thread's history, newest first, by keyset; unread counts.
    index('messages_thread_created_idx').on(t.threadId, t.createdAt.desc(), t.id.desc()),
    // A person's messages for their data download.
    index('messages_sender_idx').on(t.senderId).where(sql`${t.senderId} is not null`),
    // The moderators' hidden list.
    index('messages_hidden_idx').on(t.hiddenAt.desc(), t.id.desc()).where(sql`${t.hiddenAt} is not null`),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 5000`),
    check('messages_notice_length', sql`char_length(coalesce(${t.notice}, '')) <= 200`),
  ],
);

/** A party's report of a message to the moderators; one per reporter and message. Dismissing deletes them. */
export const messageReports = pgTable(
  'message_reports',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.reporterId] }),
    // The moderators' reported list: the newest report first.
    index('message_reports_created_idx').on(t.createdAt.desc(), t.messageId),
    index('message_reports_reporter_idx').on(t.reporterId),
    check(
      'message_reports_lengths',
      sql`char_length(${t.reason}) <= 40 and char_length(coalesce(${t.details}, '')) <= 500`,
    ),
  ],
);

/** A client a provider blocked: the client can no longer message them (their thread is read-only). */
export const blockedClients = pgTable(
  'blocked_clients',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.clientId] }),
    index('blocked_clients_client_idx').on(t.clientId),
  ],
);

/** A provider's saved replies (at most 10), inserted into a reply with one click. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_replies_provider_idx').on(t.providerId, t.createdAt),
    check(
      'saved_replies_lengths',
      sql`char_length(${t.title}) between 1 and 60 and char_length(${t.body}) between 1 and 2000`,
    ),
  ],
);

/**
 * How long a provider took to answer: one row per reply that answered a client's waiting message
 * (the time from the oldest unanswered one). 'Usually replies within N hours' is computed from the
 * last 90 days' rows, and only from at least 5.
 */
export const messageReplyTimes = pgTable(
  'message_reply_times',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    repliedAt: timestamp('replied_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.repliedAt, t.threadId] }),
    index('message_reply_times_thread_idx').on(t.threadId),
    check('message_reply_times_minutes', sql`${t.minutes} >= 0`),
  ],
);
