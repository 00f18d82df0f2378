import { randomUUID } from 'node:crypto';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import { createRng } from './art';

/**
 * Demo reviews that obey the review rules in the data too (ADR 008): every one is written by a
 * demo client who clicked Book on that provider's page (a `via_page` click) between 2 hours and 90
 * days before the review, when their account was more than a day old (the reviewers' accounts are
 * 120 days old, the clicks at most 85); one review per client and provider, and at most 3 new
 * reviews per client in any 24 hours. Deterministic for a given provider list; dated from `now`.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Demo clients who write the reviews; nobody can sign in as them (they share a thrown-away hash). */
export const DEMO_REVIEWERS = [
  'Maya Johnson',
  'Luis Hernández',
  'Aisha Rahman',
  'Chloe Nguyen',
  'Devon Brooks',
  'Priya Patel',
  'Sam Okafor',
  'Elena Rossi',
  'Jordan Lee',
  'Fatima Al-Sayed',
  'Noah Kim',
  'Grace Thompson',
  'Mateo García',
  'Imani Walker',
  'Hannah Cohen',
  'Kenji Watanabe',
  'Olivia Martin',
  'Andre Dubois',
  'Zoe Williams',
  'Ravi Singh',
  'Leah Goldberg',
  'Marcus Reed',
  'Sofia Lopez',
  'Taylor Morgan',
] as const;

/** Texts by rating; '{service}' becomes the service reviewed. Empty = stars only. */
const TEXTS: Record<number, readonly string[]> = {
  5: [
    'Absolutely loved my {service}. Listened to exactly what I wanted and the result was even better.',
    'Best {service} I have had in years. On time, relaxed, and the space was spotless.',
    'Warm, professional and so skilled. Already booked my next {service}.',
    'I was nervous about trying someone new, but this was perfect from start to finish.',
    'Explained everything before starting and checked in throughout. Highly recommend.',
    '',
    'Great attention to detail on my {service}, and the price was exactly as listed.',
  ],
  4: [
    'Really happy with my {service}. Started about ten minutes late, otherwise great.',
    'Lovely experience and a good result. Parking was a little tricky.',
    'Solid {service} and friendly service. Would go back.',
    '',
    'Good work and fair prices. The studio is small but comfortable.',
  ],
  3: [
    'The {service} was fine, but it felt a bit rushed at the end.',
    'Decent result, though not quite what I asked for. Nice person though.',
  ],
  2: ['Appointment started 30 minutes late and the {service} was just okay.'],
  1: [],
};

const REPLIES = [
  'Thank you so much for the kind words! See you next time.',
  'Thanks for coming in, it was a pleasure working with you.',
  'Thank you for the feedback. I have changed my schedule so appointments start on time.',
  'I appreciate you taking the time to write this. Please reach out so I can make it right.',
];

/** Mostly 4 and 5 stars, some 3, a few 2: what real review sets tend to look like. */
function ratingOf(roll: number): number {
  if (roll < 0.58) return 5;
  if (roll < 0.86) return 4;
  if (roll < 0.96) return 3;
  return 2;
}

export interface ReviewableProvider {
  id: string;
  bookingLink: string;
  services: string[];
}

export interface DemoReviewRows {
  bookingLogs: {
    id: string;
    clientId: string;
    providerId: string;
    url: string;
    viaPage: boolean;
    createdAt: Date;
  }[];
  reviews: {
    providerId: string;
    clientId: string;
    rating: number;
    text: string;
    service: string | null;
    createdAt: Date;
    updatedAt: Date;
    reply: string | null;
    replyCreatedAt: Date | null;
    replyUpdatedAt: Date | null;
  }[];
}

/**
 * About four in five providers with a booking link get 1 to 12 reviews (the rest stay 'New'),
 * each after a booking click by its reviewer 3 to 85 days ago. Some reviewers also clicked a
 * provider without reviewing (clicks and reviews differ in real data too).
 */
export function seedDemoReviews(
  providers: readonly ReviewableProvider[],
  reviewerIds: readonly string[],
  now: Date,
): DemoReviewRows {
  const rows: DemoReviewRows = { bookingLogs: [], reviews: [] };
  const end = now.getTime();
  // Each reviewer's review times so far. A review with perDayMax others within a day either side
  // stays a click: with fewer, no 24 hours that holds it can hold more than perDayMax reviews.
  const written = new Map<string, number[]>();
  const hasRoom = (clientId: string, at: number) =>
    (written.get(clientId) ?? []).filter((t) => Math.abs(t - at) < DAY_MS).length < REVIEW_LIMITS.perDayMax;
  providers.forEach((provider, index) => {
    if (!provider.bookingLink) return;
    const rng = createRng(`reviews:${provider.id}`);
    const count = index % 5 === 4 ? 0 : rng.int(1, Math.min(12, reviewerIds.length));
    const reviewers = rng.shuffle(reviewerIds);
    reviewers.slice(0, count + (rng.chance(0.5) ? 1 : 0)).forEach((clientId, k) => {
      const clickedAt = end - rng.range(3 * DAY_MS, 85 * DAY_MS);
      rows.bookingLogs.push({
        id: randomUUID(),
        clientId,
        providerId: provider.id,
        url: provider.bookingLink,
        viaPage: true,
        createdAt: new Date(clickedAt),
      });
      if (k >= count) return; // clicked, never reviewed
      const opens = clickedAt + REVIEW_LIMITS.eligibleAfterHours * HOUR_MS;
      const createdAt = new Date(Math.min(opens + rng.range(HOUR_MS, 6 * DAY_MS), end - HOUR_MS));
      if (!hasRoom(clientId, createdAt.getTime())) return; // clicked; the day's reviews were written
      written.set(clientId, [...(written.get(clientId) ?? []), createdAt.getTime()]);
      const rating = ratingOf(rng.next());
      const service = provider.services.length > 0 ? rng.pick(provider.services) : null;
      const texts = TEXTS[rating] ?? [];
      const text =
        texts.length > 0 ? rng.pick(texts).replaceAll('{service}', service?.toLowerCase() ?? 'visit') : '';
      const replied = rating <= 3 || rng.chance(0.3);
      const replyAt = replied
        ? new Date(Math.min(createdAt.getTime() + rng.range(HOUR_MS, 3 * DAY_MS), end))
        : null;
      rows.reviews.push({
        providerId: provider.id,
        clientId,
        rating,
        text,
        service,
        createdAt,
        updatedAt: createdAt,
        reply: replied ? (REPLIES[rating <= 3 ? 2 + (k % 2) : k % 2] ?? null) : null,
        replyCreatedAt: replyAt,
        replyUpdatedAt: replyAt,
      });
    });
  });
  return rows;
}
