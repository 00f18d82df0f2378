import { BRAND } from '#domain/brand.ts';
import { CHANGE_EMAIL_LINK_HOURS, UNDO_EMAIL_CHANGE_DAYS } from '#domain/email-change.ts';
import { layout, type MailContent } from './templates';

/** To the new address: follow the link to make it the sign-in email. */
export function changeEmailMail(link: string): MailContent {
  return {
    ...layout({
      heading: 'Confirm your new email',
      paragraphs: [
        `Someone (hopefully you) asked to make this address the sign-in email of a ${BRAND.name} account.`,
        `The change happens only when you follow the link below. It works once and expires in ${CHANGE_EMAIL_LINK_HOURS} hours; until then the account keeps its current email.`,
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      action: { label: 'Confirm my new email', url: link },
    }),
    subject: `Confirm your new ${BRAND.name} email`,
  };
}

/**
 * To an address that already has an account, when someone asked to move another account onto it:
 * its owner hears of it, the requester learns nothing (they get the same answer as for a free address).
 */
export function emailInUseMail(loginUrl: string): MailContent {
  return {
    ...layout({
      heading: 'Your address is already in use',
      paragraphs: [
        `Someone tried to use this address as the sign-in email of another ${BRAND.name} account. It already belongs to your account, so nothing changed.`,
        'If it was you, sign in to the account this address belongs to. If not, you can ignore this email.',
      ],
      action: { label: 'Sign in', url: loginUrl },
    }),
    subject: `Your ${BRAND.name} address is already in use`,
  };
}

/**
 * To the old address after a change: which address the account moved to (masked) and the link that
 * puts this one back and signs out every device.
 */
export function emailChangedMail(opts: {
  maskedNewEmail: string;
  undoUrl: string;
  supportEmail: string | undefined;
}): MailContent {
  return {
    ...layout({
      heading: 'Your sign-in email was changed',
      paragraphs: [
        `Your ${BRAND.name} sign-in email was changed to ${opts.maskedNewEmail}. This address no longer signs in to the account.`,
        `Not you? Undo it within ${UNDO_EMAIL_CHANGE_DAYS} days with the button below: it puts this address back and signs out every device. Then reset your password${opts.supportEmail ? `, and tell us at ${opts.supportEmail}` : ''}.`,
      ],
      action: { label: 'Undo the change', url: opts.undoUrl },
    }),
    subject: `Your ${BRAND.name} sign-in email was changed`,
  };
}
