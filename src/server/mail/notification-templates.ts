import { BRAND } from '#domain/brand.ts';
import { layout, type MailContent } from './templates';

/** The footer links of an email a person can turn off (src/domain/notifications.ts). */
export interface NotificationFooter {
  /** The web page that turns this kind off (one click, no login). */
  unsubscribeUrl: string;
  /** The notification settings. */
  settingsUrl: string;
}

/** To a review's author, when the reviewed provider first replies to it. */
export function reviewReplyMail(
  opts: {
    providerName: string;
    reply: string;
    reviewsUrl: string;
  } & NotificationFooter,
): MailContent {
  const name = opts.providerName.replace(/\s+/g, ' ').trim();
  return {
    ...layout({
      heading: `${name} replied to your review`,
      paragraphs: [
        ...opts.reply
          .split(/\n+/)
          .map((line) => line.trim())
          .filter(Boolean),
        'The reply is shown under your review on their profile.',
      ],
      action: { label: 'Read the reply', url: opts.reviewsUrl },
      footer: `You get this email because you reviewed ${name} on ${BRAND.name}.`,
      footerLinks: [
        { label: 'Turn off emails about replies (one click)', url: opts.unsubscribeUrl },
        { label: 'Manage notifications in your settings', url: opts.settingsUrl },
      ],
    }),
    subject: `${name} replied to your review on ${BRAND.name}`,
  };
}
