import { BRAND } from '#domain/brand.ts';
import { landingIntroduction } from '#domain/landing-texts.ts';
import type { LandingReply } from '#domain/places.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { absoluteUrl, clip, escapeHtml, type PageHead, safeJson } from '#server/lib/html.ts';
import type { ServerPage } from '#server/plugins/web.ts';
import { getLandingPage, isKnownLandingPage, landingPageExpiresAt } from './places.service';

/**
 * The head of a landing page: title and description from its heading and real
 * figures, canonical URL, Open Graph, and JSON-LD: an ItemList of the providers shown (a rating only
 * where real reviews give one) and the BreadcrumbList of the visible breadcrumbs.
 */
export function landingHead(reply: LandingReply, publicUrl: string): PageHead {
  const url = `${publicUrl}${reply.path}`;
  const title = `${reply.heading} | ${BRAND.name}`;
  const description = clip(landingIntroduction(reply).join(' '), 160);
  // The page's picture: the first provider shown who has one, named in its alt text.
  const pictured = reply.providers.find((p) => p.avatar_url);
  const image = pictured?.avatar_url ?? null;
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    '@id': `${url}#providers`,
    name: reply.heading,
    url,
    numberOfItems: reply.figures.providers,
    itemListElement: reply.providers.map((p, i) => {
      const page = `${publicUrl}/${p.routing_slug}`;
      return {
        '@type': 'ListItem',
        position: i + 1,
        url: page,
        item: {
          '@type': 'HealthAndBeautyBusiness',
          '@id': page,
          name: p.name,
          url: page,
          ...(p.location ? { address: p.location } : {}),
          ...(p.avatar_url ? { image: absoluteUrl(publicUrl, p.avatar_url) } : {}),
          ...(p.rating !== null && p.review_count > 0
            ? {
                aggregateRating: {
                  '@type': 'AggregateRating',
                  ratingValue: p.rating,
                  reviewCount: p.review_count,
                  bestRating: 5,
                  worstRating: 1,
                },
              }
            : {}),
        },
      };
    }),
  };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: BRAND.name, item: `${publicUrl}/` },
      { '@type': 'ListItem', position: 2, name: reply.heading, item: url },
    ],
  };
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', BRAND.name),
    meta('property', 'og:title', reply.heading),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image && pictured
      ? [
          meta('property', 'og:image', absoluteUrl(publicUrl, image)),
          meta('property', 'og:image:alt', pictured.name),
        ]
      : []),
    meta('name', 'twitter:card', 'summary'),
    `<script type="application/ld+json">${safeJson(itemList)}</script>`,
    `<script type="application/ld+json">${safeJson(breadcrumbs)}</script>`,
  ].join('\n    ');
  return { title, description, tags };
}

/**
 * The page for /{topic}/{place}: its head and first page; 'empty' when the topic and place are known
 * but nobody is there, null when either is unknown (both 404).
 */
export async function landingPage(
  ctx: AppContext,
  topic: string,
  place: string,
): Promise<ServerPage | 'empty' | null> {
  if (!isKnownLandingPage(topic, place)) return null;
  try {
    const reply: LandingReply = { success: true, ...(await getLandingPage(ctx, topic, place)) };
    return {
      head: landingHead(reply, ctx.config.publicUrl),
      page: { kind: 'landing', topic, place, reply },
      expiresAt: landingPageExpiresAt(ctx),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return 'empty';
    throw error;
  }
}
