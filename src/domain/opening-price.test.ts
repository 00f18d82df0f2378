import { describe, expect, it } from 'vitest';
import { formatOpeningPrice, formatOpeningPriceText, openingPriceParts } from './opening-price';
import { formatMoney } from './pricing-options';

describe('formatOpeningPrice', () => {
  it('prints a plain amount as formatMoney does, however it was typed', () => {
    for (const [typed, shown] of [
      ['1200', '$1,200'],
      ['$1200', '$1,200'],
      ['$1,200', '$1,200'],
      ['1,200', '$1,200'],
      ['$1,200.00', '$1,200'],
      ['45.50', '$45.50'],
      ['45.5', '$45.50'],
      ['$45.05', '$45.05'],
      [' $ 45 ', '$45'],
      ['$45', '$45'],
      ['0', '$0'],
      ['$0.99', '$0.99'],
      ['100000', '$100,000'],
      ['$1,234,567', '$1,234,567'],
    ]) {
      expect(formatOpeningPrice(typed!), typed).toBe(shown);
      expect(formatOpeningPrice(typed!), typed).toBe(formatMoney(Number(typed!.replace(/[\s$,]/g, ''))));
    }
  });

  it('shows any other text as typed, trimmed', () => {
    for (const typed of [
      'from $40',
      'From $40',
      '$40–60',
      '$40 - $60',
      '$40+',
      'Free',
      'Contact for pricing',
      '45 dollars',
      'USD 45',
      '45$',
      '$$45',
      '-45',
      '$-45',
      '.50',
      '45.',
      '45.505',
      '1,20',
      '12,00,000',
      '$1,2000',
      '$Infinity',
      'NaN',
      '1e3',
      '0x10',
      '１２００',
      '999999999999999999999999',
    ]) {
      expect(formatOpeningPrice(typed), typed).toBe(typed);
      expect(formatOpeningPrice(`  ${typed}\t`), typed).toBe(typed);
    }
  });
});

describe('formatOpeningPriceText', () => {
  it("reads a reduced price as 'was …, now …', any other as formatOpeningPrice", () => {
    expect(formatOpeningPriceText('$140', 180)).toBe('was $180, now $140');
    expect(formatOpeningPriceText('1200', 1450.5)).toBe('was $1,450.50, now $1,200');
    expect(formatOpeningPriceText('$140', null)).toBe('$140');
    expect(formatOpeningPriceText('from $40', undefined)).toBe('from $40');
    expect(openingPriceParts('$140', 180)).toEqual({ was: '$180', now: '$140' });
    expect(openingPriceParts('$140', null)).toEqual({ was: null, now: '$140' });
  });
});
