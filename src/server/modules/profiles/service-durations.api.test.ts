import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_TEXTS } from '#domain/pricing-texts.ts';
import { providerProfiles } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider } from '#server/test/factories.ts';

/** A service's duration (minutes, or a range) and its own booking link: validated, stored, answered. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const balayage = {
  service: 'Balayage',
  description: 'Hand-painted colour',
  priceType: 'fixed',
  minPrice: 180,
};

const storedPricing = async (userId: string) => {
  const [row] = await t.db
    .select({ pricing: providerProfiles.pricing })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row!.pricing;
};

describe('a service package with a duration and its own link', () => {
  it('is stored and answered on the account and the public profile', async () => {
    const provider = await createVerifiedProvider(t);
    const token = provider.session.access_token;
    const res = await t.put(
      '/api/auth/profile',
      {
        pricing: [
          {
            ...balayage,
            durationMin: 150,
            durationMax: 180,
            bookingLink: 'https://book.example.com/balayage',
          },
          { service: 'Trim', description: 'A quick trim', priceType: 'fixed', minPrice: 30, durationMin: 30 },
        ],
      },
      { token },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile.pricing).toEqual([
      expect.objectContaining({
        service: 'Balayage',
        durationMin: 150,
        durationMax: 180,
        bookingLink: 'https://book.example.com/balayage',
      }),
      expect.objectContaining({ service: 'Trim', durationMin: 30, durationMax: null, bookingLink: '' }),
    ]);
    expect(await storedPricing(provider.user.id)).toEqual([
      expect.objectContaining({
        durationMin: 150,
        durationMax: 180,
        bookingLink: 'https://book.example.com/balayage',
      }),
      expect.objectContaining({ durationMin: 30, durationMax: null, bookingLink: '' }),
    ]);
    const visitor = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(visitor.status, visitor.text).toBe(200);
    expect(visitor.body.profile.pricing[0]).toMatchObject({
      durationMin: 150,
      durationMax: 180,
      bookingLink: 'https://book.example.com/balayage',
    });
  });

  it('refuses a bad duration or a link that is not http(s) with the field and its message, and changes nothing', async () => {
    const provider = await createVerifiedProvider(t);
    const token = provider.session.access_token;
    const before = await storedPricing(provider.user.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ durationMin: 4 }, 'pricing.0.durationMin', PRICING_TEXTS.validDuration],
      [{ durationMin: 721 }, 'pricing.0.durationMin', PRICING_TEXTS.validDuration],
      [{ durationMin: 45.5 }, 'pricing.0.durationMin', PRICING_TEXTS.validDuration],
      [{ durationMin: '60' }, 'pricing.0.durationMin', PRICING_TEXTS.validDuration],
      [{ durationMin: 60, durationMax: 60 }, 'pricing.0.durationMax', PRICING_TEXTS.durationMaxAboveMin],
      [{ durationMin: 60, durationMax: 45 }, 'pricing.0.durationMax', PRICING_TEXTS.durationMaxAboveMin],
      [{ durationMax: 60 }, 'pricing.0.durationMin', PRICING_TEXTS.validDuration],
      [
        { bookingLink: 'javascript:alert(1)' },
        'pricing.0.bookingLink',
        'Please enter a valid link starting with http:// or https://',
      ],
      [
        { bookingLink: 'ftp://book.example.com/x' },
        'pricing.0.bookingLink',
        'Please enter a valid link starting with http:// or https://',
      ],
    ];
    for (const [extra, path, message] of cases) {
      const res = await t.put('/api/auth/profile', { pricing: [{ ...balayage, ...extra }] }, { token });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues, JSON.stringify(extra)).toContainEqual({ path, message });
    }
    expect(await storedPricing(provider.user.id)).toEqual(before);
  });
});
