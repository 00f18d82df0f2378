/* The email change's texts and paths without zod: the /email-change page loads them alone. */
/**
 * Changing the sign-in email (docs/product.md §2 'Settings'): the new address is confirmed by a link
 * it receives, and only then becomes the sign-in address; the old one is told, with a link that
 * undoes the change for UNDO_EMAIL_CHANGE_DAYS days.
 */

/** How long the link to the new address works. */
export const CHANGE_EMAIL_LINK_HOURS = 24;
/** How long the old address's link can undo a change. */
export const UNDO_EMAIL_CHANGE_DAYS = 7;
/** The page the emailed links open (`?token=…`, and `&undo=1` for the undo link). */
export const EMAIL_CHANGE_PATH = '/email-change';
/** The dialog that mails a password reset link (the undo answer points there). */
export const FORGOT_PASSWORD_PATH = '/?auth=forgotPassword';

export const EMAIL_CHANGE_TEXTS = {
  sectionTitle: 'Email',
  sectionDescription: 'The address you sign in with and where we send account emails.',
  currentLabel: 'Current email',
  newLabel: 'New email',
  passwordLabel: 'Current password',
  submit: 'Change email',
  freshProofNote: 'You signed in with a passkey or an emailed link a moment ago, so no password is needed.',
  /** The same answer whether or not the address belongs to another account (no enumeration). */
  sent: (email: string) =>
    `We sent a confirmation link to ${email}. Your sign-in email changes when you follow it.`,
  pending: (email: string) => `Waiting for confirmation of ${email}.`,
  pendingUntil: (when: string) =>
    `The link works until ${when}; until then you sign in with your current email.`,
  sameEmail: 'This is already your sign-in email.',
  loadFailed: 'Could not load your email settings.',
  confirmTitle: 'Confirm your new email',
  confirmButton: 'Confirm my new email',
  confirmIntro: 'Press the button to make this address the one you sign in with.',
  confirmed: (email: string) => `Your sign-in email is now ${email}.`,
  confirmFailed:
    'This confirmation link is invalid, used or expired, or the address now belongs to another account. Start the change again from Settings.',
  undoTitle: 'Undo the email change',
  undoButton: 'Undo the change',
  undoIntro:
    'Press the button to put your previous email back as your sign-in email, sign out every device and remove every passkey.',
  undone:
    'Your previous email is your sign-in email again, every device was signed out and every passkey removed. If you did not change it, reset your password now.',
  undoFailed: 'This undo link is invalid, used or expired.',
  undoAddressTaken:
    'Your previous email now belongs to another account, so it cannot be put back. Contact support for help.',
  resetPassword: 'Reset my password',
  incomplete: 'This link is incomplete. Open the link from your email again.',
} as const;
