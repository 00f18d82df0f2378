import { z } from 'zod';
import { PROVIDER_NOT_FOUND } from './errors';

export * from './insights-beacon';
export * from './insights-options';

import { INSIGHT_BEACON_LIMITS } from './insights-beacon';
import { INSIGHT_LIMITS, INSIGHT_PERIODS } from './insights-options';

/** Provider insights (ADR 019): the beacon the web app sends, and what the provider reads. */

/**
 * What the web app's beacon sends: the token the server issued with a search reply (the cards it
 * returned) or for a profile view. Everything counted is read from the token, never from the beacon.
 */
export const InsightBeaconSchema = z
  .object({ token: z.string().min(1).max(INSIGHT_BEACON_LIMITS.tokenMax) })
  .strict();

/** GET /api/insights/view-token?provider_id= */
export const ViewTokenQuerySchema = z.object({ provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }) });
export const ViewTokenReplySchema = z.object({ success: z.literal(true), token: z.string() });

const periodSchema = z.coerce
  .number({ error: 'Choose 7, 30 or 90 days' })
  .refine((n): n is (typeof INSIGHT_PERIODS)[number] => (INSIGHT_PERIODS as readonly number[]).includes(n), {
    error: 'Choose 7, 30 or 90 days',
  });

/** GET /api/insights?provider_id=&days= (and /api/insights/export). */
export const InsightsQuerySchema = z.object({
  provider_id: z.uuid({ error: PROVIDER_NOT_FOUND }),
  days: periodSchema.default(30),
});

export const InsightDaySchema = z.object({
  /** 'YYYY-MM-DD' in the provider's time zone. */
  date: z.string(),
  impressions: z.number().int(),
  profile_views: z.number().int(),
  new_favorites: z.number().int(),
  alert_inclusions: z.number().int(),
  /** Push notifications about the provider's openings that someone opened (once per person and opening). */
  push_opens: z.number().int(),
  /** Booking clicks, at most one per client per day (as Booking Interest's unique clicks). */
  booking_clicks: z.number().int(),
});
export type InsightDay = z.infer<typeof InsightDaySchema>;

export const InsightsSchema = z.object({
  provider_id: z.string(),
  /** The IANA zone the days are counted in (the provider's). */
  time_zone: z.string(),
  days: z.number().int(),
  per_day: z.array(InsightDaySchema),
  totals: InsightDaySchema.omit({ date: true }),
  /** Booking clicks per profile view over the period (0..1; null without views). */
  conversion: z.number().nullable(),
  /** The search words that most often showed the provider, most first. */
  top_words: z.array(z.object({ word: z.string(), count: z.number().int() })),
});
export type Insights = z.infer<typeof InsightsSchema>;

export const InsightsReplySchema = z.object({ success: z.literal(true), insights: InsightsSchema });
export type InsightsReply = z.infer<typeof InsightsReplySchema>;

// Search words (server side: the web app sends the query as typed).

/**
 * Words that say nothing about what a client looked for; left out of the top search words.
 * Lower-case.
 */
export const INSIGHT_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'in',
  'near',
  'me',
  'to',
  'with',
  'on',
  'at',
  'or',
  'by',
  'my',
]);

/**
 * The words of a search that count towards a provider's top words: lower-case runs of letters and
 * digits (apostrophes kept inside), at least two characters, no stop words, each once, the first few.
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 2 || word.length > INSIGHT_LIMITS.wordMax || INSIGHT_STOP_WORDS.has(word)) continue;
    if (!out.includes(word)) out.push(word);
    if (out.length === INSIGHT_LIMITS.wordsPerSearch) break;
  }
  return out;
}
