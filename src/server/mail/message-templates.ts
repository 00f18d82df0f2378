import { BRAND } from '#domain/brand.ts';
import { MESSAGE_MAIL_TEXTS } from '#domain/messages-options.ts';
import type { NotificationFooter } from './notification-templates';
import { layout, type MailContent } from './templates';

/**
 * To a party of a conversation, about what the other party wrote that they have not read: the
 * newest messages (oldest of them first, as the thread shows them), how many more there are, how to
 * answer and the conversation's link. Messages are plain text (the layout escapes them in the HTML).
 */
export function newMessageMail(
  opts: {
    senderName: string;
    /** The unread messages shown, newest first as queried (at most a few). */
    newest: string[];
    /** Every unread message, shown or not. */
    total: number;
    threadUrl: string;
    /** True when a reply to this email reaches the thread (the inbound SMTP server runs). */
    replyByEmail: boolean;
  } & NotificationFooter,
): MailContent {
  const name = opts.senderName.replace(/\s+/g, ' ').trim();
  const shown = [...opts.newest].reverse();
  const earlier = opts.total - shown.length;
  const paragraphs = [
    ...(earlier > 0
      ? [
          earlier === 1
            ? `1 earlier message is in the conversation. The newest ${shown.length}:`
            : `${earlier} earlier messages are in the conversation. The newest ${shown.length}:`,
        ]
      : []),
    ...shown.flatMap((body, i) => [
      ...(shown.length > 1 ? [`${name} (${i + 1} of ${shown.length}):`] : []),
      ...body
        .split(/\n+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ]),
    opts.replyByEmail ? MESSAGE_MAIL_TEXTS.replyByEmail : MESSAGE_MAIL_TEXTS.replyInApp,
  ];
  const subject =
    opts.total === 1 ? MESSAGE_MAIL_TEXTS.subject(name) : MESSAGE_MAIL_TEXTS.subjectMany(name, opts.total);
  return {
    ...layout({
      heading: subject,
      paragraphs,
      action: { label: MESSAGE_MAIL_TEXTS.openConversation, url: opts.threadUrl },
      footer: `You get this email because ${name} wrote to you on ${BRAND.name}.`,
      footerLinks: [
        { label: 'Turn off emails about messages (one click)', url: opts.unsubscribeUrl },
        { label: 'Manage notifications in your settings', url: opts.settingsUrl },
      ],
    }),
    subject,
  };
}
