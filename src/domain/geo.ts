import { z } from 'zod';

/** Where a provider is pinned on the results map (their own pin, or their zip's centre); null when unknown. */
export const GeoPositionSchema = z.object({ latitude: z.number(), longitude: z.number() }).nullable();
export type GeoPosition = z.infer<typeof GeoPositionSchema>;
