import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PortfolioReplySchema } from '../../../../domain/uploads';
import { api } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

export type PortfolioReply = z.infer<typeof PortfolioReplySchema>;

/** POST /api/upload/portfolio: adds one image; answers the whole portfolio list. */
export const uploadPortfolioImage = ({ file, userId }: { file: string; userId: string }) =>
  api<PortfolioReply>('/api/upload/portfolio', {
    method: 'POST',
    body: { file, userId, accessToken: getSession()?.access_token },
    auth: true,
  });

export function useUploadPortfolioImage() {
  return useMutation({ mutationFn: uploadPortfolioImage });
}
