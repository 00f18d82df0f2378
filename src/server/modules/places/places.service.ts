import { LANDING_TEXTS } from '#domain/landing-texts.ts';
import type { LandingLink, LandingReply } from '#domain/places.ts';
import {
  LANDING_CATEGORIES,
  LANDING_LIMITS,
  LANDING_TOPICS,
  type LandingTopic,
  landingHeading,
  landingPath,
  landingTopicForWords,
  landingTopicOf,
} from '#domain/places-options.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { VersionedMemo } from '#server/lib/catalogue-cache.ts';
import { decodeScoredKeyset, encodeScoredKeyset } from '#server/lib/keyset-cursor.ts';
import { openingsExpireAt, upcomingWindow } from '../openings/openings.service';
import { providerCardsByIds, serviceNameTsquery } from '../search/search.service';
import { type City, citiesNear, cityOfSlug, cityOfZip } from './place-index';
import * as q from './places.queries';

/** provider_search.quality is a smallint. */
const QUALITY_MAX = 32_767;

/** What a topic matches, in SQL terms: the service words as search turns them into a tsquery. */
function matchOf(topic: LandingTopic): q.TopicMatch {
  if (topic.kind === 'category') return { category: topic.category, serviceTsquery: null };
  const alternatives = (topic.words ?? '').split(',').map((words) => serviceNameTsquery(words));
  if (alternatives.length === 0 || alternatives.some((a) => a === null))
    throw new Error(`landing topic ${topic.slug} has no words`);
  const serviceTsquery =
    alternatives.length === 1 ? alternatives[0]! : alternatives.map((a) => `(${a})`).join(' | ');
  return { category: topic.category, serviceTsquery };
}

let definitions: q.TopicDefinition[] | null = null;
const topicDefinitions = () => {
  definitions ??= LANDING_TOPICS.map((t) => ({ slug: t.slug, ...matchOf(t) }));
  return definitions;
};

const notFound = () => new AppError('NOT_FOUND', LANDING_TEXTS.notFound);

/** Whether a landing page's address names a topic and a place we know, whether or not anyone is there. */
export function isKnownLandingPage(topicSlug: string, placeSlug: string): boolean {
  return landingTopicOf(topicSlug) !== null && cityOfSlug(placeSlug) !== null;
}

const price = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * A landing page: the listed providers of a place offering a service or in a
 * category, 24 a page, most complete profile first; the figures of its introduction; links to the
 * same topic nearby and to other topics of the place, each with providers. An unknown topic or place
 * (LANDING_TEXTS.unknownPage: the address names nothing), or one with no providers
 * (LANDING_TEXTS.notFound), is a 404: never an empty page.
 */
export async function getLandingPage(
  ctx: AppContext,
  topicSlug: string,
  placeSlug: string,
  query: { cursor?: string | undefined } = {},
): Promise<Omit<LandingReply, 'success'>> {
  const topic = landingTopicOf(topicSlug);
  const place = cityOfSlug(placeSlug);
  if (!topic || !place) throw new AppError('NOT_FOUND', LANDING_TEXTS.unknownPage);
  const after = decodeScoredKeyset(query.cursor, QUALITY_MAX, LANDING_TEXTS.cursorInvalid);
  const match = matchOf(topic);
  const figures = await q.findLandingFigures(ctx.db, {
    zips: place.zips,
    match,
    window: upcomingWindow(ctx),
  });
  if (figures.providers === 0) throw notFound();
  const limit = LANDING_LIMITS.pageSize;
  const rows = await q.findLandingPage(ctx.db, {
    zips: place.zips,
    match,
    after: after && { quality: after.score, createdAt: after.createdAt, id: after.id },
    limit,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [providers, nearby, related] = await Promise.all([
    providerCardsByIds(
      ctx,
      page.map((r) => r.id),
      match.serviceTsquery,
    ),
    nearbyLinks(ctx, topic, place),
    relatedLinks(ctx, topic, place),
  ]);
  return {
    topic: { slug: topic.slug, label: topic.label, kind: topic.kind },
    place: { slug: place.slug, city: place.city, state: place.state },
    path: landingPath(topic.slug, place.slug),
    heading: landingHeading(topic.label, place.city, place.state),
    figures: {
      providers: figures.providers,
      priceMin: price(figures.price_min),
      priceMax: price(figures.price_max),
      openings: figures.openings,
    },
    providers,
    nextCursor:
      rows.length > limit && last
        ? encodeScoredKeyset({ score: Number(last.quality), createdAt: last.created_at, id: last.id })
        : null,
    nearby,
    related,
  };
}

/** When a cached landing page stops being right on time alone: its openings figure moves with the clock. */
export function landingPageExpiresAt(ctx: AppContext): number {
  return openingsExpireAt(ctx.now().getTime(), []);
}

/** Nearby places asked about per statement, nearest first: enough to fill the links in a dense area. */
const NEARBY_BATCHES = [16, 64, Number.POSITIVE_INFINITY];

/**
 * The same topic in other places within LANDING_LIMITS.nearbyMiles that have providers, nearest
 * first. Places are counted nearest first in growing batches until the links are full: around Los
 * Angeles 220 places (767 zips) lie within 50 miles, and the nearest 16 nearly always fill them.
 */
async function nearbyLinks(ctx: AppContext, topic: LandingTopic, place: City): Promise<LandingLink[]> {
  const near = citiesNear(place, LANDING_LIMITS.nearbyMiles);
  const found: LandingLink[] = [];
  let from = 0;
  for (const size of NEARBY_BATCHES) {
    if (from >= near.length || found.length >= LANDING_LIMITS.linksMax) break;
    const batch = near.slice(from, from + size);
    from += batch.length;
    const perCity = new Map<string, number>();
    for (const { zip, count } of await q.countByZip(
      ctx.db,
      batch.flatMap((n) => n.place.zips),
      matchOf(topic),
    )) {
      const city = cityOfZip(zip);
      if (city) perCity.set(city.slug, (perCity.get(city.slug) ?? 0) + Number(count));
    }
    for (const n of batch) {
      const count = perCity.get(n.place.slug) ?? 0;
      if (count > 0 && found.length < LANDING_LIMITS.linksMax) {
        found.push({
          path: landingPath(topic.slug, n.place.slug),
          label: landingHeading(topic.label, n.place.city, n.place.state),
          count,
        });
      }
    }
  }
  return found;
}

/**
 * Other topics of the place that have providers: most providers first, then the order of
 * LANDING_TOPICS (categories before services).
 */
async function relatedLinks(ctx: AppContext, topic: LandingTopic, place: City): Promise<LandingLink[]> {
  const others = topicDefinitions().filter((t) => t.slug !== topic.slug);
  const counts = new Map(
    (await q.countByTopic(ctx.db, place.zips, others)).map((r) => [r.slug, Number(r.count)]),
  );
  return LANDING_TOPICS.filter((t) => (counts.get(t.slug) ?? 0) > 0)
    .map((t, order) => ({ t, order, count: counts.get(t.slug)! }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .slice(0, LANDING_LIMITS.linksMax)
    .map(({ t, count }) => ({
      path: landingPath(t.slug, place.slug),
      label: landingHeading(t.label, place.city, place.state),
      count,
    }));
}

/**
 * Every landing page that has providers, with the latest change among them (for the sitemap). The
 * counts are aggregated by zip in SQL; zips are grouped into places here, so memory grows with the
 * number of (zip, topic) pairs that have providers, never with the number of providers.
 */
export async function* listLandingPages(ctx: AppContext): AsyncIterable<{ path: string; lastmod: Date }> {
  // The whole catalogue, aggregated (5–8 s at 100,000 providers): past the request query timeout.
  const rows = await q.findZipTopicCounts(ctx.bulkDb, topicDefinitions());
  const pages = new Map<string, number>();
  for (const row of rows) {
    const city = cityOfZip(row.zip);
    if (!city || Number(row.count) === 0) continue;
    const path = landingPath(row.slug, city.slug);
    const at = Date.parse(row.lastmod);
    pages.set(path, Math.max(pages.get(path) ?? 0, at));
  }
  const paths = [...pages.keys()].sort();
  for (const path of paths) yield { path, lastmod: new Date(pages.get(path)!) };
}

/**
 * A listed provider's category pages in their city, in their categories' order (the profile's
 * breadcrumbs). The provider is on each by construction: a category page lists its category's listed
 * providers of the city.
 */
export function providerLandingPages(
  zip: string | null | undefined,
  categories: readonly string[],
): { category: string; path: string; label: string }[] {
  const place = zip ? cityOfZip(zip) : null;
  if (!place) return [];
  return categories.flatMap((id) => {
    const topic = LANDING_CATEGORIES.find((t) => t.category === id);
    return topic
      ? [
          {
            category: id,
            path: landingPath(topic.slug, place.slug),
            label: landingHeading(topic.label, place.city, place.state),
          },
        ]
      : [];
  });
}

/** Topic and city pairs whose 'has providers' is kept per catalogue version (one boolean each). */
const LANDING_CHECKS_KEPT = 20_000;

/**
 * Whether a topic's landing page in a city has providers, kept under the catalogue version: one per
 * app, for searchLandingLink. Searches for many words and zips name the same few pages (every
 * 'balayage' search in Austin's zips names /balayage/austin-tx), and the check cost a search miss as
 * much as a twentieth of its database time.
 */
export const createLandingChecks = () => new VersionedMemo<boolean>(LANDING_CHECKS_KEPT);

/**
 * A search's link to the landing page of its words in its zip's city ('See all balayage in Austin'),
 * when the words name a topic and that page has providers (`checks`: kept under the reply's
 * catalogue version).
 */
export async function searchLandingLink(
  ctx: AppContext,
  searched: { query: string; locationZip: string | null },
  checks: { memo: VersionedMemo<boolean>; version: number },
): Promise<{ path: string; label: string } | null> {
  const topic = landingTopicForWords(searched.query);
  const place = searched.locationZip ? cityOfZip(searched.locationZip) : null;
  if (!topic || !place) return null;
  const key = `${topic.slug}/${place.slug}`;
  let found = checks.memo.get(checks.version, key);
  if (found === undefined) {
    found = await q.anyInZips(ctx.db, place.zips, matchOf(topic));
    checks.memo.set(checks.version, key, found);
  }
  if (!found) return null;
  return {
    path: landingPath(topic.slug, place.slug),
    label: `${LANDING_TEXTS.seeAll} ${topic.label.toLowerCase()} in ${place.city}`,
  };
}
