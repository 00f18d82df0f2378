import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningsReply } from '#domain/openings.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

/**
 * GET /api/last-minute-openings?provider_id=&include_inactive=true (bearer, the owner only): the
 * provider's own upcoming openings, inactive ones too, and their time-zone setting (the zone the
 * form reads its times in). A provider has at most
 * OPENING_LIMITS.perProviderMax of them, so one page of pageMax holds them all.
 */
export const getMyOpenings = (providerId: string, signal?: AbortSignal) =>
  api<OpeningsReply>(
    `/api/last-minute-openings?provider_id=${encodeURIComponent(providerId)}&include_inactive=true&limit=${OPENING_LIMITS.pageMax}`,
    { auth: true, ...(signal ? { signal } : {}) },
  );

export const myOpeningsKey = (providerId: string) => [...OPENINGS_KEY, 'mine', providerId] as const;

export const myOpeningsQuery = (providerId: string) =>
  queryOptions({
    queryKey: myOpeningsKey(providerId),
    queryFn: async ({ signal }) => {
      const reply = await getMyOpenings(providerId, signal);
      return { openings: reply.openings, timeZone: reply.provider_time_zone ?? null };
    },
  });

export function useMyOpenings(providerId: string) {
  return useQuery(myOpeningsQuery(providerId));
}
