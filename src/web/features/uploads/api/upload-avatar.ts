import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AvatarReplySchema } from '#domain/uploads.ts';
import { api } from '#web/lib/api-client.ts';
import { getSession } from '#web/lib/session.ts';

/** POST /api/upload/avatar with the resized image as a data URL; answers the new avatar's URL. */
export const uploadAvatar = ({ file, userId }: { file: string; userId: string }) =>
  api<z.infer<typeof AvatarReplySchema>>('/api/upload/avatar', {
    method: 'POST',
    // SPEC.md §7 puts the token in the body; the bearer header (sent by `auth`) is what the server prefers.
    body: { file, userId, accessToken: getSession()?.access_token },
    auth: true,
  });

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
