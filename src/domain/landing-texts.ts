import { OPENING_LIMITS } from './openings-options';
import { formatMoney } from './pricing-options';

/** A landing page's texts and introduction, loaded with the page (places-options.ts is on every first load). */

export const LANDING_TEXTS = {
  /** The API's 404 for a known service in a known place with no providers: the page's own explanation. */
  notFound: 'No providers found for this page',
  /** The API's 404 for a service or place we do not know: the address names nothing ('Oops!'). */
  unknownPage: 'No such service or place',
  cursorInvalid: 'Invalid page cursor',
  notFoundTitle: 'Page not found',
  notFoundBody: 'We have no providers for this service in this place yet.',
  providers: 'Providers',
  seeAll: 'See all',
  loadMore: 'Load more',
  nearby: 'Nearby',
  related: 'Related services',
  searchAll: 'Search all providers',
  loadFailed: 'Failed to load this page',
} as const;

/**
 * What the introduction reads of a landing reply (./places LandingReply), spelled out here: that file
 * builds its schema from this one's limits, so importing its type back would make a cycle.
 */
export interface LandingFacts {
  figures: { providers: number; priceMin: number | null; priceMax: number | null; openings: number };
  topic: { slug: string; label: string; kind: 'category' | 'service' };
  place: { slug: string; city: string; state: string };
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The introduction, from the reply's figures only: '3 providers offer balayage in Austin, TX, from
 * $150 to $240. They have 5 openings for balayage in the next 5 days.' The days are the public
 * lists' window (OPENING_LIMITS.windowDays); a service page counts the openings of that service, a
 * category page all of its providers' openings (an opening names a service, never a category).
 */
export function landingIntroduction(reply: LandingFacts): string[] {
  const { figures, topic, place } = reply;
  const days = OPENING_LIMITS.windowDays;
  const where = `${place.city}, ${place.state}`;
  const what =
    topic.kind === 'category'
      ? `${plural(figures.providers, topic.label.toLowerCase().replace(/s$/, ''), topic.label.toLowerCase())} in ${where}`
      : `${plural(figures.providers, 'provider offers', 'providers offer')} ${topic.label.toLowerCase()} in ${where}`;
  const priced =
    figures.priceMin === null || figures.priceMax === null
      ? ''
      : figures.priceMin === figures.priceMax
        ? `, at ${formatMoney(figures.priceMin)}`
        : topic.kind === 'category'
          ? `, with starting prices from ${formatMoney(figures.priceMin)} to ${formatMoney(figures.priceMax)}`
          : `, from ${formatMoney(figures.priceMin)} to ${formatMoney(figures.priceMax)}`;
  const sentences = [`${what}${priced}.`];
  const forService = topic.kind === 'service' ? ` for ${topic.label.toLowerCase()}` : '';
  sentences.push(
    figures.openings === 0
      ? `No openings${forService} are posted for the next ${days} days yet.`
      : `${figures.providers === 1 ? 'It has' : 'They have'} ${plural(figures.openings, 'opening', 'openings')}${forService} in the next ${days} days.`,
  );
  return sentences;
}
