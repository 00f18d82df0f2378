import { z } from 'zod';
import { PROVIDER_NOT_FOUND } from './errors';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from './messages-options';

/**
 * Messages to a provider. The original only simulated them (docs/product.md §11); here a message is
 * really delivered: it is emailed to the provider with the sender's address as Reply-To (the
 * provider's address stays private).
 */

export const SendMessageBodySchema = z.object({
  providerId: z.uuid({ error: PROVIDER_NOT_FOUND }),
  message: z
    .string({ error: MESSAGE_TEXTS.required })
    .trim()
    .min(1, MESSAGE_TEXTS.required)
    .max(MESSAGE_LIMITS.bodyMax, `Messages can be at most ${MESSAGE_LIMITS.bodyMax} characters`),
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const SendMessageReplySchema = z.object({ success: z.literal(true), message: z.string() });
