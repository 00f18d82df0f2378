import { describe, expect, it } from 'vitest';
import { ServicePackageSchema } from './pricing';
import {
  displayPrice,
  formatAmount,
  formatDuration,
  formatMoney,
  formatPrice,
  PRICE_TYPES,
  PRICING_LIMITS,
  type PriceParts,
  parsePrice,
} from './pricing-options';
import { PRICING_TEXTS } from './pricing-texts';

describe('formatPrice', () => {
  it('renders the four price texts: fixed, range, starting at, contact', () => {
    expect(formatPrice({ priceType: 'fixed', minPrice: 45 })).toBe('$45');
    expect(formatPrice({ priceType: 'range', minPrice: 45, maxPrice: 90.5 })).toBe('$45 - $90.50');
    expect(formatPrice({ priceType: 'starting_at', minPrice: 1200 })).toBe('Starting at $1,200');
    expect(formatPrice({ priceType: 'contact' })).toBe('Contact for pricing');
  });

  it('gives null (no preview) for prices that are not valid yet', () => {
    expect(formatPrice({ priceType: 'fixed', minPrice: null })).toBeNull();
    expect(formatPrice({ priceType: 'fixed', minPrice: Number.NaN })).toBeNull();
    expect(formatPrice({ priceType: 'fixed', minPrice: -1 })).toBeNull();
    expect(formatPrice({ priceType: 'range', minPrice: 50, maxPrice: 50 })).toBeNull();
    expect(formatPrice({ priceType: 'range', minPrice: 50 })).toBeNull();
    expect(formatPrice({ priceType: 'starting_at', minPrice: Number.POSITIVE_INFINITY })).toBeNull();
  });

  it('rounds to cents', () => {
    expect(formatAmount(19.999)).toBe('20');
    expect(formatAmount(19.5)).toBe('19.50');
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(0.05)).toBe('0.05');
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(100_000)).toBe('100,000');
    expect(formatAmount(999.999)).toBe('1,000');
  });

  it('formats every amount of money one way', () => {
    expect(formatMoney(45)).toBe('$45');
    expect(formatMoney(45.5)).toBe('$45.50');
    expect(formatMoney(1200)).toBe('$1,200');
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(0.004)).toBe('$0');
  });

  it('names the highest price as the limit is', () => {
    expect(PRICING_LIMITS.priceMax).toBe(100_000);
    expect(PRICING_TEXTS.tooHigh).toBe('Prices must be at most $100,000');
  });
});

describe('formatDuration', () => {
  it('writes minutes up to an hour, hours and minutes past it, and a range with one dash', () => {
    expect(formatDuration(60)).toBe('60 min');
    expect(formatDuration(5)).toBe('5 min');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(45, 60)).toBe('45–60 min');
    expect(formatDuration(60, 90)).toBe('60 min–1 h 30 min');
    expect(formatDuration(90, 150)).toBe('1 h 30 min–2 h 30 min');
  });

  it('is null without a duration, and one length when the longest is not longer', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(undefined, 60)).toBeNull();
    expect(formatDuration(45, null)).toBe('45 min');
    expect(formatDuration(45, 45)).toBe('45 min');
  });
});

describe('parsePrice', () => {
  const cases: PriceParts[] = [
    { priceType: 'fixed', minPrice: 45, maxPrice: null },
    { priceType: 'fixed', minPrice: 45.5, maxPrice: null },
    { priceType: 'range', minPrice: 180, maxPrice: 1320 },
    { priceType: 'starting_at', minPrice: 65, maxPrice: null },
    { priceType: 'contact', minPrice: null, maxPrice: null },
  ];

  it.each(cases)('reads back what formatPrice wrote: %o', (parts) => {
    expect(parsePrice(formatPrice(parts)!)).toEqual(parts);
  });

  it('reads common variants and treats anything else as contact', () => {
    expect(parsePrice('From $30')).toEqual({ priceType: 'starting_at', minPrice: 30, maxPrice: null });
    expect(parsePrice('$30+')).toEqual({ priceType: 'starting_at', minPrice: 30, maxPrice: null });
    expect(parsePrice(' $30 – $40 ').priceType).toBe('contact'); // an en dash is not our format
    expect(parsePrice('$Infinity')).toEqual({ priceType: 'contact', minPrice: null, maxPrice: null });
    expect(parsePrice('ask me')).toEqual({ priceType: 'contact', minPrice: null, maxPrice: null });
  });
});

describe('displayPrice', () => {
  it("shows 'Contact for pricing' for Infinity, NaN and blank", () => {
    expect(displayPrice('$Infinity')).toBe('Contact for pricing');
    expect(displayPrice('Starting at $NaN')).toBe('Contact for pricing');
    expect(displayPrice('')).toBe('Contact for pricing');
    expect(displayPrice(undefined)).toBe('Contact for pricing');
    expect(displayPrice('$45')).toBe('$45');
  });
});

describe('ServicePackageSchema', () => {
  it('derives the price text from the type and numbers, ignoring a sent one', () => {
    const pkg = ServicePackageSchema.parse({
      service: ' Balayage ',
      description: 'Hand-painted',
      priceType: 'range',
      minPrice: 180.004,
      maxPrice: 320,
      price: '$1',
    });
    expect(pkg).toEqual({
      service: 'Balayage',
      description: 'Hand-painted',
      price: '$180 - $320',
      priceType: 'range',
      minPrice: 180,
      maxPrice: 320,
      // Without a duration or a link of its own (packages saved before them read the same).
      durationMin: null,
      durationMax: null,
      bookingLink: '',
    });
  });

  it('takes a duration in whole minutes or as a range, and an http(s) link of its own', () => {
    const base = { service: 's', description: 'd', priceType: 'fixed', minPrice: 5 } as const;
    expect(
      ServicePackageSchema.parse({
        ...base,
        durationMin: 45,
        durationMax: 60,
        bookingLink: 'https://b.example/x',
      }),
    ).toMatchObject({ durationMin: 45, durationMax: 60, bookingLink: 'https://b.example/x' });
    const messages = (input: object) =>
      ServicePackageSchema.safeParse({ ...base, ...input }).error?.issues.map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    expect(messages({ durationMin: 4 })).toEqual([`durationMin: ${PRICING_TEXTS.validDuration}`]);
    expect(messages({ durationMin: 721 })).toEqual([`durationMin: ${PRICING_TEXTS.validDuration}`]);
    expect(messages({ durationMin: 30.5 })).toEqual([`durationMin: ${PRICING_TEXTS.validDuration}`]);
    expect(messages({ durationMin: 60, durationMax: 60 })).toEqual([
      `durationMax: ${PRICING_TEXTS.durationMaxAboveMin}`,
    ]);
    expect(messages({ durationMax: 60 })).toEqual([`durationMin: ${PRICING_TEXTS.validDuration}`]);
    expect(messages({ bookingLink: 'javascript:alert(1)' })?.[0]).toMatch(/^bookingLink: /);
  });

  it('drops numbers a type does not use', () => {
    const contact = ServicePackageSchema.parse({
      service: 's',
      description: 'd',
      priceType: 'contact',
      minPrice: 5,
    });
    expect(contact).toMatchObject({ price: 'Contact for pricing', minPrice: null, maxPrice: null });
    const fixed = ServicePackageSchema.parse({
      service: 's',
      description: 'd',
      priceType: 'fixed',
      minPrice: 5,
      maxPrice: 9,
    });
    expect(fixed.maxPrice).toBeNull();
  });

  it('gives the validation messages of docs/product.md §5', () => {
    const messages = (input: unknown) =>
      ServicePackageSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({ service: '', description: '', priceType: 'fixed', minPrice: 1 })).toEqual([
      'service: Service name is required',
      'description: Description is required',
    ]);
    expect(
      messages({ service: 's', description: 'd', priceType: 'starting_at', minPrice: Number.NaN }),
    ).toContain('minPrice: Valid price is required');
    expect(
      messages({ service: 's', description: 'd', priceType: 'range', minPrice: 10, maxPrice: 5 }),
    ).toEqual(['maxPrice: Max price must be greater than min price']);
    expect(messages({ service: 's', description: 'd', priceType: 'fixed', minPrice: 100_001 })).toEqual([
      'minPrice: Prices must be at most $100,000',
    ]);
  });

  it('knows the four price types', () => {
    expect(PRICE_TYPES).toEqual(['fixed', 'range', 'starting_at', 'contact']);
  });
});
