import { BRAND } from '../../domain/brand';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One layout for every email: a heading, paragraphs, an optional button, and the link in plain text. */
function layout(opts: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): MailContent & { subject: '' } {
  const { heading, paragraphs, action, footer } = opts;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer ?? `— ${BRAND.name} · ${BRAND.tagline}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f4f8;font-family:Arial,Helvetica,sans-serif;color:#1f1a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#9d174d;padding-bottom:16px">${escapeHtml(BRAND.name)}</td></tr>
<tr><td style="font-size:22px;font-weight:bold;padding-bottom:12px">${escapeHtml(heading)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${
  action
    ? `<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(action.url)}" style="background:#be185d;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#5b5563;padding-bottom:12px">If the button does not work, paste this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#9d174d;word-break:break-all">${escapeHtml(action.url)}</a></td></tr>`
    : ''
}
<tr><td style="font-size:12px;color:#6b6470;border-top:1px solid #eee;padding-top:16px">${escapeHtml(footer ?? `${BRAND.name} · ${BRAND.tagline}`)}</td></tr>
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

export function passwordChangedMail(supportEmail: string): MailContent {
  return {
    ...layout({
      heading: 'Your password was changed',
      paragraphs: [
        `The password of your ${BRAND.name} account was just changed, and every device was signed out.`,
        `If this was not you, contact ${supportEmail} right away.`,
      ],
    }),
    subject: `Your ${BRAND.name} password was changed`,
  };
}

export function providerMessageMail(opts: {
  senderName: string;
  message: string;
  profileUrl: string;
}): MailContent {
  const paragraphs = opts.message
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    ...layout({
      heading: `${opts.senderName} sent you a message`,
      paragraphs: [
        ...paragraphs,
        `Reply to this email to answer ${opts.senderName} directly; your reply goes to their email address.`,
      ],
      action: { label: 'View your public profile', url: opts.profileUrl },
    }),
    subject: `New message from ${opts.senderName.replace(/\s+/g, ' ')} on ${BRAND.name}`,
  };
}
