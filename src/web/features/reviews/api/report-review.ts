import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReplySchema, ReportBody } from '#domain/reviews.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/reviews/:id/report: flags a review for the moderators. */
export const reportReview = ({ id, body }: { id: string; body: ReportBody }) =>
  api<z.infer<typeof MessageReplySchema>>(`/api/reviews/${encodeURIComponent(id)}/report`, {
    body,
    auth: true,
  });

export function useReportReview() {
  return useMutation({ mutationFn: reportReview });
}
