import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ADMIN_MESSAGE_ACTIONS, AdminMessageActionReplySchema } from '#domain/messages.ts';
import { api } from '#web/lib/api-client.ts';
import { adminAccessHeaders, clearAdminAccess } from '../admin-access-store';
import { isAdminAccessRequired } from './admin-request';
import { adminMessagesKey } from './get-admin-messages';

export type MessageModerationAction = (typeof ADMIN_MESSAGE_ACTIONS)[number];

/** PUT /api/admin/messages/:id {action}: hide, restore, warn its sender, or dismiss its reports. */
export async function moderateMessage({ id, action }: { id: string; action: MessageModerationAction }) {
  try {
    return await api<z.infer<typeof AdminMessageActionReplySchema>>(
      `/api/admin/messages/${encodeURIComponent(id)}`,
      { method: 'PUT', body: { action }, auth: true, headers: adminAccessHeaders() },
    );
  } catch (error) {
    if (isAdminAccessRequired(error)) clearAdminAccess();
    throw error;
  }
}

/** Each action moves the message between the lists (or out of them): both are fetched again. */
export function useModerateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMessagesKey }),
  });
}
