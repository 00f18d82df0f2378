import type { NearestZipReply } from '#domain/search.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * GET /api/zips/nearest: the US zip nearest to a position ('Use my location'). The position is
 * rounded to two decimals (about a kilometre): enough to find the zip, and no more of where the
 * person is than that leaves the browser. A 404 (NOT_FOUND) means no zip within reach.
 */
export async function getNearestZip(latitude: number, longitude: number): Promise<NearestZipReply> {
  const params = new URLSearchParams({ latitude: latitude.toFixed(2), longitude: longitude.toFixed(2) });
  return api<NearestZipReply>(`/api/zips/nearest?${params}`);
}
