import { describe, expect, it } from 'vitest';
import { landingIntroduction } from './landing-texts';
import { SERVICE_CATEGORIES } from './options';
import {
  isLandingPath,
  LANDING_CATEGORIES,
  LANDING_TOPICS,
  landingHeading,
  landingPath,
  landingTopicForWords,
  landingTopicOf,
  PLACE_SLUG,
  placeSlugOf,
} from './places-options';
import { RESERVED_SLUGS } from './slug';

describe('placeSlugOf', () => {
  it.each([
    ['Austin', 'TX', 'austin-tx'],
    ['Beverly Hills', 'CA', 'beverly-hills-ca'],
    ['St. Louis', 'MO', 'st-louis-mo'],
    ['Winston-Salem', 'NC', 'winston-salem-nc'],
    ["Coeur d'Alene", 'ID', 'coeur-dalene-id'],
    ['Española', 'NM', 'espanola-nm'],
  ])('%s, %s → %s', (city, state, slug) => {
    expect(placeSlugOf(city, state)).toBe(slug);
    expect(PLACE_SLUG.test(slug)).toBe(true);
  });
});

describe('topics', () => {
  it('every service category has a page, and slugs are unique and URL-safe', () => {
    expect(LANDING_CATEGORIES.map((c) => c.category).sort()).toEqual(
      SERVICE_CATEGORIES.map((c) => c.id).sort(),
    );
    const slugs = LANDING_TOPICS.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    for (const t of LANDING_TOPICS) expect(t.kind === 'service' ? t.words : t.category).toBeTruthy();
  });

  it('no topic is an app path or a reserved slug', () => {
    for (const t of LANDING_TOPICS) expect(RESERVED_SLUGS.has(t.slug), t.slug).toBe(false);
    for (const path of ['api', 'assets', 'sitemaps', 'uploads', 'account', 'admin', 'availability', 'help']) {
      expect(landingTopicOf(path)).toBeNull();
    }
  });

  it('names its pages', () => {
    expect(landingPath('balayage', 'austin-tx')).toBe('/balayage/austin-tx');
    expect(landingHeading('Balayage', 'Austin', 'TX')).toBe('Balayage in Austin, TX');
    expect(landingTopicOf('barbers')?.label).toBe('Barbers');
    expect(landingTopicOf('massage')?.kind).toBe('category');
    expect(landingTopicOf('swedish-massage')).toMatchObject({ kind: 'service', category: 'massage' });
  });
});

describe('isLandingPath', () => {
  it.each([
    '/balayage/austin-tx',
    '/barbers/chicago-il',
    '/massage/beverly-hills-ca',
    '/hair-stylists/st-louis-mo',
  ])('%s is a landing page', (path) => expect(isLandingPath(path)).toBe(true));

  it.each([
    // One segment: a provider's page or an app path, whatever it is called.
    '/austin-tx',
    '/balayage',
    '/account',
    // The server's own paths.
    '/api/places',
    '/api/user/austin-tx',
    '/assets/index-abc.js',
    '/sitemaps/places.xml',
    '/uploads/avatar.webp',
    // Not a place's shape, or too deep.
    '/balayage/austin',
    '/balayage/austin-tx/more',
    '/unicorns/austin-tx',
    '/balayage/',
    'balayage/austin-tx',
  ])('%s is not', (path) => expect(isLandingPath(path)).toBe(false));
});

describe('landingIntroduction', () => {
  const place = { slug: 'austin-tx', city: 'Austin', state: 'TX' };
  it('says the figures of a service page', () => {
    expect(
      landingIntroduction({
        topic: { slug: 'balayage', label: 'Balayage', kind: 'service' },
        place,
        figures: { providers: 3, priceMin: 150, priceMax: 240, openings: 5 },
      }),
    ).toEqual([
      '3 providers offer balayage in Austin, TX, from $150 to $240.',
      'They have 5 openings for balayage in the next 5 days.',
    ]);
    expect(
      landingIntroduction({
        topic: { slug: 'kids-haircuts', label: "Kids' Haircuts", kind: 'service' },
        place,
        figures: { providers: 1, priceMin: 25, priceMax: 25, openings: 0 },
      }),
    ).toEqual([
      "1 provider offers kids' haircuts in Austin, TX, at $25.",
      "No openings for kids' haircuts are posted for the next 5 days yet.",
    ]);
  });

  it('says the figures of a category page, one provider, no price, no opening', () => {
    expect(
      landingIntroduction({
        topic: { slug: 'barbers', label: 'Barbers', kind: 'category' },
        place,
        figures: { providers: 1, priceMin: null, priceMax: null, openings: 0 },
      }),
    ).toEqual(['1 barber in Austin, TX.', 'No openings are posted for the next 5 days yet.']);
    expect(
      landingIntroduction({
        topic: { slug: 'hair-stylists', label: 'Hair Stylists', kind: 'category' },
        place,
        figures: { providers: 2, priceMin: 60, priceMax: 240, openings: 1 },
      }),
    ).toEqual([
      '2 hair stylists in Austin, TX, with starting prices from $60 to $240.',
      'They have 1 opening in the next 5 days.',
    ]);
  });
});

describe('landingTopicForWords', () => {
  it('finds the topic the words name as a whole, singular or plural, by slug, label or category', () => {
    const slugOf = (text: string) => landingTopicForWords(text)?.slug ?? null;
    expect(slugOf('balayage')).toBe('balayage');
    expect(slugOf('Balayage')).toBe('balayage');
    expect(slugOf('barber')).toBe('barbers');
    expect(slugOf('Barbers')).toBe('barbers');
    expect(slugOf('hair stylist')).toBe('hair-stylists');
    expect(slugOf('nails')).toBe('nail-techs');
    expect(slugOf('swedish massage')).toBe('swedish-massage');
    expect(slugOf('massage')).toBe('massage');
    expect(slugOf('blowout')).toBe('blowout');
    expect(slugOf('facial')).toBe('facials');
    expect(slugOf('cut & style')).toBe('cut-and-style');
  });

  it('names nothing for other words or more words than the topic', () => {
    for (const text of ['', '  ', 'curly', 'balayage near me', 'cheap barber', 'austin-tx', '../admin']) {
      expect(landingTopicForWords(text), text).toBeNull();
    }
  });
});
