import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the sink received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The Reply-To address, if any. */
  replyTo: string | null;
  text: string;
  html: string;
  /**
   * Every header as it arrived, by lower-cased name, the value unfolded (several of one name joined
   * by a newline): 'list-unsubscribe', 'list-unsubscribe-post', …
   */
  headers: Record<string, string>;
  receivedAt: Date;
}

/** The headers of a parsed message by lower-cased name, values unfolded, as the sender wrote them. */
function headersOf(lines: readonly { key: string; line: string }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  return headers;
}

interface Waiter {
  to: string;
  predicate: (mail: ReceivedMail) => boolean;
  resolve: (mail: ReceivedMail) => void;
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives, so tests read
 * emails the way a user would. It can be stopped and started again on the same port to play an outage.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private readonly taken = new WeakSet<ReceivedMail>();
  private waiters: Waiter[] = [];
  private server: SMTPServer | undefined;
  private boundPort = 0;

  /** The port the sink listens on (stays the same across stop/start). */
  get port(): number {
    return this.boundPort;
  }

  /** What to put in SMTP_URL. */
  get url(): string {
    return `smtp://127.0.0.1:${this.boundPort}`;
  }

  get isRunning(): boolean {
    return this.server !== undefined;
  }

  /** Listens on a random free port the first time, on the same port afterwards. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        simpleParser(stream)
          .then((parsed) => {
            this.receive({
              to,
              from,
              subject: parsed.subject ?? '',
              replyTo: parsed.replyTo?.value[0]?.address ?? null,
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: headersOf(parsed.headerLines),
              receivedAt: new Date(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.boundPort, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting connections (the port is kept for the next start). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Every message received so far for this address (taken or not). */
  mailsTo(address: string): ReceivedMail[] {
    const to = address.toLowerCase();
    return this.messages.filter((m) => m.to.includes(to));
  }

  /**
   * Resolves with the oldest message for `to` that matches `predicate` and was not returned by an
   * earlier call, waiting for it to arrive. So two calls in a row give the first and the second email.
   */
  waitForMail(
    to: string,
    predicate: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const found = this.messages.find((m) => !this.taken.has(m) && m.to.includes(address) && predicate(m));
    if (found) {
      this.taken.add(found);
      return Promise.resolve(found);
    }
    return new Promise<ReceivedMail>((resolve, reject) => {
      const waiter: Waiter = {
        to: address,
        predicate,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const seen = this.mailsTo(address).map((m) => `"${m.subject}"`);
        reject(
          new Error(
            `No matching email to ${address} within ${timeoutMs} ms (received for this address: ${seen.join(', ') || 'none'})`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private receive(mail: ReceivedMail): void {
    this.messages.push(mail);
    const waiter = this.waiters.find((w) => mail.to.includes(w.to) && w.predicate(mail));
    if (!waiter) return;
    this.waiters = this.waiters.filter((w) => w !== waiter);
    this.taken.add(mail);
    waiter.resolve(mail);
  }
}

/** Starts a sink on a random port on 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = new SmtpSink();
  await sink.start();
  return sink;
}

/** The first http(s) link in a mail's text part. */
export function firstLink(mail: Pick<ReceivedMail, 'text'>): string {
  const match = /https?:\/\/[^\s<>"')]+/.exec(mail.text);
  if (!match) throw new Error(`No link in email text:\n${mail.text}`);
  return match[0];
}
