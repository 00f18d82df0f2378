import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PortfolioReplySchema } from '#domain/uploads.ts';
import { api } from '#web/lib/api-client.ts';
import { refreshProviderViews } from '../provider-views';

export type PortfolioReply = z.infer<typeof PortfolioReplySchema>;

/** POST /api/upload/portfolio: adds one image; answers the whole portfolio list. */
export const uploadPortfolioImage = ({ file, userId }: { file: string; userId: string }) =>
  api<PortfolioReply>('/api/upload/portfolio', {
    method: 'POST',
    body: { file, userId },
    auth: true,
  });

export function useUploadPortfolioImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPortfolioImage,
    onSuccess: () => void refreshProviderViews(queryClient),
  });
}
