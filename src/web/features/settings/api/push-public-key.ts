import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PushPublicKeyReplySchema } from '#domain/push.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/push/public-key: the server's VAPID public key, base64url (public, cached an hour). */
export const getPushPublicKey = () =>
  api<z.infer<typeof PushPublicKeyReplySchema>>('/api/push/public-key').then((reply) => reply.publicKey);

/** Read only when someone turns notifications on (queryClient.fetchQuery), never on load. */
export const pushPublicKeyQuery = () =>
  queryOptions({
    queryKey: ['push', 'public-key'] as const,
    queryFn: getPushPublicKey,
    // The key changes only when the server's VAPID keys are replaced, which a reload picks up.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** base64url (no padding) to the bytes PushManager.subscribe takes as applicationServerKey. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
