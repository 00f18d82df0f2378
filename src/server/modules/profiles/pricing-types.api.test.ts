import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCard } from '#domain/search.ts';
import { providerProfiles } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider } from '#server/test/factories.ts';

const MIGRATION = path.join(import.meta.dirname, '../../db/migrations/0027_pricing_price_types.sql');

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** Migration 0027 once more, over rows put back as they were before it (its CHECK dropped first). */
async function runPricingMigration() {
  for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
    await t.db.execute(sql.raw(statement));
  }
}

const entry = (service: string, price: string, more: Record<string, unknown> = {}) => ({
  service,
  description: `${service} appointment`,
  price,
  ...more,
});

describe('packages saved before price types (migration 0027)', () => {
  it('get their type and numbers from their text, once; search and the account page read those', async () => {
    const provider = await createVerifiedProvider(t, {
      name: 'Legacy Lane Salon',
      location: 'Austin, TX 78701',
    });
    const userId = provider.user.id;
    await t.db.execute(sql`ALTER TABLE provider_profiles DROP CONSTRAINT provider_profiles_pricing_typed`);
    const legacy = [
      entry('Bridal styling', '$1,200 - $1,500'),
      entry('Gloss', 'From $45'),
      entry('Toner', '$30+'),
      entry('Trim', '$30'),
      entry('Consultation', 'Ask me'),
      entry('Mystery', '$Infinity'),
      entry('Colour', '$90 - $150', { priceType: 'range', minPrice: 90, maxPrice: 150 }),
    ];
    await t.db
      .update(providerProfiles)
      .set({ pricing: legacy as never })
      .where(eq(providerProfiles.userId, userId));

    await runPricingMigration();

    const [row] = await t.db
      .select({ pricing: providerProfiles.pricing })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, userId));
    const typed = (priceType: string, minPrice: number | null, maxPrice: number | null = null) => ({
      priceType,
      minPrice,
      maxPrice,
    });
    expect(row!.pricing).toEqual([
      { ...legacy[0], ...typed('range', 1200, 1500) },
      { ...legacy[1], ...typed('starting_at', 45) },
      { ...legacy[2], ...typed('starting_at', 30) },
      { ...legacy[3], ...typed('fixed', 30) },
      { ...legacy[4], ...typed('contact', null) },
      { ...legacy[5], ...typed('contact', null) },
      legacy[6],
    ]);

    const account = await t.get('/api/auth/profile', { token: provider.session.access_token });
    expect(account.status, account.text).toBe(200);
    expect(account.body.profile.pricing[1]).toMatchObject({
      service: 'Gloss',
      price: 'From $45',
      ...typed('starting_at', 45),
    });

    // Search prices the packages from the written numbers (its reading of texts is gone).
    const search = await t.post('/api/search', { query: 'gloss', priceRange: [15, 60] });
    expect(search.status, search.text).toBe(200);
    const card = search.body.results.find((r: ProviderCard) => r.id === userId);
    expect(card?.matched_service).toEqual({
      name: 'Gloss',
      min_price: 45,
      max_price: 45,
      starting_at: true,
      // Saved before services had durations: none.
      duration_min: null,
      duration_max: null,
    });
    const bridal = await t.post('/api/search', { query: 'bridal styling', locationZip: '78701' });
    expect(bridal.body.results.find((r: ProviderCard) => r.id === userId)?.matched_service).toMatchObject({
      min_price: 1200,
      max_price: 1500,
    });
  });

  it('a package without one of the four price types is refused by the database', async () => {
    const provider = await createVerifiedProvider(t);
    const write = (pricing: unknown) =>
      t.db
        .update(providerProfiles)
        .set({ pricing: pricing as never })
        .where(eq(providerProfiles.userId, provider.user.id));
    await expect(write([entry('Trim', '$30')])).rejects.toThrow();
    await expect(write([entry('Trim', '$30', { priceType: 'free' })])).rejects.toThrow();
    await expect(write([entry('Trim', '$30', { priceType: null })])).rejects.toThrow();
    await write([entry('Trim', '$30', { priceType: 'fixed', minPrice: 30, maxPrice: null })]);
  });
});
