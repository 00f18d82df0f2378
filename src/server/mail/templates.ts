import { BRAND } from '#domain/brand.ts';
import { formatOpeningPriceText } from '#domain/opening-price.ts';
import { type Policies, policySummary } from '#domain/policies-options.ts';
import { escapeHtml } from '../lib/html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** One layout for every email: a heading, paragraphs, an optional button, and the link in plain text. */
interface MailLink {
  label: string;
  url: string;
}

/** A boxed item in a list (an opening in an alert): a title, lines, a link and maybe a second one. */
export interface MailBlock {
  title: string;
  lines: string[];
  link?: MailLink;
  secondLink?: MailLink;
}

/** The one layout; a template file of its own (a feature's emails) builds on it. */
export function layout(opts: {
  heading: string;
  paragraphs: string[];
  blocks?: MailBlock[];
  action?: MailLink;
  footer?: string;
  footerLinks?: MailLink[];
}): MailContent & { subject: '' } {
  const { heading, paragraphs, action, footer } = opts;
  const blocks = opts.blocks ?? [];
  const footerLinks = opts.footerLinks ?? [];
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...blocks.flatMap((b) => [
      `* ${b.title}`,
      ...b.lines.map((l) => `  ${l}`),
      ...(b.link ? [`  ${b.link.label}: ${b.link.url}`] : []),
      ...(b.secondLink ? [`  ${b.secondLink.label}: ${b.secondLink.url}`] : []),
      '',
    ]),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer ?? `— ${BRAND.name} · ${BRAND.tagline}`,
    ...footerLinks.map((l) => `${l.label}: ${l.url}`),
  ].join('\n');
  const blockHtml = blocks
    .map(
      (
        b,
      ) => `<tr><td style="padding:0 0 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border:1px solid #e4e0e9;border-radius:10px"><tr><td style="padding:14px 16px">
<div style="font-size:16px;font-weight:bold;padding-bottom:4px">${escapeHtml(b.title)}</div>
${b.lines.map((l) => `<div style="font-size:14px;line-height:1.5;color:#3d3644">${escapeHtml(l)}</div>`).join('')}
${b.link ? `<div style="padding-top:8px"><a href="${escapeHtml(b.link.url)}" style="color:#9d174d;font-weight:bold">${escapeHtml(b.link.label)}</a></div>` : ''}
${b.secondLink ? `<div style="padding-top:4px"><a href="${escapeHtml(b.secondLink.url)}" style="color:#9d174d">${escapeHtml(b.secondLink.label)}</a></div>` : ''}
</td></tr></table></td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f4f8;font-family:Arial,Helvetica,sans-serif;color:#1f1a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#9d174d;padding-bottom:16px">${escapeHtml(BRAND.name)}</td></tr>
<tr><td style="font-size:22px;font-weight:bold;padding-bottom:12px">${escapeHtml(heading)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${blockHtml}
${
  action
    ? `<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(action.url)}" style="background:#be185d;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#5b5563;padding-bottom:12px">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#9d174d;word-break:break-all">${escapeHtml(action.url)}</a></td></tr>`
    : ''
}
<tr><td style="font-size:12px;color:#6b6470;border-top:1px solid #eee;padding-top:16px">${escapeHtml(footer ?? `${BRAND.name} · ${BRAND.tagline}`)}${footerLinks.map((l) => `<br><a href="${escapeHtml(l.url)}" style="color:#6b6470">${escapeHtml(l.label)}</a>`).join('')}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: '', text, html };
}

export function verifyEmailMail(link: string): MailContent {
  return {
    ...layout({
      heading: 'Confirm your email',
      paragraphs: [
        `Welcome to ${BRAND.name}! Please confirm your email address to finish creating your account.`,
        'This link works once and expires in 24 hours.',
        'If you did not sign up, you can ignore this email: no account is activated without it.',
      ],
      action: { label: 'Confirm my email', url: link },
    }),
    subject: `Confirm your email for ${BRAND.name}`,
  };
}

export function accountExistsMail(loginUrl: string, resetUrl: string): MailContent {
  return {
    ...layout({
      heading: 'You already have an account',
      paragraphs: [
        `Someone (hopefully you) tried to sign up for ${BRAND.name} with this email address, which already has an account.`,
        `You can log in at ${loginUrl}. If you forgot your password, you can reset it with the button below.`,
        'If this was not you, you can ignore this email: nothing has changed.',
      ],
      action: { label: 'Reset my password', url: resetUrl },
    }),
    subject: `Your ${BRAND.name} account`,
  };
}

export function resetPasswordMail(link: string): MailContent {
  return {
    ...layout({
      heading: 'Reset your password',
      paragraphs: [
        `We received a request to reset the password of your ${BRAND.name} account.`,
        'This link works once and expires in 1 hour. Resetting signs you out on every device.',
        'If you did not ask for this, ignore this email: your password stays the same.',
      ],
      action: { label: 'Choose a new password', url: link },
    }),
    subject: `Reset your ${BRAND.name} password`,
  };
}

/** 'Email me a sign-in link': a one-time login that needs no password (and no unlocked account). */
export function signinLinkMail(link: string): MailContent {
  return {
    ...layout({
      heading: 'Your sign-in link',
      paragraphs: [
        `Someone (hopefully you) asked for a link to log in to your ${BRAND.name} account without a password.`,
        'This link works once and expires in 15 minutes.',
        'If you did not ask for this, ignore this email: nobody can use the link without your mailbox.',
      ],
      action: { label: 'Log me in', url: link },
    }),
    subject: `Your ${BRAND.name} sign-in link`,
  };
}

/**
 * The security notice after a password change (from settings or a reset link): every other device is
 * signed out; if it was not the owner, the reset link (/?auth=forgotPassword) takes the account back.
 */
export function passwordChangedMail(opts: {
  publicUrl: string;
  supportEmail: string | undefined;
  /** A reset signs out every device; a change in settings every device but the one it was made on. */
  signedOut: 'every' | 'other';
}): MailContent {
  return {
    ...layout({
      heading: 'Your password was changed',
      paragraphs: [
        `The password of your ${BRAND.name} account was just changed, and ${opts.signedOut === 'every' ? 'every device' : 'every other device'} was signed out.`,
        `Not you? Reset your password now to take your account back${opts.supportEmail ? `, and tell us at ${opts.supportEmail}` : ''}.`,
      ],
      action: { label: 'Reset my password', url: `${opts.publicUrl}/?auth=forgotPassword` },
    }),
    subject: `Your ${BRAND.name} password was changed`,
  };
}

/** 'New review': tells a provider a client reviewed them, with a link to reply (the reviews issue). */
export function newReviewMail(opts: {
  reviewerName: string;
  rating: number;
  service: string | null;
  text: string;
  reviewsUrl: string;
  /** One click turns emails about new reviews off (the kind's own unsubscribe page). */
  unsubscribeUrl: string;
  settingsUrl: string;
}): MailContent {
  const stars = `${'★'.repeat(opts.rating)}${'☆'.repeat(5 - opts.rating)}`;
  const about = opts.service ? ` for ${opts.service}` : '';
  return {
    ...layout({
      heading: `${opts.reviewerName} reviewed you${about}`,
      paragraphs: [
        `${stars} ${opts.rating} out of 5 stars`,
        ...opts.text
          .split(/\n+/)
          .map((line) => line.trim())
          .filter(Boolean),
        'You can post one public reply to each review. Replies are shown under the review on your profile.',
      ],
      action: { label: 'Read and reply', url: opts.reviewsUrl },
      footerLinks: [
        { label: 'Turn off emails about new reviews (one click)', url: opts.unsubscribeUrl },
        { label: 'Manage notifications in your settings', url: opts.settingsUrl },
      ],
    }),
    subject: `New ${opts.rating}-star review from ${opts.reviewerName} on ${BRAND.name}`,
  };
}

export interface AlertOpening {
  service: string;
  when: string;
  price: string | null;
  /** At a reduced price: the regular one ('was $180, now $140'); null otherwise. */
  regularPrice: number | null;
  location: string;
  note: string | null;
  bookingUrl: string;
  /** The provider's policies, summed up in one line as the opening's page shows them. */
  policies?: Policies | null;
}

/**
 * One opening in an alert (opening alerts and saved-search alerts alike): when, price, where, the
 * note, and its Book link.
 */
export function alertOpeningBlock(title: string, o: AlertOpening): MailBlock {
  return {
    title,
    lines: [
      o.when,
      ...(o.price ? [`Price: ${formatOpeningPriceText(o.price, o.regularPrice)}`] : []),
      ...(o.location ? [o.location] : []),
      ...(o.note ? [o.note] : []),
      ...(o.policies && policySummary(o.policies) ? [policySummary(o.policies)] : []),
    ],
    ...(o.bookingUrl ? { link: { label: 'Book this opening', url: o.bookingUrl } } : {}),
  };
}

/** An alert's first paragraph: what was saved, what we tell, and whose page to book on. */
function alertIntro(saved: string, news: string, page: string): string {
  return `You saved ${saved} on ${BRAND.name}, so we let you know when ${news}. Openings go fast: book on ${page} own page.`;
}

/** 'New openings from {provider}': one email for the openings posted together. */
export function openingAlertMail(opts: {
  providerName: string;
  openings: AlertOpening[];
  profileUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}): MailContent {
  const n = opts.openings.length;
  return {
    ...layout({
      heading: `${opts.providerName} just posted ${n === 1 ? 'an opening' : `${n} openings`}`,
      paragraphs: [alertIntro(opts.providerName, 'they have short-notice time free', 'their')],
      blocks: opts.openings.map((o) => alertOpeningBlock(o.service, o)),
      action: { label: `View ${opts.providerName}'s profile`, url: opts.profileUrl },
      footer: `You get these emails because you saved ${opts.providerName}. At most one email per provider per hour.`,
      footerLinks: [
        { label: 'Turn off opening alerts (one click)', url: opts.unsubscribeUrl },
        { label: 'Manage alerts in your account', url: opts.settingsUrl },
      ],
    }),
    subject: `${opts.providerName.replace(/\s+/g, ' ')}: new ${n === 1 ? 'opening' : 'openings'} on ${BRAND.name}`,
  };
}

/** One opening in a saved-search alert: the opening, with its provider. */
export interface SavedSearchAlertOpening extends AlertOpening {
  providerName: string;
  profileUrl: string;
}

/**
 * 'New openings for “{saved search}”': every opening that matched one saved search since
 * its last email, each with its provider, Book and profile links.
 */
export function savedSearchAlertMail(opts: {
  searchName: string;
  openings: SavedSearchAlertOpening[];
  unsubscribeUrl: string;
  settingsUrl: string;
}): MailContent {
  const n = opts.openings.length;
  const name = opts.searchName.replace(/\s+/g, ' ');
  return {
    ...layout({
      heading: `${n === 1 ? 'A new opening matches' : `${n} new openings match`} “${name}”`,
      paragraphs: [
        alertIntro(
          `the search “${name}”`,
          'a provider posts a short-notice opening that matches it',
          "the provider's",
        ),
      ],
      blocks: opts.openings.map((o) => ({
        ...alertOpeningBlock(`${o.service} · ${o.providerName}`, o),
        secondLink: { label: `View ${o.providerName}'s profile`, url: o.profileUrl },
      })),
      footer: `You get these emails because you saved the search “${name}” with alerts on. At most one email per saved search per hour, and a daily limit you can change in your account.`,
      footerLinks: [
        { label: 'Turn off alerts for this search (one click)', url: opts.unsubscribeUrl },
        { label: 'Manage saved searches in your account', url: opts.settingsUrl },
      ],
    }),
    subject: `New ${n === 1 ? 'opening' : 'openings'} for “${name}” on ${BRAND.name}`,
  };
}

/** To SUPPORT_EMAIL: a feedback post, support request or investor inquiry. */
export function formNoticeMail(opts: {
  kind: string;
  fields: [label: string, value: string | null][];
  message: string | null;
}): MailContent {
  return {
    ...layout({
      heading: `New ${opts.kind}`,
      paragraphs: [
        ...opts.fields.filter(([, v]) => v).map(([label, value]) => `${label}: ${value}`),
        ...(opts.message ? opts.message.split(/\n+/).filter((l) => l.trim()) : []),
      ],
      footer: `Sent by the ${BRAND.name} contact forms. Reply to answer the sender when they left an email.`,
    }),
    subject: `[${BRAND.name}] New ${opts.kind}`,
  };
}

/**
 * To the sender of a support request: we got it, and when to expect an answer. The address was
 * typed by whoever filled in the form, so nothing they wrote (name, subject, message, links) is
 * repeated: the mail cannot carry a stranger's text to a third party.
 */
export function supportAckMail(): MailContent {
  return {
    ...layout({
      heading: 'We got your message',
      paragraphs: [
        `Hi, thanks for contacting ${BRAND.name} support.`,
        "We'll get back to you within 24 hours. Reply to this email to add anything.",
        'If you did not contact us, you can ignore this email.',
      ],
    }),
    subject: `We received your ${BRAND.name} support request`,
  };
}
