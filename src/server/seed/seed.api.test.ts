import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAvailability } from '#domain/availability-text.ts';
import { AMENITIES, INCLUSIVITY_OPTIONS, SERVICE_CATEGORIES } from '#domain/options.ts';
import { PRICE_TYPES } from '#domain/pricing-options.ts';
import { ProviderFieldsSchema, PublicProfileSchema } from '#domain/profiles.ts';
import { isReservedSlug } from '#domain/slug.ts';
import { thumbnailUrl } from '#domain/uploads.ts';
import { rowsOf } from '../db/client';
import { providerProfiles, users } from '../db/schema';
import { lookupZip } from '../lib/zip-lookup';
import { policiesOf } from '../modules/profiles/profiles.service';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { avatarSvg, portfolioSvg } from './art';
import { DEMO_PROVIDERS, type DemoProvider } from './demo-catalogue';
import { DEMO_REVIEWERS } from './demo-reviews';
import { prepareProvider, type SeedSummary, seedDemo } from './seed';

let t: TestApp;
let summary: SeedSummary | null;
let rows: Awaited<ReturnType<typeof loadProviders>>;

async function loadProviders() {
  return t.db
    .select({ user: users, profile: providerProfiles })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(eq(users.userType, 'provider'));
}

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

async function storedFile(url: string): Promise<Buffer> {
  const key = t.app.ctx.storage.keyFromUrl(url);
  expect(key, url).toBeTruthy();
  return readFile(path.join(uploadsDir(), key!));
}

function isWebp(bytes: Buffer): boolean {
  return bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  t = await buildTestApp();
  summary = await seedDemo(t.app.ctx);
  rows = await loadProviders();
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo catalogue seed', () => {
  it('creates about 60 providers plus the printed demo accounts', async () => {
    expect(summary).not.toBeNull();
    expect(summary!.providers).toBe(60);
    expect(rows).toHaveLength(60);
    const [{ count }] = (await t.db.select({ count: sql<number>`count(*)::int` }).from(users)) as [
      { count: number },
    ];
    // 60 providers, the demo client and admin, and the demo clients who wrote the demo reviews.
    expect(count).toBe(62 + DEMO_REVIEWERS.length);
    expect(summary!.accounts.map((a) => a.role).sort()).toEqual([
      'admin',
      'client',
      'provider',
      'provider',
      'provider',
      'provider',
      'provider',
    ]);
  });

  it('writes demo reviews only from demo clients who clicked Book on the page 2 hours to 90 days before, a day into their account, at most 3 a day', async () => {
    expect(summary!.reviews).toBeGreaterThan(100);
    // Every rule of ADR 008, row by row: the click came through the page (via_page), 2 hours to 90
    // days before the review, from an account at least a day old then; at most 3 reviews by one
    // client in any 24 hours (counted back from each review, as the API does).
    const [check] = rowsOf(
      await t.db.execute(sql`
      SELECT count(*)::int AS reviews,
        count(*) FILTER (WHERE NOT EXISTS (
          SELECT 1 FROM booking_logs b
          WHERE b.client_id = r.client_id AND b.provider_id = r.provider_id AND b.via_page
            AND b.created_at >= u.created_at + INTERVAL '24 hours'
            AND b.created_at <= r.created_at - INTERVAL '2 hours'
            AND b.created_at >= r.created_at - INTERVAL '90 days'))::int AS without_click,
        count(*) FILTER (WHERE (
          SELECT count(*) FROM reviews d
          WHERE d.client_id = r.client_id AND d.created_at > r.created_at - INTERVAL '24 hours'
            AND d.created_at <= r.created_at) > 3)::int AS over_daily_limit,
        count(*) FILTER (WHERE u.email NOT LIKE 'reviewer-%@demo.glowfind.example')::int AS not_demo_client,
        count(*) FILTER (WHERE r.client_id = r.provider_id OR r.created_at > now())::int AS impossible,
        count(*) FILTER (WHERE r.hidden_at IS NOT NULL OR r.held_reason IS NOT NULL)::int AS not_shown,
        count(DISTINCT (r.client_id, r.provider_id))::int AS pairs
      FROM reviews r JOIN users u ON u.id = r.client_id`),
    ) as [
      {
        reviews: number;
        without_click: number;
        over_daily_limit: number;
        not_demo_client: number;
        impossible: number;
        not_shown: number;
        pairs: number;
      },
    ];
    expect(check).toEqual({
      reviews: summary!.reviews,
      without_click: 0,
      over_daily_limit: 0,
      not_demo_client: 0,
      impossible: 0,
      not_shown: 0,
      pairs: summary!.reviews,
    });
    // The demo client's click of 3 hours ago, through the page, a week into the account: the
    // featured provider's profile invites them to review.
    const [invite] = rowsOf(
      await t.db.execute(sql`
      SELECT count(*)::int AS clicks FROM booking_logs b JOIN users u ON u.id = b.client_id
      WHERE u.email NOT LIKE 'reviewer-%@demo.glowfind.example' AND b.via_page
        AND b.created_at >= u.created_at + INTERVAL '24 hours'
        AND b.created_at <= now() - INTERVAL '2 hours'`),
    ) as [{ clicks: number }];
    expect(invite.clicks).toBe(1);
    // Some providers are still 'New'; every rating row matches its reviews.
    const ratings = rowsOf(
      await t.db.execute(sql`
      SELECT p.user_id, pr.review_count, pr.rating::float8 AS rating,
        (SELECT count(*)::int FROM reviews r WHERE r.provider_id = p.user_id) AS counted,
        (SELECT round(avg(rating), 1)::float8 FROM reviews r WHERE r.provider_id = p.user_id) AS average
      FROM provider_profiles p LEFT JOIN provider_ratings pr ON pr.provider_id = p.user_id`),
    ) as {
      review_count: number | null;
      rating: number | null;
      counted: number;
      average: number | null;
    }[];
    expect(ratings.filter((r) => r.counted === 0).length).toBeGreaterThanOrEqual(10);
    for (const r of ratings) {
      expect(r.review_count ?? 0).toBe(r.counted);
      expect(r.rating).toBe(r.average);
    }
  });

  it('prints passwords that sign in, and only for the printed accounts', async () => {
    for (const account of summary!.accounts) {
      const res = await t.post('/api/auth/login', { email: account.email, password: account.password });
      expect(res.status, account.email).toBe(200);
    }
    const other = rows.find((r) => !summary!.accounts.some((a) => a.email === r.user.email))!;
    const res = await t.post('/api/auth/login', { email: other.user.email, password: 'demo-password' });
    expect(res.status).toBe(401);
  });

  it('fills every category with at least 10 providers', () => {
    for (const category of SERVICE_CATEGORIES) {
      const count = rows.filter((r) => r.profile.categories.includes(category.id)).length;
      expect(count, category.id).toBeGreaterThanOrEqual(10);
    }
    for (const r of rows) {
      expect(r.profile.categories.length).toBeGreaterThan(0);
      for (const c of r.profile.categories) expect(SERVICE_CATEGORIES.map((s) => s.id)).toContain(c);
    }
  });

  it('places providers in real zip codes of at least 6 cities, with coordinates', () => {
    const zips = new Set(rows.map((r) => r.profile.zip));
    expect(zips.size).toBeGreaterThanOrEqual(6);
    const cities = new Set<string>();
    for (const r of rows) {
      const place = lookupZip(r.profile.zip ?? '');
      expect(place, r.user.name).not.toBeNull();
      expect(r.profile.latitude).toBe(place!.latitude);
      expect(r.profile.longitude).toBe(place!.longitude);
      expect(r.profile.location).toContain(r.profile.zip!);
      cities.add(`${place!.city}, ${place!.state}`);
    }
    expect(cities.size).toBeGreaterThanOrEqual(6);
  });

  it('stores profiles that pass the API schema unchanged (canonical prices, 3–6 packages)', () => {
    const priceTypes = new Set<string>();
    for (const { user, profile } of rows) {
      const input = {
        bio: profile.bio,
        location: profile.location,
        zip: profile.zip ?? '',
        booking_link: profile.bookingLink,
        license_details: profile.licenseDetails,
        additional_details: profile.additionalDetails,
        availability: profile.availability,
        specialties: profile.specialties,
        certifications: profile.certifications,
        amenities: profile.amenities,
        products: profile.products,
        pricing: profile.pricing,
        policies: policiesOf(profile),
      };
      const parsed = ProviderFieldsSchema.safeParse(input);
      expect(parsed.success, `${user.name}: ${parsed.error?.message}`).toBe(true);
      // Parsing again changes nothing: the stored texts are already the canonical ones.
      expect(parsed.data).toEqual(input);
      expect(profile.pricing.length).toBeGreaterThanOrEqual(3);
      expect(profile.pricing.length).toBeLessThanOrEqual(6);
      for (const p of profile.pricing) {
        priceTypes.add(p.priceType!);
        for (const amount of [p.minPrice, p.maxPrice]) {
          if (typeof amount === 'number') {
            expect(amount).toBeGreaterThanOrEqual(15);
            expect(amount).toBeLessThanOrEqual(400);
          }
        }
      }
      expect(profile.bio.length).toBeGreaterThan(40);
      expect(profile.specialties.length).toBeGreaterThan(0);
      expect(profile.amenities.length).toBeGreaterThan(0);
    }
    expect([...priceTypes].sort()).toEqual([...PRICE_TYPES].sort());
  });

  it("uses each category's standard service names for most of its packages", () => {
    for (const category of SERVICE_CATEGORIES) {
      const services = rows
        .filter((r) => r.profile.categories[0] === category.id)
        .flatMap((r) => r.profile.pricing.map((p) => p.service));
      const standard = services.filter((s) => (category.services as readonly string[]).includes(s));
      expect(standard.length / services.length, category.id).toBeGreaterThan(0.5);
      for (const name of category.services) expect(services, category.id).toContain(name);
    }
  });

  it('gives most services a duration, some their own booking link, and a third of the priced openings a reduced price', async () => {
    const packages = rows.flatMap((r) => r.profile.pricing.map((p) => ({ ...p, provider: r })));
    const timed = packages.filter((p) => typeof p.durationMin === 'number');
    expect(timed.length / packages.length).toBeGreaterThan(0.6);
    expect(timed.some((p) => typeof p.durationMax === 'number')).toBe(true);
    const linked = packages.filter((p) => p.bookingLink);
    expect(linked.length).toBeGreaterThan(20);
    for (const p of linked) {
      expect(p.priceType).not.toBe('contact');
      expect(p.bookingLink!.startsWith(`${p.provider.profile.bookingLink}/`)).toBe(true);
    }
    const openings = rowsOf<{
      service_type: string;
      price: string | null;
      regular_price: number | null;
      minutes: number;
      provider_id: string;
    }>(
      await t.db.execute(
        sql`SELECT service_type, price, regular_price, provider_id,
                   EXTRACT(EPOCH FROM end_time - start_time) / 60 AS minutes FROM openings`,
      ),
    );
    const reduced = openings.filter((o) => o.regular_price !== null);
    expect(reduced.length).toBeGreaterThanOrEqual(3);
    for (const o of reduced) {
      const service = rows
        .find((r) => r.user.id === o.provider_id)!
        .profile.pricing.find((p) => p.service === o.service_type)!;
      expect(['fixed', 'starting_at']).toContain(service.priceType);
      expect(o.regular_price).toBe(service.minPrice);
      expect(Number(o.price!.replace('$', ''))).toBeLessThan(service.minPrice!);
    }
    // An opening of a timed service lasts as long as the service (the longest of a range).
    for (const o of openings) {
      const service = rows
        .find((r) => r.user.id === o.provider_id)!
        .profile.pricing.find((p) => p.service === o.service_type);
      const minutes = service?.durationMax ?? service?.durationMin;
      if (minutes) expect(Number(o.minutes), o.service_type).toBe(minutes);
    }
  });

  it('stores availability slots that match the availability text', () => {
    const shapes = new Set<string>();
    for (const { user, profile } of rows) {
      expect(profile.availabilitySlots, user.name).toEqual(parseAvailability(profile.availability).timeSlots);
      const state = parseAvailability(profile.availability);
      if (state.customText) shapes.add('custom');
      if (state.additionalDetails) shapes.add('notes');
      if (state.timeSlots.saturday.length || state.timeSlots.sunday.length) shapes.add('weekend');
      if (Object.values(state.timeSlots).some((slots) => slots.includes('19:00'))) shapes.add('evening');
      if (Object.values(state.timeSlots).every((slots) => slots.length === 0)) shapes.add('no slots');
    }
    expect([...shapes].sort()).toEqual(['custom', 'evening', 'no slots', 'notes', 'weekend']);
  });

  it('gives the amenity and inclusivity filters something to find', () => {
    for (const amenity of AMENITIES) {
      const count = rows.filter((r) => r.profile.amenities.includes(amenity)).length;
      expect(count, amenity).toBeGreaterThanOrEqual(3);
    }
    for (const option of INCLUSIVITY_OPTIONS) {
      expect(
        rows.some((r) => r.profile.amenities.includes(option)),
        option,
      ).toBe(true);
    }
    for (const r of rows) {
      const kidFree = r.profile.amenities.includes('Kid-Free Environment');
      expect(kidFree && r.profile.amenities.includes('Kid-Friendly'), r.user.name).toBe(false);
    }
  });

  it('gives every provider a unique, unreserved slug and a distinct join date', () => {
    const slugs = rows.map((r) => r.user.routingSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(isReservedSlug(slug)).toBe(false);
    const joined = rows.map((r) => r.user.createdAt.getTime());
    expect(new Set(joined).size).toBe(joined.length);
    for (const r of rows) expect(r.profile.createdAt.getTime()).toBe(r.user.createdAt.getTime());
    expect(
      rows.filter((r) => r.profile.bookingLink.startsWith('https://book.example.com/')).length,
    ).toBeGreaterThan(50);
    expect(rows.filter((r) => r.profile.licenseDetails).length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.profile.additionalDetails).length).toBeGreaterThan(5);
  });

  it('stores WebP avatars and portfolios with thumbnails, for most providers', async () => {
    expect(t.app.ctx.storage.kind).toBe('disk');
    const withAvatar = rows.filter((r) => r.user.avatarUrl);
    expect(withAvatar.length).toBeGreaterThanOrEqual(50);
    expect(rows.length - withAvatar.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.profile.portfolioImages.length === 0).length).toBeGreaterThanOrEqual(2);

    const urls: string[] = [];
    for (const r of rows) {
      expect(r.profile.portfolioImages.length).toBeLessThanOrEqual(6);
      expect(new Set(r.profile.portfolioImages).size).toBe(r.profile.portfolioImages.length);
      if (r.user.avatarUrl) {
        expect(r.user.avatarUrl).toMatch(new RegExp(`^/uploads/avatar/${r.user.id}/[0-9a-f]{64}\\.webp$`));
        urls.push(r.user.avatarUrl);
      }
      for (const url of r.profile.portfolioImages) {
        expect(url).toMatch(new RegExp(`^/uploads/portfolio/${r.user.id}/[0-9a-f]{64}\\.webp$`));
        urls.push(url);
      }
    }
    expect(urls.length).toBe(summary!.images);
    for (const url of urls) {
      expect(isWebp(await storedFile(url)), url).toBe(true);
      expect(isWebp(await storedFile(thumbnailUrl(url))), thumbnailUrl(url)).toBe(true);
    }
    expect(await listFiles(uploadsDir())).toHaveLength(urls.length * 2);

    const avatar = await sharp(await storedFile(withAvatar[0]!.user.avatarUrl!)).metadata();
    expect([avatar.width, avatar.height]).toEqual([400, 400]);
    const portfolioUrl = rows.find((r) => r.profile.portfolioImages[0])!.profile.portfolioImages[0]!;
    const portfolio = await sharp(await storedFile(portfolioUrl)).metadata();
    expect(Math.max(portfolio.width, portfolio.height)).toBeGreaterThanOrEqual(660);
    expect(Math.min(portfolio.width, portfolio.height)).toBeGreaterThanOrEqual(540);
  });

  it('serves the images and the public profiles', async () => {
    const sample = rows.filter((r) => r.user.avatarUrl && r.profile.portfolioImages.length > 0).slice(0, 3);
    for (const r of sample) {
      const res = await t.get(`/api/user/${r.user.routingSlug}`);
      expect(res.status).toBe(200);
      const profile = PublicProfileSchema.parse(res.body.profile);
      expect(profile.name).toBe(r.user.name);
      expect(profile.avatar_url).toBe(r.user.avatarUrl);
      expect(profile.portfolio_images).toEqual(r.profile.portfolioImages);
      const image = await t.get(r.profile.portfolioImages[0]!);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  });

  it('does nothing on a database that is not empty', async () => {
    const before = await listFiles(uploadsDir());
    expect(await seedDemo(t.app.ctx)).toBeNull();
    const after = await loadProviders();
    expect(after).toHaveLength(60);
    expect(after.map((r) => r.user.updatedAt.getTime()).sort()).toEqual(
      rows.map((r) => r.user.updatedAt.getTime()).sort(),
    );
    expect(await listFiles(uploadsDir())).toEqual(before);
  });
});

describe('catalogue validation', () => {
  const base = DEMO_PROVIDERS[0]!;
  const broken = (patch: Partial<DemoProvider>) => () => prepareProvider({ ...base, ...patch }, new Date());

  it('fails loudly on an entry the API would refuse', () => {
    expect(broken({ bio: 'x'.repeat(2001) })).toThrow(/Maya Rivera Hair Studio: bio/);
    expect(broken({ specialties: ['x'.repeat(61)] })).toThrow(/specialties/);
    expect(
      broken({
        pricing: [
          ...base.pricing.slice(0, 3),
          { service: 'Bad', description: 'Bad', priceType: 'range', minPrice: 90, maxPrice: 50 },
        ],
      }),
    ).toThrow(/Max price must be greater than min price/);
    expect(broken({ specialties: ['Balayage', 'balayage'] })).toThrow(/duplicate/);
    expect(broken({ pricing: base.pricing.slice(0, 2) })).toThrow(/3 to 6 packages/);
    expect(broken({ hours: [{ days: 'Sat-Tue', from: 9, to: 17 }] })).toThrow(/backwards/);
  });

  it('accepts every catalogue entry', () => {
    for (const p of DEMO_PROVIDERS) expect(() => prepareProvider(p, new Date())).not.toThrow();
  });

  it('draws the same pictures for the same provider, and different ones for another', () => {
    expect(portfolioSvg('maya-rivera-hair-studio', 'hair', 0)).toBe(
      portfolioSvg('maya-rivera-hair-studio', 'hair', 0),
    );
    expect(portfolioSvg('maya-rivera-hair-studio', 'hair', 0)).not.toBe(
      portfolioSvg('maya-rivera-hair-studio', 'hair', 1),
    );
    expect(portfolioSvg('maya-rivera-hair-studio', 'hair', 0)).not.toBe(
      portfolioSvg('sam-whitfield', 'hair', 0),
    );
    expect(avatarSvg('x', 'nails', 'A&B')).toContain('A&#38;B');
  });
});
