import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  SavedRepliesReplySchema,
  SavedReply,
  SavedReplyBody,
  SavedReplyChangeReplySchema,
} from '#domain/messages.ts';
import { api } from '#web/lib/api-client.ts';

type SavedRepliesReply = z.infer<typeof SavedRepliesReplySchema>;
type SavedReplyChangeReply = z.infer<typeof SavedReplyChangeReplySchema>;

const path = (id: string) => `/api/saved-replies/${encodeURIComponent(id)}`;

/** GET /api/saved-replies: the provider's saved replies, in the order the server keeps them. */
export const getSavedReplies = (signal?: AbortSignal) =>
  api<SavedRepliesReply>('/api/saved-replies', { auth: true, ...(signal ? { signal } : {}) });

export const savedRepliesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['saved-replies', userId] as const,
    queryFn: async ({ signal }) => (await getSavedReplies(signal)).replies,
  });

/** The signed-in provider's saved replies; nothing is fetched without a user. */
export function useSavedReplies(userId: string | undefined, enabled = true) {
  return useQuery({ ...savedRepliesQuery(userId ?? ''), enabled: Boolean(userId) && enabled });
}

/** POST /api/saved-replies {title, body}. */
export const createSavedReply = (body: SavedReplyBody) =>
  api<SavedReplyChangeReply>('/api/saved-replies', { method: 'POST', body, auth: true });

/** PUT /api/saved-replies/:id {title, body}. */
export const updateSavedReply = ({ id, ...body }: SavedReplyBody & { id: string }) =>
  api<SavedReplyChangeReply>(path(id), { method: 'PUT', body, auth: true });

/** DELETE /api/saved-replies/:id. */
export const deleteSavedReply = (id: string) =>
  api<{ success: true; message: string }>(path(id), { method: 'DELETE', auth: true });

/** Add, edit and delete: each answer updates the cached list at once, then it is fetched again. */
export function useSavedReplyMutations(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = savedRepliesQuery(userId);
  const update = (change: (list: SavedReply[]) => SavedReply[]) =>
    queryClient.setQueryData<SavedReply[]>(queryKey, (list) => (list ? change(list) : list));
  const refetch = () => queryClient.invalidateQueries({ queryKey });
  return {
    create: useMutation({
      mutationFn: createSavedReply,
      onSuccess: ({ reply }) => update((list) => [...list.filter((r) => r.id !== reply.id), reply]),
      onSettled: refetch,
    }),
    update: useMutation({
      mutationFn: updateSavedReply,
      onSuccess: ({ reply }) => update((list) => list.map((r) => (r.id === reply.id ? reply : r))),
      onSettled: refetch,
    }),
    remove: useMutation({
      mutationFn: deleteSavedReply,
      onSuccess: (_reply, id) => update((list) => list.filter((r) => r.id !== id)),
      onSettled: refetch,
    }),
  };
}
