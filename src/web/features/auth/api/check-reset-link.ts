import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import { api } from '#web/lib/api-client.ts';

/** POST /api/auth/reset-password/check: can this emailed link still set a password? Uses nothing. */
export const checkResetLink = (token: string) =>
  api<z.infer<typeof MessageReplySchema>>('/api/auth/reset-password/check', { body: { token }, read: true });

/** Once per page: the answer holds until the link is used, which this page does itself. */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', token] as const,
    queryFn: () => checkResetLink(token),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useResetLink(token: string) {
  return useQuery({ ...resetLinkQuery(token), enabled: token !== '' });
}
