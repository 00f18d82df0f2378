import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailContent } from './templates';

export interface OutgoingMail extends MailContent {
  kind: string;
  to: string;
  replyTo?: string;
  /** An opening alert: dropped at send time if the user turned alerts off or unsaved the provider. */
  alert?: { userId: string; providerId: string };
  /** One-click unsubscribe address (RFC 8058). */
  listUnsubscribe?: string;
}

/** Queues an email. Call it with the transaction that makes the change the email is about. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values({
    kind: mail.kind,
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    alertUserId: mail.alert?.userId ?? null,
    alertProviderId: mail.alert?.providerId ?? null,
    listUnsubscribe: mail.listUnsubscribe ?? null,
  });
}

/** An alert is still wanted when its user has alerts on and still has the provider saved. */
export async function isAlertStillWanted(db: Db, userId: string, providerId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from favorites f join users u on u.id = f.user_id
      where f.user_id = ${userId} and f.provider_id = ${providerId} and u.opening_alerts`),
  );
  return rows.length > 0;
}

/** Marks an alert that is no longer wanted; it is never sent. */
export async function markMailCancelled(db: Db, id: number, reason: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'cancelled', lastError: reason }).where(eq(mailOutbox.id, id));
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims due messages: pushing next_attempt_at forward is the lease, so another worker
 * (another instance) skips them, and a crashed worker's claim expires by itself.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, limit = 10): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { lastError: error.slice(0, 1000), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 1000), status: 'failed' },
    )
    .where(eq(mailOutbox.id, id));
}
