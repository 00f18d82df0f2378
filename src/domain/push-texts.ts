/* Push notifications and the installable app: limits and texts without zod (the settings page and the service worker's payloads). */

/** The kinds a device can be pushed, in the settings page's order (the same ids as the notification kinds). */
export const PUSH_KINDS = ['opening_alerts', 'saved_search_alerts', 'new_messages'] as const;
export type PushKindId = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKindId, string> = {
  opening_alerts: 'Openings from providers you saved',
  saved_search_alerts: 'New matches for your saved searches',
  new_messages: 'New messages',
};

export const PUSH_LIMITS = {
  /** Devices one account can have; subscribing one more removes the one unused longest. */
  devicesMax: 20,
  /** A push subscription's endpoint URL. */
  endpointMax: 1024,
  /** A payload's largest size in bytes (the notification's texts and its link): well under 4 KB of Web Push. */
  payloadMaxBytes: 3072,
  /** The notification's body text, cut to this many characters (a message's preview). */
  bodyMax: 180,
  /** The open token the notification carries back. */
  openTokenMax: 200,
} as const;

export const PUSH_TEXTS = {
  sectionTitle: 'Notifications on this device',
  intro:
    'Get openings, saved-search matches and messages on this device within seconds, even when Glowfind is closed. Nothing to install from a store.',
  enable: 'Notify me on this device',
  enabling: 'Turning on…',
  enabled: 'Notifications are on for this device',
  disable: 'Turn off on this device',
  unsupported:
    'This browser cannot show notifications from websites. On an iPhone or iPad, add Glowfind to your Home Screen first (Share → Add to Home Screen).',
  denied:
    'Notifications are blocked for Glowfind in this browser. Allow them in the site settings (the icon left of the address), then try again.',
  failed: 'Could not turn on notifications on this device. Please try again.',
  turnedOn: 'Notifications turned on for this device',
  turnedOff: 'Notifications turned off for this device',
  devicesTitle: 'Your devices',
  devicesCount: (n: number) => (n === 1 ? '1 device gets notifications' : `${n} devices get notifications`),
  noDevices: 'No device gets notifications yet.',
  thisDevice: 'This device',
  addedOn: (date: string) => `Added ${date}`,
  lastDelivered: (date: string) => `Last notification ${date}`,
  removeDevice: 'Remove',
  removeDeviceLabel: (name: string) => `Remove ${name}`,
  deviceRemoved: 'Device removed',
  deviceNotFound: 'Device not found',
  kindsSaved: 'Device settings saved',
  loadFailed: 'Could not load your devices.',
  saveFailed: 'Failed to save device settings',
  quietTitle: 'Quiet hours',
  quietIntro: 'No notifications are sent to your devices between these times. Emails are not held back.',
  quietOn: 'Use quiet hours',
  quietFrom: 'From',
  quietUntil: 'Until',
  quietZone: (zone: string) => `In your time zone (${zone})`,
  quietSaved: 'Quiet hours saved',
  quietOff: 'Quiet hours off',
  quietSame: 'Quiet hours must start and end at different times',
  quietTime: 'Enter a time like 22:00',
  quietZoneUnknown: 'Choose a valid time zone',
  endpointInvalid: 'The push subscription must have an https:// endpoint.',
  keysInvalid: 'The push subscription keys are not valid.',
  tokenInvalid: 'This notification link is invalid or has expired.',
  installTitle: 'Install Glowfind',
  installHint: 'Add Glowfind to your home screen or dock: it opens like an app and can notify you.',
  install: 'Install',
  installNotNow: 'Not now',
  installed: 'Glowfind is installed on this device.',
  offlineTitle: 'You are offline',
  offlineBody:
    'Glowfind needs a connection to show providers and openings. Check your connection and try again.',
  offlineRetry: 'Try again',
} as const;

/** What a push tells (the service worker shows it as it is). */
export const PUSH_NOTIFICATION_TEXTS = {
  openingTitle: (provider: string) => `${provider} posted an opening`,
  savedSearchTitle: (name: string) => `New match for “${name}”`,
  messageTitle: (sender: string) => `New message from ${sender}`,
  /** 'Haircut · Tue, Nov 24 · 3:00 – 4:00 PM CST · $45' */
  openingBody: (service: string, when: string, price: string | null) =>
    [service, when, price].filter((part) => part && part.trim() !== '').join(' · '),
} as const;
