import { BRAND } from '#domain/brand.ts';
import { layout, type MailContent } from './templates';

/** The longest part of the message the warning quotes (the whole text is in their conversation). */
const QUOTE_MAX = 500;

/** The rules every message on the product follows: the warning lists them. */
export const MESSAGE_RULES = [
  'Be respectful: no harassment, threats, or hateful or offensive words.',
  'No spam or advertising, and no messages people did not ask for.',
  'No scams: no fake offers, and never ask anyone for passwords, sign-in codes or card details.',
] as const;

/**
 * 'A message you sent broke our rules': to a message's sender when a moderator warns them. Quotes
 * the message (as text: layout() escapes every paragraph for the HTML part), lists the rules, and
 * says that repeated breaches close the account.
 */
export function messageWarningMail(opts: {
  senderName: string;
  recipientName: string;
  message: string;
  sentAt: Date;
  inboxUrl: string;
  termsUrl: string;
}): MailContent {
  const flat = opts.message.replace(/\s+/g, ' ').trim();
  const quote = flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX - 1)}…` : flat;
  const day = opts.sentAt.toISOString().slice(0, 10);
  return {
    ...layout({
      heading: 'A message you sent broke our rules',
      paragraphs: [
        `Hi ${opts.senderName.replace(/\s+/g, ' ').trim()},`,
        `Our moderators reviewed a message you sent to ${opts.recipientName.replace(/\s+/g, ' ').trim()} on ${day} and found that it breaks the rules for messages on ${BRAND.name}:`,
        `“${quote}”`,
        'Messages on our site follow these rules:',
        ...MESSAGE_RULES.map((rule) => `• ${rule}`),
        `Please keep to them. If your messages break these rules again, we may hide them and close your ${BRAND.name} account.`,
      ],
      action: { label: 'Read the rules', url: opts.termsUrl },
      footer: `You get this email because a message you sent on ${BRAND.name} was reported and reviewed by our moderators. Your conversations: ${opts.inboxUrl}`,
    }),
    subject: `A warning about a message you sent on ${BRAND.name}`,
  };
}
