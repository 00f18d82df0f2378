import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A write made with an `Idempotency-Key` header (booking clicks, openings): the key is unique per
 * user, and the reply is kept so that a retry of the same request answers it again and writes nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and path plus a hash of the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null only inside the transaction that made the write. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('idempotency_keys_key_length', sql`char_length(${t.key}) between 1 and 255`),
  ],
);
