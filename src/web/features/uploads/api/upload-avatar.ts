import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AvatarReplySchema } from '#domain/uploads.ts';
import { api } from '#web/lib/api-client.ts';
import { getSession, patchSessionUser } from '#web/lib/session.ts';
import { refreshProviderViews } from '../provider-views';

/** POST /api/upload/avatar with the resized image as a data URL; answers the new avatar's URL. */
export const uploadAvatar = ({ file, userId }: { file: string; userId: string }) =>
  api<z.infer<typeof AvatarReplySchema>>('/api/upload/avatar', {
    method: 'POST',
    // SPEC.md §7 puts the token in the body; the bearer header (sent by `auth`) is what the server prefers.
    body: { file, userId, accessToken: getSession()?.access_token },
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
