import { DELETION_KEEPS } from '#domain/account-data.ts';
import { BRAND } from '#domain/brand.ts';
import { layout, type MailContent } from './templates';

/**
 * 'Your account was deleted': the last email to the address, queued in the deletion's transaction
 * after every other pending one was cancelled. Nothing in it links to the account (there is none).
 */
export function accountDeletedMail(opts: {
  publicUrl: string;
  supportEmail: string | undefined;
}): MailContent {
  return {
    ...layout({
      heading: 'Your account was deleted',
      paragraphs: [
        `Your ${BRAND.name} account and everything in it (profile, photos, openings, favourites, saved searches, alerts and the reviews you wrote) were deleted, and you were signed out everywhere. This is the last email we send you.`,
        ...DELETION_KEEPS,
        `Not you? Someone who knew your password deleted your account${opts.supportEmail ? `: tell us at ${opts.supportEmail}` : ''}. You can sign up again with this address at any time.`,
      ],
      action: { label: `Visit ${BRAND.name}`, url: opts.publicUrl },
    }),
    subject: `Your ${BRAND.name} account was deleted`,
  };
}
