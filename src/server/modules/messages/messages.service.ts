import type { SendMessageBody } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { fieldError, providerNotFound } from '#server/lib/app-error.ts';
import { findPublicProvider } from '../profiles/profiles.service';
import { sendToProvider } from './threads.service';

/**
 * Writes to a listed provider from their profile: the message goes into the thread the two share
 * (started now if they have none), and the notifier emails the provider (threads.service).
 */
export async function sendMessageToProvider(ctx: AppContext, sender: UserRow, body: SendMessageBody) {
  const provider = await findPublicProvider(ctx, body.providerId);
  if (!provider) throw providerNotFound();
  if (provider.id === sender.id) throw fieldError('providerId', MESSAGE_TEXTS.ownProfile);
  const { threadId } = await sendToProvider(ctx, sender.id, provider.id, body.message);
  return { message: MESSAGE_TEXTS.sentTo(provider.name), threadId };
}
