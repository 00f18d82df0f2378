import { BRAND } from '#domain/brand.ts';
import { SERVICE_CATEGORIES } from '#domain/options.ts';
import type { PublicProfile } from '#domain/profiles.ts';
import { REVIEW_LIMITS } from '#domain/reviews-options.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { absoluteUrl as absolute, clip, escapeHtml, type PageHead, safeJson } from '#server/lib/html.ts';
import { reviewPage } from '#server/modules/reviews/reviews.service.ts';
import type { ServerPage } from '#server/plugins/web.ts';
import { getPublicProfile, publicProfileExpiresAt } from './profiles.service';

const SCHEMA_TYPE: Record<string, string> = {
  hair: 'HairSalon',
  barber: 'HairSalon',
  nails: 'NailSalon',
  esthetician: 'BeautySalon',
  massage: 'DaySpa',
};

function categoryLabel(profile: PublicProfile): string | null {
  const category = SERVICE_CATEGORIES.find((c) => profile.categories.includes(c.id));
  return category?.label ?? null;
}

/** Title, description, canonical, Open Graph and schema.org JSON-LD for a provider's page. */
export function profileHead(profile: PublicProfile, publicUrl: string): PageHead {
  const url = `${publicUrl}/${profile.routing_slug}`;
  const label = categoryLabel(profile);
  const what = label ? `${label} professional` : 'Beauty professional';
  const where = profile.location ? ` in ${profile.location}` : '';
  const title = `${profile.name} · ${what}${where} | ${BRAND.name}`;
  const services = profile.pricing.slice(0, 3).map((p) => p.service);
  const description = clip(
    profile.bio ||
      `${profile.name}, ${what.toLowerCase()}${where}.${services.length ? ` Services: ${services.join(', ')}.` : ''} Book directly on their own page.`,
    160,
  );
  const imageUrl = profile.avatar_url ?? profile.portfolio_images[0] ?? null;
  const image = imageUrl ? absolute(publicUrl, imageUrl) : null;

  const firstCategory = profile.categories.find((c) => SCHEMA_TYPE[c]);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': firstCategory ? SCHEMA_TYPE[firstCategory] : 'HealthAndBeautyBusiness',
    '@id': url,
    name: profile.name,
    url,
    description: clip(profile.bio || description, 500),
    ...(profile.location ? { address: profile.location } : {}),
    ...(image
      ? {
          image: [image, ...profile.portfolio_images.slice(0, 5).map((u) => absolute(publicUrl, u))].filter(
            (v, i, all) => all.indexOf(v) === i,
          ),
        }
      : {}),
    ...(profile.specialties.length ? { knowsAbout: profile.specialties } : {}),
    ...(profile.amenities.length
      ? {
          amenityFeature: profile.amenities.map((name) => ({
            '@type': 'LocationFeatureSpecification',
            name,
            value: true,
          })),
        }
      : {}),
    ...(profile.pricing.length
      ? {
          hasOfferCatalog: {
            '@type': 'OfferCatalog',
            name: 'Services & Pricing',
            itemListElement: profile.pricing.map((p) => ({
              '@type': 'Offer',
              itemOffered: { '@type': 'Service', name: p.service, description: p.description },
              ...(p.priceType === 'fixed' && p.minPrice !== null
                ? { price: p.minPrice, priceCurrency: 'USD' }
                : p.priceType !== 'contact' && p.minPrice !== null
                  ? {
                      priceSpecification: {
                        '@type': 'PriceSpecification',
                        minPrice: p.minPrice,
                        ...(p.maxPrice !== null ? { maxPrice: p.maxPrice } : {}),
                        priceCurrency: 'USD',
                      },
                    }
                  : {}),
            })),
          },
        }
      : {}),
    // Only real reviews, and only when there are some (never an invented rating).
    ...(profile.review_count > 0 && profile.rating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: profile.rating,
            reviewCount: profile.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(profile.booking_link
      ? {
          potentialAction: {
            '@type': 'ReserveAction',
            target: { '@type': 'EntryPoint', urlTemplate: profile.booking_link },
          },
        }
      : {}),
  };

  const breadcrumb = profile.places[0];
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', BRAND.name),
    meta('property', 'og:title', `${profile.name} · ${what}`),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', profile.name)] : []),
    meta('name', 'twitter:card', profile.portfolio_images.length ? 'summary_large_image' : 'summary'),
    `<script type="application/ld+json">${safeJson(jsonLd)}</script>`,
    // The visible breadcrumbs: the first category's page in the provider's city, then the profile.
    ...(breadcrumb
      ? [
          `<script type="application/ld+json">${safeJson({
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: BRAND.name, item: `${publicUrl}/` },
              {
                '@type': 'ListItem',
                position: 2,
                name: breadcrumb.label,
                item: `${publicUrl}${breadcrumb.path}`,
              },
              { '@type': 'ListItem', position: 3, name: profile.name, item: url },
            ],
          })}</script>`,
        ]
      : []),
  ].join('\n    ');
  return { title, description, tags };
}

/**
 * The page for /{slug}: its head, and the profile and first page of reviews the app renders it from
 * (the reviews in the HTML, not fetched and rendered again once the page has loaded); null when not
 * public.
 */
export async function profilePage(ctx: AppContext, slug: string): Promise<ServerPage | null> {
  try {
    const profile = await getPublicProfile(ctx, slug);
    const reviews = await reviewPage(ctx, profile.id, REVIEW_LIMITS.pageDefault);
    return {
      head: profileHead(profile, ctx.config.publicUrl),
      page: { kind: 'profile', slug, profile, reviews: { success: true, ...reviews } },
      expiresAt: publicProfileExpiresAt(ctx, profile),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
