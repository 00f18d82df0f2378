import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReplySchema, ModerationBody } from '#domain/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { REVIEWS_KEY } from '#web/lib/query-keys.ts';
import { adminAccessHeaders } from '../admin-access-store';
import { adminReviewsKey } from './get-admin-reviews';

/** PUT /api/admin/reviews/:id {action}: hide, restore, or dismiss the reports. */
export const moderateReview = ({ id, action }: { id: string } & ModerationBody) =>
  api<z.infer<typeof MessageReplySchema>>(`/api/admin/reviews/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { action } satisfies ModerationBody,
    auth: true,
    headers: adminAccessHeaders(),
  });

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewsKey }),
        // The public lists and averages change with it.
        queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
      ]),
  });
}
