import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every email is written here in the transaction that causes it; the worker sends it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Where replies go (a message from a client to a provider); null = MAIL_FROM. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** For an opening alert: sent only if this user still has alerts on and this provider saved. */
    alertUserId: uuid('alert_user_id'),
    alertProviderId: uuid('alert_provider_id'),
    /** For a saved-search alert: sent only if that saved search still exists with its alert on. */
    alertSavedSearchId: uuid('alert_saved_search_id'),
    /** Who wrote it (a message to a provider): their data download lists it; null once they deleted their account. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** One-click unsubscribe address (List-Unsubscribe, RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // Per-recipient caps: how many emails one mailbox got in the last hour and day. mail_mailbox()
    // (migration 0025) lower-cases the address and drops a `+tag`, so `victim+1@…` and `victim+2@…`
    // count as the one mailbox they reach (mail/outbox.ts, mailboxOf, is the same rule in code).
    // A person's messages for their data download; set to null when they delete their account.
    index('mail_outbox_sender_idx').on(t.senderId).where(sql`${t.senderId} is not null`),
    index('mail_outbox_mailbox_idx').on(sql`mail_mailbox(${t.toAddress})`, t.createdAt),
  ],
);
