import { z } from 'zod';
import { CurrentPasswordField } from './account-security';
import { BRAND } from './brand';

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
    'One JSON file with your account, profile, services, openings, image links, favourites, blocked providers, saved searches, alert settings, reviews written and received, messages sent, booking clicks, insights and sessions.',
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
  adminTitle: 'Account deletions',
  adminDescription: 'Deleted accounts per day, as counts only: nothing about who they were is kept.',
  adminTotal: (n: number) => `${n} in the last 30 days`,
  adminNone: 'No accounts were deleted in the last 30 days.',
} as const;

/** What a deletion does at once: the dialog, the Privacy page and the Terms say it in these words. */
export const DELETION_REMOVES = [
  'You are signed out everywhere and can no longer sign in.',
  'Your public profile, services, openings and photos are deleted: your page answers “not found” and you disappear from search, city pages and the sitemap.',
  'Your favourites, blocked providers, saved searches, alerts and notification settings are deleted, and we send you no more email after the confirmation.',
  'Reviews you wrote are deleted and the providers’ ratings recalculated without them; reviews you received are deleted with your profile.',
  'Your sessions, passkeys and sign-in history are deleted.',
] as const;

export const DELETION_KEEPS = [
  'Messages you sent stay in the providers’ inboxes; our copy names you as “Deleted account”.',
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
  'your saved searches, their alerts and your alert and email settings',
  'the reviews you wrote and the reviews you received, with replies',
  'the messages you sent to providers',
  'your clicks on booking links, and (for providers) the clicks you received per day',
  'your provider insights (appearances in search, profile views, new favourites, search words)',
  'your sessions and passkeys (browser, names and dates), the searches you made while signed in, how many network addresses you signed in from, and the forms you sent us',
] as const;

export const DeleteAccountBodySchema = z.object({
  current_password: CurrentPasswordField,
  confirm: z
    .string()
    .max(20)
    .refine((value): boolean => value === DELETE_CONFIRM_WORD, ACCOUNT_DATA_TEXTS.confirmRequired),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const AccountDeletionsReplySchema = z.object({
  success: z.literal(true),
  /** The last 30 days with any deletion, newest first. */
  days: z.array(z.object({ day: z.string(), client: z.number().int(), provider: z.number().int() })),
  total_30_days: z.number().int(),
});
export type AccountDeletionsReply = z.infer<typeof AccountDeletionsReplySchema>;

/** The name of the downloaded file for a day ('YYYY-MM-DD'). */
export const exportFileName = (day: string) => `${BRAND.name.toLowerCase()}-data-${day}.json`;

const iso = z.string();
const when = iso.nullable();
const providerRef = z.object({ name: z.string().nullable(), slug: z.string().nullable() });

/**
 * The data file (GET /api/account/export). Every section is always present (empty when the person
 * has none). Never in it: the password hash, token hashes, passkeys' public keys, address hashes.
 */
export const AccountExportSchema = z.object({
  format: z.literal('glowfind-account-data'),
  version: z.literal(1),
  exported_at: iso,
  account: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    user_type: z.string(),
    role: z.string(),
    routing_slug: z.string(),
    email_verified_at: when,
    listed: z.boolean(),
    created_at: iso,
    updated_at: iso,
  }),
  profile: z
    .object({
      bio: z.string(),
      location: z.string(),
      zip: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      booking_link: z.string(),
      additional_details: z.string(),
      time_zone: z.string().nullable(),
      license_details: z.string(),
      availability: z.string(),
      availability_slots: z.record(z.string(), z.array(z.string())),
      categories: z.array(z.string()),
      specialties: z.array(z.string()),
      certifications: z.array(z.string()),
      amenities: z.array(z.string()),
      products: z.array(z.string()),
      services: z.array(z.record(z.string(), z.unknown())),
      rating: z.object({ review_count: z.number(), rating: z.number() }).nullable(),
      created_at: iso,
      updated_at: iso,
    })
    .nullable(),
  images: z.object({ avatar: z.string().nullable(), portfolio: z.array(z.string()) }),
  openings: z.array(
    z.object({
      service_type: z.string(),
      price: z.string().nullable(),
      start_time: iso,
      end_time: iso,
      time_zone: z.string(),
      note: z.string().nullable(),
      location_override: z.string().nullable(),
      booking_link_override: z.string().nullable(),
      is_active: z.boolean(),
      created_at: iso,
    }),
  ),
  favourites: z.object({
    providers: z.array(providerRef.extend({ saved_at: iso })),
    services: z.array(z.object({ name: z.string(), saved_at: iso })),
    /** Providers whose 'new favourites' figure counted your first save of them (once, ever). */
    first_saves_counted: z.array(providerRef),
  }),
  blocked_providers: z.array(providerRef.extend({ blocked_at: iso })),
  saved_searches: z.object({
    searches: z.array(
      z.object({
        name: z.string(),
        search: z.unknown(),
        alert: z.boolean(),
        created_at: iso,
        last_alert_at: when,
      }),
    ),
    /** Alert emails a day at most; null: the default. */
    daily_cap: z.number().nullable(),
    alerts_sent: z.array(z.object({ saved_search: z.string().nullable(), sent_at: iso })),
  }),
  alert_settings: z.object({
    opening_alerts: z.boolean(),
    notification_preferences: z.array(
      z.object({ kind: z.string(), channel: z.string(), enabled: z.boolean(), updated_at: iso }),
    ),
    opening_alerts_received: z.array(providerRef.extend({ last_sent_at: iso })),
  }),
  reviews: z.object({
    written: z.array(
      providerRef.extend({
        rating: z.number(),
        text: z.string(),
        service: z.string().nullable(),
        created_at: iso,
        updated_at: iso,
        reply: z.string().nullable(),
        reply_created_at: when,
        hidden: z.boolean(),
      }),
    ),
    received: z.array(
      z.object({
        rating: z.number(),
        text: z.string(),
        service: z.string().nullable(),
        created_at: iso,
        reply: z.string().nullable(),
        reply_created_at: when,
        reply_updated_at: when,
        hidden: z.boolean(),
      }),
    ),
    reports_made: z.array(z.object({ reason: z.string(), details: z.string().nullable(), created_at: iso })),
  }),
  messages_sent: z.array(
    z.object({
      /** The provider's name while their account exists; null after. */
      to: z.string().nullable(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      created_at: iso,
      sent_at: when,
    }),
  ),
  booking_clicks: z.object({
    made: z.array(providerRef.extend({ url: z.string(), clicked_at: iso })),
    received_per_day: z.array(z.object({ day: z.string(), count: z.number() })),
  }),
  insights: z.object({
    days: z.array(
      z.object({
        day: z.string(),
        impressions: z.number(),
        profile_views: z.number(),
        new_favorites: z.number(),
        alert_inclusions: z.number(),
      }),
    ),
    words: z.array(z.object({ day: z.string(), word: z.string(), count: z.number() })),
  }),
  sessions: z.array(
    z.object({ user_agent: z.string(), method: z.string(), created_at: iso, last_used_at: iso }),
  ),
  passkeys: z.array(z.object({ name: z.string(), created_at: iso, last_used_at: when })),
  searches: z.array(
    z.object({
      query: z.string(),
      zip: z.string().nullable(),
      filters: z.unknown(),
      result_count: z.number().nullable(),
      created_at: iso,
    }),
  ),
  /** Kept only as keyed hashes, so only how many. */
  login_addresses: z.object({ count: z.number() }),
  form_submissions: z.array(
    z.object({
      kind: z.string(),
      type: z.string(),
      name: z.string().nullable(),
      subject: z.string().nullable(),
      message: z.string().nullable(),
      urgency: z.string().nullable(),
      phone: z.string().nullable(),
      created_at: iso,
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
export type AccountExportSection = Exclude<keyof AccountExport, 'format' | 'version' | 'exported_at'>;
