import { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_IDS,
  NOTIFICATION_TEXTS,
  SWITCHABLE_NOTIFICATION_KINDS,
} from './notification-kinds';

export * from './notification-kinds';

export const NotificationChannelStateSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});

export const NotificationSettingSchema = z.object({
  kind: z.enum(NOTIFICATION_KIND_IDS),
  switchable: z.boolean(),
  channels: z.array(NotificationChannelStateSchema),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

/** GET /api/account/notifications */
export const NotificationSettingsReplySchema = z.object({
  success: z.literal(true),
  kinds: z.array(NotificationSettingSchema),
});
export type NotificationSettingsReply = z.infer<typeof NotificationSettingsReplySchema>;

/**
 * PUT /api/account/notifications: one switch. An unknown kind or channel is a 400 naming the field;
 * a kind that cannot be switched off is refused (400) by the server with NOTIFICATION_TEXTS.notSwitchable.
 */
export const SetNotificationBodySchema = z
  .object({
    kind: z.enum(NOTIFICATION_KIND_IDS, { error: NOTIFICATION_TEXTS.unknownKind }),
    channel: z.enum(NOTIFICATION_CHANNELS, { error: NOTIFICATION_TEXTS.unknownChannel }),
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
  })
  .strict();
export type SetNotificationBody = z.infer<typeof SetNotificationBodySchema>;

export const SetNotificationReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  setting: NotificationSettingSchema,
});
export type SetNotificationReply = z.infer<typeof SetNotificationReplySchema>;

/** POST /api/account/notifications/unsubscribe: the kind the link turned off. */
export const NotificationUnsubscribeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  kind: z.enum(SWITCHABLE_NOTIFICATION_KINDS),
});
export type NotificationUnsubscribeReply = z.infer<typeof NotificationUnsubscribeReplySchema>;
