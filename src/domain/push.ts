import { z } from 'zod';
import { PUSH_KINDS, PUSH_LIMITS, PUSH_TEXTS } from './push-texts';

export * from './push-texts';

/** base64url without padding, decoding to exactly `bytes` bytes. */
const base64url = (bytes: number) =>
  z
    .string(PUSH_TEXTS.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, PUSH_TEXTS.keysInvalid)
    .length(Math.ceil((bytes * 4) / 3), PUSH_TEXTS.keysInvalid);

/**
 * POST /api/push/devices: the browser's PushSubscription.toJSON() as it is. The endpoint must be
 * https (the server also takes http://127.0.0.1 when PUSH_ALLOW_HTTP_LOOPBACK=1, for tests);
 * p256dh is an uncompressed P-256 point (65 bytes), auth 16 bytes (RFC 8291).
 */
export const PushSubscriptionBodySchema = z
  .object({
    endpoint: z
      .string(PUSH_TEXTS.endpointInvalid)
      .max(PUSH_LIMITS.endpointMax, PUSH_TEXTS.endpointInvalid)
      .pipe(z.url({ protocol: /^https?$/, error: PUSH_TEXTS.endpointInvalid })),
    expirationTime: z.number().int().nonnegative().nullable().optional(),
    keys: z
      .object({
        p256dh: base64url(65).refine((v) => v.startsWith('B'), PUSH_TEXTS.keysInvalid),
        auth: base64url(16),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushKindSchema = z.enum(PUSH_KINDS);

/** One device as settings list it: its name is read from the browser it was added with. */
export const PushDeviceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastSuccessAt: z.iso.datetime().nullable(),
  kinds: z.array(PushKindSchema),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Quiet hours: 'HH:MM' to 'HH:MM' in an IANA time zone (over midnight when until < from). */
const QuietHoursShape = z.object({
  start: z.string().regex(HHMM, PUSH_TEXTS.quietTime),
  end: z.string().regex(HHMM, PUSH_TEXTS.quietTime),
  timeZone: z
    .string()
    .min(1, PUSH_TEXTS.quietZoneUnknown)
    .max(64, PUSH_TEXTS.quietZoneUnknown)
    .refine(isTimeZone, PUSH_TEXTS.quietZoneUnknown),
});

/** Quiet hours as a request sets them: no unknown keys, start and end differ. */
export const QuietHoursSchema = QuietHoursShape.strict().refine((q) => q.start !== q.end, {
  message: PUSH_TEXTS.quietSame,
  path: ['end'],
});
export type QuietHours = z.infer<typeof QuietHoursSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/push/devices: the account's devices and quiet hours. */
export const PushDevicesReplySchema = z.object({
  success: z.literal(true),
  devices: z.array(PushDeviceSchema),
  quietHours: QuietHoursShape.nullable(),
});
export type PushDevicesReply = z.infer<typeof PushDevicesReplySchema>;

/** POST /api/push/devices: the device, new or updated (the same endpoint again is the same device). */
export const PushDeviceReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  device: PushDeviceSchema,
});
export type PushDeviceReply = z.infer<typeof PushDeviceReplySchema>;

/** PATCH /api/push/devices/:id: which kinds this device gets. */
export const UpdatePushDeviceBodySchema = z
  .object({ kinds: z.array(PushKindSchema).max(PUSH_KINDS.length) })
  .strict();
export type UpdatePushDeviceBody = z.infer<typeof UpdatePushDeviceBodySchema>;

/** PUT /api/push/quiet-hours: null turns them off. */
export const SetQuietHoursBodySchema = z.object({ quietHours: QuietHoursSchema.nullable() }).strict();
export type SetQuietHoursBody = z.infer<typeof SetQuietHoursBodySchema>;

export const QuietHoursReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  quietHours: QuietHoursShape.nullable(),
});

/** GET /api/push/public-key: the VAPID public key (applicationServerKey), base64url. */
export const PushPublicKeyReplySchema = z.object({ success: z.literal(true), publicKey: z.string() });

/** POST /api/push/opened: the service worker's beacon when a notification is clicked. */
export const PushOpenedBodySchema = z
  .object({ token: z.string().min(1).max(PUSH_LIMITS.openTokenMax) })
  .strict();

/**
 * What a push carries (encrypted to the device): what the notification shows and where it leads.
 * `tag` folds notifications about the same thing into one; `open` is the token the service worker
 * sends back when it is clicked (counted once, never naming the person to the provider).
 */
export const PushPayloadSchema = z.object({
  v: z.literal(1),
  kind: PushKindSchema,
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  open: z.string().optional(),
  /** When it happened (epoch ms): the notification's time. */
  at: z.number(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
