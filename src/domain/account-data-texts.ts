import { BRAND } from './brand';

/* The texts and lists without zod: the Privacy and Terms pages load them alone. */
/**
 * A person's data (docs/product.md §2 'Settings'): the download of everything held about them, and
 * the deletion of the account (what it removes, anonymises and keeps: docs/decisions/026).
 */

/** What the person types to confirm the deletion. */
export const DELETE_CONFIRM_WORD = 'DELETE';

export const ACCOUNT_DATA_TEXTS = {
  title: 'Your data',
  description: 'Download everything we hold about you, or delete your account.',
  exportTitle: 'Download my data',
  exportHelp:
    'One JSON file with your account, profile, services, openings, image links, favourites, blocked providers, saved searches, alert settings, reviews written and received, conversations and saved replies, messages sent, booking clicks, insights and sessions.',
  exportButton: 'Download my data',
  exporting: 'Preparing…',
  exportDone: 'Your data file is downloading.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteTitle: 'Delete my account',
  deleteHelp: 'Deleting your account is immediate and cannot be undone.',
  deleteButton: 'Delete my account…',
  dialogTitle: 'Delete your account?',
  dialogIntro: 'This cannot be undone. As soon as you confirm:',
  dialogKept: 'What stays:',
  confirmLabel: `Type ${DELETE_CONFIRM_WORD} to confirm`,
  confirmRequired: `Type ${DELETE_CONFIRM_WORD} to confirm.`,
  passwordLabel: 'Current password',
  freshProof: 'You signed in with a passkey or an emailed link a moment ago, so no password is needed.',
  confirmButton: 'Delete my account for good',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  deleted: 'Your account was deleted. We emailed you a confirmation.',
  /** How a deleted account's kept traces are named (messages providers received, anonymous clicks). */
  deletedAccount: 'Deleted account',
} as const;

/** What a deletion does at once: the dialog, the Privacy page and the Terms say it in these words. */
export const DELETION_REMOVES = [
  'You are signed out everywhere and can no longer sign in.',
  'Your public profile, services, openings and photos are deleted: your page answers “not found” and you disappear from search, city pages and the sitemap.',
  'Your favourites, blocked providers, saved searches, alerts and notification settings are deleted, and we send you no more email after the confirmation.',
  'Reviews you wrote are deleted and the providers’ ratings recalculated without them; reviews you received are deleted with your profile.',
  'Your saved replies, the reports you made about messages and the clients you blocked are deleted, and no more emails about your conversations are sent to you.',
  'Your sessions, passkeys and sign-in history are deleted.',
] as const;

export const DELETION_KEEPS = [
  'Your conversations stay with the people you talked to, read-only, with you shown as “Deleted account”; a conversation is deleted once both people have deleted their accounts.',
  'Messages you emailed to providers before conversations were on the site stay in their inboxes; our copy names you as “Deleted account”.',
  'Your clicks on providers’ booking links stay in their figures as anonymous counts.',
  'Searches you made stay as anonymous search statistics.',
  'Support and feedback messages you sent us stay with our support team.',
  'Your email address is free: it can sign up again as a new account.',
] as const;

/** The sections of the data file, as the Privacy page lists them. */
export const EXPORT_CONTENTS = [
  'your account (email, name, kind of account, dates; never your password or any security code)',
  'your provider profile with its services, prices and availability, and links to your photos',
  'your openings',
  'your favourite providers and services, and the providers you blocked',
  'your saved searches, their alerts and your alert, email and push settings, the devices you get notifications on (browser and dates) and the openings you opened from a notification',
  'the reviews you wrote and the reviews you received, with replies',
  'your conversations with every message in them, your saved replies, the messages you reported and the clients you blocked',
  'the messages you emailed to providers before conversations were on the site',
  'your clicks on booking links, and (for providers) the clicks you received per day',
  'your provider insights (appearances in search, profile views, new favourites, notification opens, search words)',
  'your sessions and passkeys (browser, names and dates), the searches you made while signed in, how many network addresses you signed in from, and the forms you sent us',
] as const;

/** The name of the downloaded file for a day ('YYYY-MM-DD'). */
export const exportFileName = (day: string) => `${BRAND.name.toLowerCase()}-data-${day}.json`;
