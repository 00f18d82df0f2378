import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyReply, PasskeysReply } from '#domain/passkeys.ts';
import { api } from '#web/lib/api-client.ts';
import { passkeysQuery } from './passkeys-list';

const path = (id: string) => `/api/account/passkeys/${encodeURIComponent(id)}`;

/** PUT /api/account/passkeys/:id {name}. */
export const renamePasskey = ({ id, name }: { id: string; name: string }) =>
  api<PasskeyReply>(path(id), { method: 'PUT', body: { name }, auth: true });

/** DELETE /api/account/passkeys/:id: it no longer signs in. */
export const removePasskey = (id: string) =>
  api<{ success: true; message: string }>(path(id), { method: 'DELETE', auth: true });

/** Rename replaces the passkey in the list; remove takes it out. */
export function useChangePasskey(userId: string) {
  const queryClient = useQueryClient();
  const key = passkeysQuery(userId).queryKey;
  const update = (change: (list: PasskeysReply['passkeys']) => PasskeysReply['passkeys']) =>
    queryClient.setQueryData<PasskeysReply>(key, (reply) =>
      reply ? { ...reply, passkeys: change(reply.passkeys) } : reply,
    );
  return {
    rename: useMutation({
      mutationFn: renamePasskey,
      onSuccess: (reply) =>
        update((list) => list.map((p) => (p.id === reply.passkey.id ? reply.passkey : p))),
    }),
    remove: useMutation({
      mutationFn: removePasskey,
      onSuccess: (_reply, id) => update((list) => list.filter((p) => p.id !== id)),
    }),
  };
}
