import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { refreshProviderViews } from '../provider-views';
import type { PortfolioReply } from './upload-portfolio-image';

/** DELETE /api/upload/portfolio: removes one image (and its file); answers the remaining list. */
export const deletePortfolioImage = ({ imageUrl, userId }: { imageUrl: string; userId: string }) =>
  api<PortfolioReply>('/api/upload/portfolio', {
    method: 'DELETE',
    body: { imageUrl, userId },
    auth: true,
  });

export function useDeletePortfolioImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortfolioImage,
    onSuccess: () => void refreshProviderViews(queryClient),
  });
}
