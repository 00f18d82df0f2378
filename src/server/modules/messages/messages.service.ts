import type { SendMessageBody } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { fieldError, providerNotFound } from '#server/lib/app-error.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { providerMessageMail } from '#server/mail/templates.ts';
import { findPublicProvider } from '../profiles/profiles.service';

/**
 * Emails a message to a provider with the sender's address as Reply-To, so the two can talk
 * directly while the provider's address stays off the public page.
 */
export async function sendMessageToProvider(ctx: AppContext, sender: UserRow, body: SendMessageBody) {
  const provider = await findPublicProvider(ctx, body.providerId);
  if (!provider) throw providerNotFound();
  if (provider.id === sender.id) throw fieldError('providerId', 'You cannot send a message to yourself.');
  const mail = providerMessageMail({
    senderName: sender.name || sender.email,
    message: body.message,
    profileUrl: `${ctx.config.publicUrl}/${provider.routingSlug}`,
  });
  await enqueueMail(ctx, ctx.db, {
    kind: 'provider-message',
    to: provider.email,
    replyTo: sender.email,
    senderId: sender.id,
    ...mail,
  });
  ctx.kickMail();
  return { message: MESSAGE_TEXTS.sentTo(provider.name), threadId: '' };
}
