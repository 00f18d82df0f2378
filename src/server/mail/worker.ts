import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { PollingWorker } from '../lib/polling-loop';
import { claimDueMail, markMailCancelled, markMailFailed, markMailSent, type OutboxRow } from './outbox';
import type { MailTransport } from './transport';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  now?: () => Date;
  /**
   * Asked at send time for each claimed row; false cancels it, never sent. The module that queued a
   * kind of mail owns the rule (opening alerts: still saved, alerts still on; wired in app.ts).
   */
  stillWanted?: (row: OutboxRow) => Promise<boolean>;
}

/** Sends queued mail; a failure is retried with exponential backoff, so an SMTP outage loses nothing. */
export class MailWorker extends PollingWorker {
  private batchWasFull = false;

  constructor(private readonly opts: MailWorkerOptions) {
    super({
      pollMs: opts.pollMs,
      onError: (error) => opts.log.error({ err: error }, 'mail worker pass failed'),
    });
  }

  protected async pass(): Promise<boolean> {
    await this.runOnce();
    return this.batchWasFull;
  }

  /** One pass over the due mail; returns how many were sent. */
  async runOnce(): Promise<number> {
    const now = this.opts.now?.() ?? new Date();
    const batch = await claimDueMail(this.opts.db, now, 60_000);
    let sent = 0;
    for (const row of batch) {
      try {
        // Checked at send time: after an SMTP outage, mail nobody wants any more is not sent.
        if (this.opts.stillWanted && !(await this.opts.stillWanted(row))) {
          await markMailCancelled(this.opts.db, row.id, 'no longer wanted');
          continue;
        }
        await this.opts.transport.send({
          from: this.opts.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
          ...(row.listUnsubscribe
            ? {
                headers: {
                  'List-Unsubscribe': `<${row.listUnsubscribe}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
        await markMailSent(this.opts.db, row.id, new Date());
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const giveUp = row.attempts >= this.opts.maxAttempts;
        const delay = Math.min(this.opts.retryBaseMs * 2 ** (row.attempts - 1), 60 * 60_000);
        // On the same clock as the claim (`now`): real time here would make the backoff vanish
        // whenever the injected clock runs ahead, and burn every attempt during a short outage.
        await markMailFailed(this.opts.db, row.id, message, giveUp ? null : new Date(now.getTime() + delay));
        this.opts.log.warn(
          { mailId: row.id, attempts: row.attempts, err: message, giveUp },
          'mail send failed',
        );
      }
    }
    this.batchWasFull = batch.length === 10;
    return sent;
  }
}
