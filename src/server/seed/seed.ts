import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type AvailabilityState,
  emptyTimeSlots,
  type TimeSlots,
  WEEKDAY_SHORT,
  WEEKDAYS,
  type Weekday,
} from '#domain/availability.ts';
import { formatAvailability, parseAvailability } from '#domain/availability-text.ts';
import { reductionOf, serviceMinutes } from '#domain/opening-services.ts';
import { instantToWallTime, wallTimeToInstant } from '#domain/openings-options.ts';
import { formatMoney } from '#domain/pricing-options.ts';
import { type ProviderFields, ProviderFieldsSchema } from '#domain/profiles.ts';
import { initialsOf } from '#domain/profiles-options.ts';
import { isReservedSlug, slugify } from '#domain/slug.ts';
import type { AppContext } from '../context';
import { bookingLogs, openings, providerProfiles, reviews, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { timeZoneOfZip } from '../lib/time-zones';
import { lookupZip, zipFromLocation } from '../lib/zip-lookup';
import { policyColumns } from '../modules/profiles/profiles.service';
import { storeImage } from '../modules/uploads/uploads.service';
import { hashSeed, renderAvatarArt, renderPortfolioArt } from './art';
import {
  type CategoryId,
  DEMO_ADMIN,
  DEMO_CLIENT,
  DEMO_PLACES,
  DEMO_PROVIDERS,
  type DemoHours,
  type DemoProvider,
  LICENSING_BOARDS,
} from './demo-catalogue';
import { DEMO_REVIEWERS, seedDemoReviews } from './demo-reviews';

export interface SeededAccount {
  email: string;
  password: string;
  role: string;
}

export interface SeedSummary {
  /** The accounts whose passwords are printed (client, admin and the featured providers). */
  accounts: SeededAccount[];
  providers: number;
  images: number;
  /** Demo reviews, each by a demo client with a booking click 2 hours to 90 days before it. */
  reviews: number;
  ms: number;
}

/** The seed writes rows and stores images, nothing more. */
export type SeedContext = Pick<AppContext, 'db' | 'storage'>;

export interface SeedOptions {
  now?: Date;
  /** Images rendered and encoded at once; 2 keeps both cores busy without starving anything else. */
  concurrency?: number;
}

const DEMO_DOMAIN = 'demo.glowfind.example';
/** Ages between neighbouring providers; the jitter stays below it so 'newest first' is a strict order. */
const AGE_STEP_MS = 36 * 60 * 60 * 1000;
const AGE_JITTER_MS = 10 * 60 * 60 * 1000;

/** A catalogue entry turned into the rows it becomes; every field already validated. */
export interface PreparedProvider {
  id: string;
  slug: string;
  email: string;
  name: string;
  featured: boolean;
  categories: CategoryId[];
  fields: ProviderFields;
  zip: string;
  latitude: number;
  longitude: number;
  availabilitySlots: TimeSlots;
  createdAt: Date;
  avatar: boolean;
  images: number;
}

/** 'Tue-Sat', 'Sat' or 'Mon,Wed,Fri' → weekdays (a range may not wrap past Sunday). */
function daysOf(spec: string): Weekday[] {
  const index = (short: string) => {
    const i = WEEKDAYS.findIndex((d) => WEEKDAY_SHORT[d] === short.trim());
    if (i === -1) throw new Error(`demo catalogue: unknown day '${short}'`);
    return i;
  };
  return spec.split(',').flatMap((part) => {
    const [a, b] = part.split('-');
    const start = index(a!);
    const end = b === undefined ? start : index(b);
    if (end < start) throw new Error(`demo catalogue: day range '${part}' runs backwards`);
    return WEEKDAYS.slice(start, end + 1);
  });
}

function timeSlotsOf(hours: readonly DemoHours[]): TimeSlots {
  const slots = emptyTimeSlots();
  for (const { days, from, to } of hours) {
    for (const day of daysOf(days)) {
      for (let h = from; h < to; h++) slots[day].push(`${String(h).padStart(2, '0')}:00`);
      slots[day] = [...new Set(slots[day])].sort();
    }
  }
  return slots;
}

function licenseText(p: DemoProvider, state: string): string {
  if (!p.license) return '';
  const boards = LICENSING_BOARDS[state];
  if (!boards) throw new Error(`demo catalogue: no licensing board for ${state}`);
  const kind = p.categories[0];
  const board =
    kind === 'massage'
      ? boards.massage
      : kind === 'barber'
        ? (boards.barber ?? boards.beauty)
        : boards.beauty;
  const { title, number, since } = p.license;
  return `${title}, ${board}, license no. ${number} (licensed since ${since})`;
}

/**
 * Every other provider with a booking link (by a hash of the slug) also links their priced services'
 * own booking pages, as booking systems' deep links do: their profile shows a Book per service.
 */
function withServiceLinks(pricing: DemoProvider['pricing'], slug: string) {
  if (hashSeed(`${slug}#links`) % 2 !== 0) return pricing;
  return pricing.map((pkg) =>
    pkg.priceType === 'contact'
      ? pkg
      : { ...pkg, bookingLink: `https://book.example.com/${slug}/${slugify(pkg.service)}` },
  );
}

class CatalogueError extends Error {
  constructor(name: string, problem: string) {
    super(`demo catalogue: ${name}: ${problem}`);
  }
}

/**
 * Validates one catalogue entry with the API's own schemas (and a few extra checks: nothing the
 * schema would silently drop or rewrite) and builds what gets stored. Throws on the first problem.
 */
export function prepareProvider(p: DemoProvider, now: Date): PreparedProvider {
  const slug = slugify(p.name);
  if (isReservedSlug(slug)) throw new CatalogueError(p.name, `slug '${slug}' is reserved`);
  const place = lookupZip(p.zip);
  if (!place) throw new CatalogueError(p.name, `unknown zip ${p.zip}`);
  const location = DEMO_PLACES[p.zip];
  // The profile service reads the zip out of the location text; it must find this one.
  if (zipFromLocation(location)?.zip !== p.zip)
    throw new CatalogueError(p.name, 'location names another zip');

  const timeSlots = timeSlotsOf(p.hours);
  const availabilityState: AvailabilityState = {
    timeSlots,
    customText: p.customText ?? '',
    additionalDetails: p.notes ?? '',
  };
  const availability = formatAvailability(availabilityState);
  const parsedBack = parseAvailability(availability);
  if (JSON.stringify(parsedBack.timeSlots) !== JSON.stringify(timeSlots)) {
    throw new CatalogueError(p.name, `availability '${availability}' does not read back as its slots`);
  }

  const input = {
    bio: p.bio,
    location,
    zip: p.zip,
    booking_link: p.noBookingLink ? '' : `https://book.example.com/${slug}`,
    license_details: licenseText(p, place.state),
    additional_details: p.additionalDetails ?? '',
    availability,
    specialties: p.specialties,
    certifications: p.certifications,
    amenities: p.amenities,
    products: p.products,
    pricing: p.noBookingLink ? p.pricing : withServiceLinks(p.pricing, slug),
    policies: p.policies ?? { deposit: null, cancellation_notice_hours: null, text: '' },
  };
  const result = ProviderFieldsSchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new CatalogueError(p.name, issues);
  }
  const fields = result.data;
  for (const key of ['specialties', 'certifications', 'amenities', 'products'] as const) {
    if (fields[key].length !== input[key].length) throw new CatalogueError(p.name, `${key} has a duplicate`);
  }
  if (p.pricing.length < 3 || p.pricing.length > 6) throw new CatalogueError(p.name, 'needs 3 to 6 packages');
  if (p.categories.length === 0) throw new CatalogueError(p.name, 'needs a category');

  return {
    id: randomUUID(),
    slug,
    email: p.email ?? `${slug}@${DEMO_DOMAIN}`,
    name: p.name,
    featured: p.featured === true,
    categories: p.categories,
    fields,
    zip: place.zip,
    latitude: place.latitude,
    longitude: place.longitude,
    availabilitySlots: parsedBack.timeSlots,
    createdAt: now, // replaced in prepareCatalogue
    avatar: p.avatar !== false,
    images: p.images,
  };
}

/**
 * The whole catalogue, validated, with distinct join dates: the order comes from a hash of each
 * slug, so categories interleave in 'newest first' lists and a re-seed gives the same order.
 */
export function prepareCatalogue(now: Date, catalogue: readonly DemoProvider[] = DEMO_PROVIDERS) {
  const prepared = catalogue.map((p) => prepareProvider(p, now));
  const seen = new Set<string>();
  for (const p of prepared) {
    for (const key of [`slug:${p.slug}`, `email:${p.email.toLowerCase()}`]) {
      if (seen.has(key)) throw new CatalogueError(p.name, `duplicate ${key}`);
      seen.add(key);
    }
  }
  const byAge = [...prepared].sort(
    (a, b) => hashSeed(a.slug) - hashSeed(b.slug) || a.slug.localeCompare(b.slug),
  );
  byAge.forEach((p, rank) => {
    const jitter = hashSeed(`${p.slug}#joined`) % AGE_JITTER_MS;
    p.createdAt = new Date(now.getTime() - (rank + 1) * AGE_STEP_MS - jitter);
  });
  return prepared;
}

/** Runs tasks with at most `limit` in flight; results keep the tasks' order. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface ImageJob {
  provider: PreparedProvider;
  kind: 'avatar' | 'portfolio';
  index: number;
}

/** Draws and stores every avatar and portfolio picture; answers the URLs per provider id. */
async function storeCatalogueImages(
  ctx: SeedContext,
  providers: readonly PreparedProvider[],
  concurrency: number,
  stored: string[],
) {
  const jobs: ImageJob[] = providers.flatMap((provider) => [
    ...(provider.avatar ? [{ provider, kind: 'avatar' as const, index: 0 }] : []),
    ...Array.from({ length: provider.images }, (_, index) => ({
      provider,
      kind: 'portfolio' as const,
      index,
    })),
  ]);
  const urls = await mapBounded(jobs, concurrency, async ({ provider, kind, index }) => {
    const category = provider.categories[0]!;
    const png =
      kind === 'avatar'
        ? await renderAvatarArt(provider.slug, category, initialsOf(provider.name))
        : await renderPortfolioArt(provider.slug, category, index);
    const url = await storeImage(ctx, provider.id, kind, png);
    stored.push(url);
    return url;
  });
  const avatars = new Map<string, string>();
  const portfolios = new Map<string, string[]>();
  jobs.forEach((job, i) => {
    if (job.kind === 'avatar') avatars.set(job.provider.id, urls[i]!);
    else portfolios.set(job.provider.id, [...(portfolios.get(job.provider.id) ?? []), urls[i]!]);
  });
  return { avatars, portfolios, count: jobs.length };
}

/** Best effort: a failed seed should not leave its pictures behind. */
async function deleteStored(ctx: SeedContext, urls: readonly string[]) {
  await Promise.allSettled(
    urls.flatMap((url) => {
      const key = ctx.storage.keyFromUrl(url);
      return key ? [ctx.storage.delete(key), ctx.storage.delete(key.replace(/\.webp$/, '.thumb.webp'))] : [];
    }),
  );
}

async function countUsers(db: SeedContext['db']): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

const newPassword = () => `demo-${randomBytes(6).toString('base64url')}`;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OPENING_NOTES = [
  'Last-minute cancellation: this spot just opened up.',
  'Short-notice opening; first to book gets it.',
  null,
  'Bring inspiration photos if you have them.',
];

/**
 * Short-notice openings for about a third of the providers, spread over the next 5 days from the
 * moment the seed runs, on the hour between 9 AM and 6 PM on the provider's own clocks (in UTC
 * hours the feed was full of 3 AM slots), for one of their own services and as long as it takes
 * (1 to 2 hours for one without a duration), in the zone of their zip. A third of those with a fixed
 * or 'from' price are 20% off ('was $180, now $144'), as the openings form makes them.
 */
export function seedOpenings(providers: ReturnType<typeof prepareCatalogue>, now: Date) {
  return providers
    .filter((_, i) => i % 3 === 0)
    .flatMap((p, i) => {
      const count = i % 4 === 0 ? 2 : 1;
      const zone = timeZoneOfZip(p.zip);
      const today = Date.parse(`${instantToWallTime(now.getTime(), zone).slice(0, 10)}T00:00:00Z`);
      return Array.from({ length: count }, (_, k) => {
        const service = p.fields.pricing[(i + k) % Math.max(1, p.fields.pricing.length)];
        const hour = 9 + ((i * 7 + k * 5) % 10);
        // Days 0 to 3 ahead, a day later when that hour is under 2 hours away: inside the 5-day window.
        const localStart = (days: number) =>
          wallTimeToInstant(
            `${new Date(today + days * DAY_MS).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`,
            zone,
          )!;
        const days = (i * 37 + k * 23) % 4;
        const first = localStart(days);
        const start = new Date(first < now.getTime() + 2 * HOUR_MS ? localStart(days + 1) : first);
        const minutes = (service && serviceMinutes(service)) ?? 60 + ((i + k) % 3) * 30;
        // A third of the priced openings are offered for less: 20% off, to the dollar below.
        const reduced =
          service && (i + k) % 3 === 0 && service.minPrice ? Math.floor(service.minPrice * 0.8) : null;
        const reduction = service && reduced !== null ? reductionOf(service, reduced) : null;
        const regularPrice = reduction && 'regular' in reduction ? reduction.regular : null;
        return {
          providerId: p.id,
          serviceType: service?.service ?? 'Consultation',
          price:
            regularPrice !== null && reduced !== null
              ? formatMoney(reduced)
              : service && service.priceType !== 'contact'
                ? service.price
                : null,
          regularPrice,
          startTime: start,
          endTime: new Date(start.getTime() + minutes * 60_000),
          timeZone: zone,
          note: OPENING_NOTES[(i + k) % OPENING_NOTES.length] ?? null,
          createdAt: now,
          updatedAt: now,
        };
      });
    });
}

/**
 * Fills an empty database with the demo catalogue: a client, an admin and 60 providers with
 * generated avatars and portfolios. Answers null (and does nothing) when there is any user.
 *
 * Passwords: the client, the admin and the featured providers get their own, returned once for
 * printing. The other providers share one hash of a random password that is thrown away: nobody
 * can sign in as them, and 55 argon2 hashes (~1 s on 2 cores) are not spent on accounts no one uses.
 */
export async function seedDemo(ctx: SeedContext, options: SeedOptions = {}): Promise<SeedSummary | null> {
  const started = performance.now();
  if ((await countUsers(ctx.db)) > 0) return null;
  const now = options.now ?? new Date();
  const providers = prepareCatalogue(now);

  const accounts: SeededAccount[] = [];
  const people = [
    { ...DEMO_CLIENT, id: randomUUID(), role: 'user' as const, kind: 'client' },
    { ...DEMO_ADMIN, id: randomUUID(), role: 'admin' as const, kind: 'admin' },
  ];
  const reviewers = DEMO_REVIEWERS.map((name, i) => ({
    id: randomUUID(),
    name,
    email: `reviewer-${i + 1}@${DEMO_DOMAIN}`,
  }));
  const [peopleHashes, featuredHashes, sharedHash] = await Promise.all([
    Promise.all(
      people.map(async (p) => {
        const password = newPassword();
        return { ...p, password, hash: await hashPassword(password) };
      }),
    ),
    Promise.all(
      providers
        .filter((p) => p.featured)
        .map(async (p) => {
          const password = newPassword();
          return { id: p.id, email: p.email, password, hash: await hashPassword(password) };
        }),
    ),
    hashPassword(randomBytes(24).toString('base64url')),
  ]);
  const featured = new Map(featuredHashes.map((f) => [f.id, f]));

  const stored: string[] = [];
  try {
    const images = await storeCatalogueImages(ctx, providers, options.concurrency ?? 2, stored);
    const inserted = await ctx.db.transaction(async (tx) => {
      // Someone may have signed up (or another instance seeded) while the pictures were drawn.
      if ((await countUsers(tx)) > 0) return false;
      await tx.insert(users).values([
        ...peopleHashes.map((p) => ({
          id: p.id,
          email: p.email,
          passwordHash: p.hash,
          name: p.name,
          role: p.role,
          routingSlug: slugify(p.name),
          // A week old: the demo client's click below, 3 hours ago, was made by an account more
          // than a day old, so it opens a review (ADR 008).
          emailVerifiedAt: new Date(now.getTime() - 7 * DAY_MS),
          createdAt: new Date(now.getTime() - 7 * DAY_MS),
          updatedAt: now,
        })),
        ...reviewers.map((r) => ({
          id: r.id,
          email: r.email,
          passwordHash: sharedHash,
          name: r.name,
          routingSlug: `${slugify(r.name)}-${r.id.slice(0, 8)}`,
          emailVerifiedAt: new Date(now.getTime() - 120 * DAY_MS),
          createdAt: new Date(now.getTime() - 120 * DAY_MS),
          updatedAt: new Date(now.getTime() - 120 * DAY_MS),
        })),
        ...providers.map((p) => ({
          id: p.id,
          email: p.email,
          passwordHash: featured.get(p.id)?.hash ?? sharedHash,
          name: p.name,
          userType: 'provider' as const,
          routingSlug: p.slug,
          avatarUrl: images.avatars.get(p.id) ?? null,
          emailVerifiedAt: p.createdAt,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      ]);
      await tx.insert(providerProfiles).values(
        providers.map((p) => ({
          userId: p.id,
          bio: p.fields.bio,
          location: p.fields.location,
          zip: p.zip,
          latitude: p.latitude,
          longitude: p.longitude,
          bookingLink: p.fields.booking_link,
          additionalDetails: p.fields.additional_details,
          licenseDetails: p.fields.license_details,
          availability: p.fields.availability,
          availabilitySlots: p.availabilitySlots,
          categories: p.categories,
          specialties: p.fields.specialties,
          certifications: p.fields.certifications,
          amenities: p.fields.amenities,
          products: p.fields.products,
          portfolioImages: images.portfolios.get(p.id) ?? [],
          pricing: p.fields.pricing,
          ...policyColumns(p.fields.policies),
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })),
      );
      const demoOpenings = seedOpenings(providers, now);
      if (demoOpenings.length > 0) await tx.insert(openings).values(demoOpenings);
      const demo = seedDemoReviews(
        providers.map((p) => ({
          id: p.id,
          bookingLink: p.fields.booking_link,
          services: p.fields.pricing.map((entry) => entry.service),
        })),
        reviewers.map((r) => r.id),
        now,
      );
      // The demo client clicked Book on a featured provider 3 hours ago: their next visit to that
      // profile invites them to review.
      const invited = providers.find((p) => p.featured && p.fields.booking_link);
      if (invited) {
        demo.bookingLogs.push({
          id: randomUUID(),
          clientId: people[0]!.id,
          providerId: invited.id,
          url: invited.fields.booking_link,
          viaPage: true,
          createdAt: new Date(now.getTime() - 3 * HOUR_MS),
        });
      }
      if (demo.bookingLogs.length > 0) await tx.insert(bookingLogs).values(demo.bookingLogs);
      if (demo.reviews.length > 0) await tx.insert(reviews).values(demo.reviews);
      return demo.reviews.length;
    });
    if (inserted === false) {
      await deleteStored(ctx, stored);
      return null;
    }
    for (const p of peopleHashes) accounts.push({ email: p.email, password: p.password, role: p.kind });
    for (const f of featuredHashes) accounts.push({ email: f.email, password: f.password, role: 'provider' });
    return {
      accounts,
      providers: providers.length,
      images: images.count,
      reviews: inserted,
      ms: performance.now() - started,
    };
  } catch (error) {
    await deleteStored(ctx, stored);
    throw error;
  }
}
