import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WEEKDAYS, type Weekday } from '#domain/availability.ts';
import { formatMoney } from '#domain/pricing-options.ts';
import type { PricingEntry } from '../db/schema';
import { providerProfiles, users } from '../db/schema';
import { distanceMeters, METERS_PER_MILE } from '../lib/geo';
import { lookupZip } from '../lib/zip-lookup';
import type { TestApp } from './build-test-app';

/**
 * A small catalogue with known answers for the search tests, inserted straight into users and
 * provider_profiles: the database triggers build the search documents, as they do for every writer.
 */

export interface Hours {
  days: Weekday[];
  from: number;
  /** Exclusive: 9 to 17 is the slots 09:00 … 16:00. */
  to: number;
}

export interface FixtureProvider {
  key: string;
  name: string;
  zip: string | null;
  categories: string[];
  specialties: string[];
  pricing: PricingEntry[];
  hours: Hours[];
  amenities: string[];
  bio: string;
  /** false: signed up but never verified (inactive). */
  verified?: boolean;
}

const WEEK: Weekday[] = [...WEEKDAYS];
const MON_FRI: Weekday[] = WEEK.slice(0, 5);

export const fixed = (service: string, price: number): PricingEntry => ({
  service,
  description: `${service} appointment`,
  price: formatMoney(price),
  priceType: 'fixed',
  minPrice: price,
  maxPrice: null,
});
export const range = (service: string, min: number, max: number): PricingEntry => ({
  service,
  description: `${service} appointment`,
  price: `${formatMoney(min)} - ${formatMoney(max)}`,
  priceType: 'range',
  minPrice: min,
  maxPrice: max,
});
export const from = (service: string, min: number): PricingEntry => ({
  service,
  description: `${service} appointment`,
  price: `Starting at ${formatMoney(min)}`,
  priceType: 'starting_at',
  minPrice: min,
  maxPrice: null,
});
export const contact = (service: string): PricingEntry => ({
  service,
  description: `${service} on request`,
  price: 'Contact for pricing',
  priceType: 'contact',
  minPrice: null,
  maxPrice: null,
});

export const FIXTURE: FixtureProvider[] = [
  {
    key: 'bea',
    name: 'Balayage by Bea',
    zip: '78704',
    categories: ['hair'],
    specialties: ['Blonding'],
    pricing: [fixed('Cut & Style', 65)],
    hours: [{ days: MON_FRI, from: 10, to: 18 }],
    amenities: ['Free Wi-Fi'],
    bio: 'Bright salon for lived-in blondes.',
  },
  {
    key: 'maya',
    name: 'Maya Lopez',
    zip: '78701',
    categories: ['hair'],
    specialties: ['Balayage', 'Curly Cuts'],
    pricing: [range('Hand-painted color', 180, 320), fixed('Curly cut', 85)],
    hours: [{ days: MON_FRI, from: 9, to: 17 }],
    amenities: ['LGBTQ+ Friendly', 'Wheelchair Accessible'],
    bio: 'Curly hair specialist with ten years behind the chair.',
  },
  {
    key: 'sofia',
    name: 'Sofia Reyes',
    zip: '78702',
    categories: ['hair'],
    specialties: ['Protective Styles'],
    pricing: [fixed('Box braids', 220), from('Knotless braids', 250)],
    hours: [{ days: ['saturday', 'sunday'], from: 10, to: 16 }],
    amenities: ['LGBTQIA+ Friendly', 'Kid-Friendly'],
    bio: 'Protective styles and natural hair care.',
  },
  {
    key: 'colorbar',
    name: 'Color Bar Austin',
    zip: '78745',
    categories: ['hair'],
    specialties: ['Vivid Tones'],
    pricing: [fixed('Root retouch', 95), fixed('Gloss', 45)],
    hours: [{ days: ['tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], from: 11, to: 19 }],
    amenities: ['Silent Service'],
    bio: 'Coloring, corrections and gloss treatments.',
  },
  {
    key: 'glow',
    name: 'Glow Nails Studio',
    zip: '78701',
    categories: ['nails'],
    specialties: ['Nail Art'],
    pricing: [fixed('Gel manicure', 40), fixed('Spa pedicure', 55)],
    hours: [{ days: ['tuesday', 'wednesday', 'thursday', 'friday'], from: 17, to: 20 }],
    amenities: ['Silent Service Option', 'Snacks & Beverages'],
    bio: 'Evening appointments for busy people.',
  },
  {
    key: 'priya',
    name: 'Polished by Priya',
    zip: '78660',
    categories: ['nails'],
    specialties: ['Chrome Nails'],
    pricing: [fixed('Acrylic full set', 60)],
    hours: [{ days: ['monday'], from: 9, to: 13 }],
    amenities: ['Refreshments'],
    bio: 'Acrylic and chrome specialist.',
  },
  {
    key: 'fade',
    name: 'Fade Kings',
    zip: '78702',
    categories: ['barber'],
    specialties: ['Skin Fades'],
    pricing: [fixed('Classic cut', 15), fixed('Beard shape-up', 20)],
    hours: [{ days: WEEK.slice(0, 6), from: 8, to: 18 }],
    amenities: ['Parking Available'],
    bio: 'Walk-ins welcome all week.',
  },
  {
    key: 'relief',
    name: 'Deep Relief Studio',
    zip: '78664',
    categories: ['massage'],
    specialties: ['Sports Recovery'],
    pricing: [fixed('Ninety minute session', 130)],
    hours: [{ days: MON_FRI, from: 9, to: 17 }],
    amenities: ['Private Studio'],
    bio: 'Licensed therapist for athletes and runners.',
  },
  {
    key: 'clear',
    name: 'Clear Skin Co',
    zip: '78610',
    categories: ['esthetician'],
    specialties: ['Acne Care'],
    pricing: [fixed('Signature treatment', 95), contact('Peel consultation')],
    hours: [{ days: ['wednesday'], from: 12, to: 16 }],
    amenities: [],
    bio: 'Focused on acne and sensitive skin.',
  },
  {
    key: 'georgetown',
    name: 'Georgetown Glam',
    zip: '78626',
    categories: ['hair'],
    specialties: [],
    pricing: [fixed('Event styling', 50)],
    hours: [{ days: ['thursday'], from: 10, to: 14 }],
    amenities: [],
    bio: 'Styling north of the city.',
  },
  {
    key: 'luxe',
    name: 'Luxe Lengths',
    zip: '78704',
    categories: ['hair'],
    specialties: ['Tape-in Extensions'],
    pricing: [fixed('Full head extensions', 800)],
    hours: [{ days: ['friday'], from: 10, to: 16 }],
    amenities: [],
    bio: 'Luxury lengths.',
  },
  {
    key: 'contact',
    name: 'Quote Only Studio',
    zip: '78701',
    categories: ['esthetician'],
    specialties: [],
    pricing: [contact('Brow design')],
    hours: [{ days: ['sunday'], from: 10, to: 12 }],
    amenities: [],
    bio: 'Prices on request.',
  },
  {
    key: 'tuesday',
    name: 'Tuesday Tresses',
    zip: '78702',
    categories: ['hair'],
    specialties: [],
    pricing: [fixed('Trim', 35)],
    hours: [{ days: ['tuesday'], from: 10, to: 14 }],
    amenities: [],
    bio: 'One day a week.',
  },
  {
    key: 'brooklyn',
    name: 'Williamsburg Braids',
    zip: '11211',
    categories: ['hair'],
    specialties: ['Box Braids'],
    pricing: [fixed('Box braids', 200)],
    hours: [{ days: ['saturday'], from: 9, to: 17 }],
    amenities: ['LGBTQIA+ Friendly'],
    bio: 'Braids in Brooklyn.',
  },
  {
    key: 'nozip',
    name: 'Mobile Manicures',
    zip: null,
    categories: ['nails'],
    specialties: [],
    pricing: [fixed('Manicure at home', 30)],
    hours: [{ days: ['monday'], from: 9, to: 10 }],
    amenities: [],
    bio: 'I come to you.',
  },
  {
    key: 'hidden',
    name: 'Hidden Balayage Pro',
    zip: '78701',
    categories: ['hair'],
    specialties: ['Balayage'],
    pricing: [fixed('Balayage', 100)],
    hours: [{ days: WEEK, from: 8, to: 20 }],
    amenities: ['LGBTQIA+ Friendly', 'Wheelchair Accessible', 'Free Wi-Fi'],
    bio: 'Never verified their email.',
    verified: false,
  },
];

export const byKey = (key: string) => {
  const p = FIXTURE.find((f) => f.key === key);
  if (!p) throw new Error(`no fixture provider ${key}`);
  return p;
};

export function slotsOf(hours: readonly Hours[]): Partial<Record<Weekday, string[]>> {
  const slots: Partial<Record<Weekday, string[]>> = {};
  for (const { days, from: start, to } of hours) {
    for (const day of days) {
      const list = slots[day] ?? [];
      for (let h = start; h < to; h++) list.push(`${String(h).padStart(2, '0')}:00`);
      slots[day] = [...new Set(list)].sort();
    }
  }
  return slots;
}

/** Does the provider have a weekly slot on one of these days at one of these hours? */
export function offers(p: FixtureProvider, days: readonly Weekday[], hours?: readonly number[]): boolean {
  const slots = slotsOf(p.hours);
  return days.some((d) => (slots[d] ?? []).some((s) => !hours || hours.includes(Number(s.slice(0, 2)))));
}

export function milesBetween(zipA: string, zipB: string): number {
  return distanceMeters(lookupZip(zipA)!, lookupZip(zipB)!) / METERS_PER_MILE;
}

/** Not a real hash: these accounts never log in. */
const NO_LOGIN = 'fixture-account-without-password';

/** Inserts the fixture; answers name → user id. Join dates are a minute apart, in list order. */
export async function insertFixture(
  t: TestApp,
  providers: readonly FixtureProvider[] = FIXTURE,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const start = Date.now() - providers.length * 60_000;
  for (const [i, p] of providers.entries()) {
    const id = randomUUID();
    ids.set(p.key, id);
    const createdAt = new Date(start + i * 60_000);
    const place = p.zip ? lookupZip(p.zip) : null;
    await t.db.insert(users).values({
      id,
      email: `${p.key}-${id.slice(0, 8)}@fixture.test`,
      passwordHash: NO_LOGIN,
      name: p.name,
      userType: 'provider',
      routingSlug: `${p.key}-${id.slice(0, 8)}`,
      emailVerifiedAt: p.verified === false ? null : createdAt,
      createdAt,
    });
    await t.db.insert(providerProfiles).values({
      userId: id,
      bio: p.bio,
      location: place ? `${place.city}, ${place.state} ${place.zip}` : 'Travels to you',
      zip: place?.zip ?? null,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      availabilitySlots: slotsOf(p.hours),
      categories: p.categories,
      specialties: p.specialties,
      amenities: p.amenities,
      pricing: p.pricing,
      createdAt,
    });
  }
  return ids;
}

export async function countSearchLogs(t: TestApp): Promise<number> {
  const result = (await t.db.execute(sql`SELECT count(*)::int AS n FROM search_logs`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

/**
 * Gives the log writer's batch (100 ms) time to be written: before asserting that nothing was. What
 * must appear is polled for with WRITTEN instead, since a loaded machine may take longer.
 */
export const settleLogs = () => new Promise((resolve) => setTimeout(resolve, 250));

/** expect.poll's options for a row the log writer writes on its own. */
export const WRITTEN = { timeout: 10_000, interval: 50 };
