import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Feedback, bug reports, feature requests, support requests and investor inquiries (docs/product.md §3). */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['feedback', 'investor'] }).notNull(),
    /** feedback | bug | feature | support for feedback; 'investor' for inquiries. */
    type: text('type').notNull(),
    name: text('name'),
    email: text('email'),
    subject: text('subject'),
    message: text('message'),
    urgency: text('urgency'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin marked it handled; null while open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('form_submissions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admin's 'open' / 'handled' lists, newest first.
    index('form_submissions_handled_created_idx').on(t.handledAt, t.createdAt.desc(), t.id.desc()),
    check('form_submissions_kind_check', sql`${t.kind} in ('feedback', 'investor')`),
    check(
      'form_submissions_lengths',
      sql`char_length(coalesce(${t.message}, '')) <= 5000 and char_length(coalesce(${t.subject}, '')) <= 200 and char_length(coalesce(${t.name}, '')) <= 100`,
    ),
  ],
);
