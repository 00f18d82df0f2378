import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionedOpeningsReply } from '#domain/opening-versions.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { api } from '#web/lib/api-client.ts';
import { OPENINGS_KEY } from './get-upcoming-openings';

/**
 * GET /api/last-minute-openings?provider_id=&include_inactive=true (bearer, the owner only): the
 * provider's own upcoming openings, inactive ones too, and their time-zone setting (the zone the
 * form reads its times in). Each opening carries its version, sent back as If-Match by the changes
 * made from it (update-opening.ts, delete-opening.ts). A provider has at most
 * OPENING_LIMITS.perProviderMax of them, so one page of pageMax holds them all.
 */
export const getMyOpenings = (providerId: string, signal?: AbortSignal) =>
  api<VersionedOpeningsReply>(
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
