import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each email goes to the log and to DATA_DIR/mail/*.eml. */
export function createMailTransport(opts: {
  smtpUrl: string | undefined;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  if (opts.smtpUrl) {
    // One kept connection (nodemailer's pool, one connection, reopened when the relay closes it): the
    // worker sends one message at a time, and a new connection per message costs a TCP (and TLS)
    // handshake and the server's greeting each time.
    const url = new URL(opts.smtpUrl);
    url.searchParams.set('pool', 'true');
    url.searchParams.set('maxConnections', '1');
    const transporter = nodemailer.createTransport(url.toString());
    return {
      async send(message) {
        await transporter.sendMail(message);
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await streamer.sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      opts.log.info(
        { to: message.to, subject: message.subject, file, link },
        `mail written to ${file}${link ? ` — link: ${link}` : ''}`,
      );
    },
    close: () => {},
  };
}
