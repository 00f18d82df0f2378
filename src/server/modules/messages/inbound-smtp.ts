import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { BRAND } from '#domain/brand.ts';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import type { AppContext } from '#server/context.ts';
import type { ThreadSide } from '#server/db/schema/messages.ts';
import { findReplyTarget } from './message-notifications.service';
import { stripQuotedText } from './quoted-text';
import { postToThread } from './threads.service';

/**
 * Replies by email (docs/decisions/028, README 'Replies by email'): an SMTP server of our own that
 * takes mail only for reply addresses (reply-address.ts) and adds what the person wrote to the thread
 * as them. It is no open relay and no mailbox: anything else is refused at RCPT TO (550), so nothing
 * is accepted that we would have to bounce later. It does not AUTH (nobody sends through it) nor
 * STARTTLS (smtp-server's only certificate is a public test one: TLS from the Internet is a relay's
 * job, README). The raw email is never kept.
 */

/** Emails a reply address takes per minute (in memory, per process): a loop or a flood stops here. */
export const INBOUND_PER_MINUTE = 20;
const MINUTE_MS = 60_000;
/** Reply addresses one email may name (a reply names one; a few for a Cc'd copy). */
const MAX_RECIPIENTS = 5;

export interface InboundSmtp {
  /** The port it listens on (the configured one, or the one the system gave for port 0). */
  port: number;
  close(): Promise<void>;
}

interface Target {
  threadId: string;
  side: ThreadSide;
  userId: string;
}

/** An SMTP reply: smtp-server answers with the error's responseCode and message. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Control characters other than tab and line breaks (NUL breaks PostgreSQL's text) become nothing. */
function stripControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 127)) out += char;
  }
  return out;
}

/** An email's text: the plain part (mailparser derives one from the HTML when there is none). */
function replyText(parsed: { text?: string | undefined }): string {
  return stripQuotedText(stripControls(parsed.text ?? ''));
}

/** The body and notice of the message an emailed reply becomes. */
function messageFromEmail(text: string, attachments: number): { body: string; notice: string | null } | null {
  const chars = [...text];
  if (chars.length === 0) return null;
  const cut = chars.length > MESSAGE_LIMITS.bodyMax;
  const body = cut ? chars.slice(0, MESSAGE_LIMITS.bodyMax).join('').trimEnd() : text;
  const notes = [
    ...(attachments > 0 ? [MESSAGE_TEXTS.attachmentsDropped] : []),
    ...(cut ? [MESSAGE_TEXTS.emailCut] : []),
  ];
  return { body, notice: notes.length > 0 ? notes.join(' ') : null };
}

/** Per-address counts of the last minute (sliding), pruned as it goes. */
class MinuteCounter {
  private readonly seen = new Map<string, number[]>();

  private recent(key: string, now: number): number[] {
    const recent = (this.seen.get(key) ?? []).filter((t) => now - t < MINUTE_MS);
    if (recent.length === 0) this.seen.delete(key);
    else this.seen.set(key, recent);
    return recent;
  }

  /** Whether `key` already had `limit` in the minute before `now`. */
  isFull(key: string, now: number, limit: number): boolean {
    return this.recent(key, now).length >= limit;
  }

  add(key: string, now: number): void {
    if (this.seen.size > 10_000) this.prune(now);
    this.seen.set(key, [...this.recent(key, now), now]);
  }

  private prune(now: number): void {
    for (const [key, times] of this.seen) if (times.every((t) => now - t >= MINUTE_MS)) this.seen.delete(key);
  }
}

/** Reads the message up to `max` bytes; null when it was larger (the rest is read and dropped). */
function readCapped(stream: SMTPServerDataStream, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= max) chunks.push(chunk);
    });
    stream.once('error', reject);
    stream.once('end', () => resolve(stream.sizeExceeded || bytes > max ? null : Buffer.concat(chunks)));
  });
}

/** Mail no person typed: a bounce (null sender) or an auto-reply (RFC 3834), taken and not added. */
function isAutomatic(session: SMTPServerSession, headers: Map<string, unknown>): boolean {
  if (!session.envelope.mailFrom || session.envelope.mailFrom.address === '') return true;
  const autoSubmitted = String(headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(headers.get('precedence') ?? '').toLowerCase();
  return (
    autoSubmitted !== 'no' ||
    ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence) ||
    headers.has('x-autoreply') ||
    headers.has('x-autorespond')
  );
}

/** Starts the inbound SMTP server; resolves once it listens. */
export async function startInboundSmtp(
  ctx: AppContext,
  opts: { port: number; host: string },
): Promise<InboundSmtp> {
  const log = ctx.log.child({ component: 'inbound-smtp' });
  const perAddress = new MinuteCounter();
  /** The reply addresses each connection's current email was accepted for, by address. */
  const accepted = new Map<string, Map<string, Target>>();
  const maxBytes = MESSAGE_LIMITS.inboundMaxBytes;

  async function addReply(session: SMTPServerSession, raw: Buffer): Promise<void> {
    // This email's recipients (a connection may have sent another, or reset, before it).
    const forSession = accepted.get(session.id);
    const keys = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
    const targets = keys
      .map((key) => forSession?.get(key))
      .filter((target): target is Target => target !== undefined);
    const now = ctx.now().getTime();
    for (const key of keys) if (forSession?.has(key)) perAddress.add(key, now);
    const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
    if (isAutomatic(session, parsed.headers)) {
      log.info({ session: session.id }, 'inbound email is automatic (bounce or auto-reply): not added');
      return;
    }
    const attachments = parsed.attachments.filter((a) => !a.related).length;
    const message = messageFromEmail(replyText(parsed), attachments);
    if (!message) {
      log.info({ session: session.id }, 'inbound email has no text of its own after stripping: not added');
      return;
    }
    let added = 0;
    for (const target of targets) {
      try {
        await postToThread(ctx, {
          threadId: target.threadId,
          senderId: target.userId,
          body: message.body,
          via: 'email',
          notice: message.notice,
        });
        added++;
      } catch (error) {
        // Blocked or deleted since RCPT TO: that thread does not take it.
        log.warn({ err: error, threadId: target.threadId }, 'inbound email not added to its thread');
      }
    }
    if (added === 0) throw smtpError(550, 'This conversation no longer takes replies');
    log.info({ session: session.id, threads: added }, 'inbound email added');
  }

  const server = new SMTPServer({
    name: ctx.config.replyDomain,
    banner: `${BRAND.name} replies`,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    rejectOversized: true,
    maxRecipients: MAX_RECIPIENTS,
    maxClients: 100,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 5_000,
    onRcptTo(address, session, callback) {
      findReplyTarget(ctx, address.address)
        .then((target) => {
          if (!target) return callback(smtpError(550, 'No such recipient here'));
          const key = address.address.toLowerCase();
          // Checked here, counted once an email came (a relay's recipient probe without one is free).
          if (perAddress.isFull(key, ctx.now().getTime(), INBOUND_PER_MINUTE))
            return callback(smtpError(450, 'Too many emails to this address: try again later'));
          const forSession = accepted.get(session.id) ?? new Map<string, Target>();
          forSession.set(key, target);
          accepted.set(session.id, forSession);
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'inbound recipient check failed');
          callback(smtpError(451, 'Temporary failure, try again later'));
        });
    },
    onData(stream, session, callback) {
      readCapped(stream, maxBytes)
        .then((raw) => {
          if (!raw) throw smtpError(552, `Message exceeds fixed maximum message size ${maxBytes}`);
          return addReply(session, raw);
        })
        .then(
          () => callback(),
          (error: Error & { responseCode?: number }) => {
            if (!error.responseCode) log.error({ err: error }, 'inbound email failed');
            callback(error.responseCode ? error : smtpError(451, 'Temporary failure, try again later'));
          },
        )
        .finally(() => accepted.delete(session.id));
    },
    onClose(session) {
      accepted.delete(session.id);
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound SMTP connection error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ host: opts.host, port }, 'inbound SMTP listening for replies by email');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
