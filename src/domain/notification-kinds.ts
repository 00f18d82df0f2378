/* The kinds, channels and texts without zod: the /unsubscribe page loads them alone. */
/**
 * Notification preferences (docs/product.md §2 'Settings'): every kind of message the product sends,
 * and for each the channels it goes by. A kind someone can switch off has a switch per channel and a
 * one-click unsubscribe link in each of its emails; the transactional ones are listed but always on.
 */

/**
 * Every channel a message can go by: email, and push notifications to the devices a person turned
 * them on for (each device also has its own switch per kind, in settings).
 */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'Email', push: 'Push' };

/** The kinds in the order the page lists them; ids are stored in notification_preferences.kind. */
export const NOTIFICATION_KIND_IDS = [
  'opening_alerts',
  'saved_search_alerts',
  'new_messages',
  'review_notices',
  'review_replies',
  'product_news',
  'account_emails',
  'security_notices',
  'moderation_notices',
  'support_receipts',
] as const;
export type NotificationKindId = (typeof NOTIFICATION_KIND_IDS)[number];

/** The kinds a person can switch off (each email of these carries its own unsubscribe link). */
export const SWITCHABLE_NOTIFICATION_KINDS = [
  'opening_alerts',
  'saved_search_alerts',
  'new_messages',
  'review_notices',
  'review_replies',
  'product_news',
] as const satisfies readonly NotificationKindId[];
export type SwitchableNotificationKind = (typeof SWITCHABLE_NOTIFICATION_KINDS)[number];

export interface NotificationKind {
  id: NotificationKindId;
  label: string;
  description: string;
  /** False: listed, always on (transactional mail, or no other way to reach the person yet). */
  switchable: boolean;
  /** Who gets this kind, so a person can tell which rows are about them. */
  audience: 'everyone' | 'clients' | 'providers';
  channels: readonly NotificationChannel[];
  /** Why a kind that is not transactional cannot be switched off yet. */
  alwaysOnReason?: string;
}

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  {
    id: 'opening_alerts',
    label: 'Opening alerts',
    description:
      'When a provider you saved posts a short-notice opening (at most one email per provider per hour). The same switch is on your account page.',
    switchable: true,
    audience: 'everyone',
    channels: ['email', 'push'],
  },
  {
    id: 'saved_search_alerts',
    label: 'Saved-search alerts',
    description:
      'New openings that match one of your saved searches. Each saved search also has its own alert switch on your account page; this one turns them all off.',
    switchable: true,
    audience: 'everyone',
    channels: ['email', 'push'],
  },
  {
    id: 'new_messages',
    label: 'Messages',
    description:
      'When someone writes to you in Glowfind (at most one email per conversation every 15 minutes while it stays unread).',
    switchable: true,
    audience: 'everyone',
    channels: ['email', 'push'],
  },
  {
    id: 'review_notices',
    label: 'New reviews',
    description: 'When a client reviews you.',
    switchable: true,
    audience: 'providers',
    channels: ['email'],
  },
  {
    id: 'review_replies',
    label: 'Replies to your reviews',
    description: 'When a provider replies to your review.',
    switchable: true,
    audience: 'everyone',
    channels: ['email'],
  },
  {
    id: 'product_news',
    label: 'Product news',
    description: 'Occasional news about Glowfind. We have sent none yet.',
    switchable: true,
    audience: 'everyone',
    channels: ['email'],
  },
  {
    id: 'account_emails',
    label: 'Account emails',
    description:
      'Email verification, sign-in links, password resets and email-address changes you ask for, and a note when someone signs up with an address that already has an account.',
    switchable: false,
    audience: 'everyone',
    channels: ['email'],
  },
  {
    id: 'security_notices',
    label: 'Security notices',
    description: 'When your password or email address is changed, or your account is deleted.',
    switchable: false,
    audience: 'everyone',
    channels: ['email'],
  },
  {
    id: 'moderation_notices',
    label: 'Moderator warnings',
    description:
      'When our moderators find that a message you sent broke the rules for messages: the message, the rules, and what happens if it happens again.',
    switchable: false,
    audience: 'everyone',
    channels: ['email'],
  },
  {
    id: 'support_receipts',
    label: 'Support receipts',
    description: 'When you send us a support request: that we received it, and when to expect an answer.',
    switchable: false,
    audience: 'everyone',
    channels: ['email'],
  },
];

export const notificationKind = (id: NotificationKindId): NotificationKind =>
  NOTIFICATION_KINDS.find((k) => k.id === id)!;

export const isSwitchableKind = (id: string): id is SwitchableNotificationKind =>
  (SWITCHABLE_NOTIFICATION_KINDS as readonly string[]).includes(id);

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  intro:
    'Choose what we tell you by email, and by push notification on the devices you turn them on for. Emails about your account and its security always reach you.',
  alwaysOn: 'Always on',
  loadFailed: 'Could not load your notification settings.',
  saveFailed: 'Failed to update notification settings',
  unknownKind: 'Choose one of the kinds of message listed.',
  unknownChannel: 'Choose one of the channels listed.',
  notSwitchable: 'This kind of message cannot be turned off.',
  turnedOn: (label: string, channel: string) => `${label} by ${channel.toLowerCase()} on`,
  turnedOff: (label: string, channel: string) => `${label} by ${channel.toLowerCase()} off`,
  /** The one-click unsubscribe's answer, per kind. */
  unsubscribed: {
    opening_alerts: 'You will no longer get opening alerts.',
    saved_search_alerts: 'You will no longer get saved-search alerts.',
    new_messages: 'You will no longer get emails about new messages.',
    review_notices: 'You will no longer get emails about new reviews.',
    review_replies: 'You will no longer get emails when a provider replies to your review.',
    product_news: 'You will no longer get product news.',
  } satisfies Record<SwitchableNotificationKind, string>,
  /** The /unsubscribe page's line after the link worked, per kind. */
  unsubscribedPage: {
    opening_alerts: 'You will no longer get emails when saved providers post openings.',
    saved_search_alerts: 'You will no longer get emails about new openings for your saved searches.',
    new_messages:
      'You will no longer get an email when someone writes to you. New messages still show under Messages in Glowfind.',
    review_notices: 'You will no longer get an email when a client reviews you.',
    review_replies: 'You will no longer get an email when a provider replies to your review.',
    product_news: 'You will no longer get product news from us.',
  } satisfies Record<SwitchableNotificationKind, string>,
} as const;
