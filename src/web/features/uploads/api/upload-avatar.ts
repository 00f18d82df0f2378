import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AvatarReplySchema } from '#domain/uploads.ts';
import { api } from '#web/lib/api-client.ts';
import { patchSessionUser } from '#web/lib/session.ts';
import { refreshProviderViews } from '../provider-views';

/** POST /api/upload/avatar with the resized image as a data URL; answers the new avatar's URL. */
export const uploadAvatar = ({ file, userId }: { file: string; userId: string }) =>
  api<z.infer<typeof AvatarReplySchema>>('/api/upload/avatar', {
    method: 'POST',
    // The token goes in the Authorization header only (`auth`): the server refuses a stranger before
    // reading the body, so a token in the body would never be looked at.
    body: { file, userId },
    auth: true,
  });

/**
 * Uploads and, once stored, puts the new URL in the session (the header and the user menu show it at
 * once, other tabs through the storage event) and refreshes the views that show it.
 */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (reply, { userId }) => {
      patchSessionUser(userId, { avatar_url: reply.avatarUrl });
      void refreshProviderViews(queryClient);
    },
  });
}
