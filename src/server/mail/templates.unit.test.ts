import { describe, expect, it } from 'vitest';
import { BRAND } from '#domain/brand.ts';
import { type AlertOpening, alertOpeningBlock, openingAlertMail, savedSearchAlertMail } from './templates';

const opening: AlertOpening = {
  service: 'Silk press',
  when: 'Friday, June 5, 2:00 PM CDT',
  price: '$85',
  regularPrice: null,
  location: 'Austin, TX 78701',
  note: 'Bring your own bonnet',
  bookingUrl: 'https://book.example.com/silk',
};
const links = { unsubscribeUrl: 'https://x.test/u', settingsUrl: 'https://x.test/s' };

describe('alert emails', () => {
  it('describe an opening one way: when, price, where, note, then Book', () => {
    expect(alertOpeningBlock('Silk press', opening)).toEqual({
      title: 'Silk press',
      lines: ['Friday, June 5, 2:00 PM CDT', 'Price: $85', 'Austin, TX 78701', 'Bring your own bonnet'],
      link: { label: 'Book this opening', url: 'https://book.example.com/silk' },
    });
    expect(
      alertOpeningBlock('Trim', { ...opening, price: null, location: '', note: null, bookingUrl: '' }),
    ).toEqual({ title: 'Trim', lines: ['Friday, June 5, 2:00 PM CDT'] });
  });

  it("say a reduced price as 'was …, now …'", () => {
    expect(alertOpeningBlock('Silk press', { ...opening, price: '$140', regularPrice: 180 }).lines).toContain(
      'Price: was $180, now $140',
    );
  });

  it('open with why they came, in both kinds, and list the opening the same way', () => {
    const provider = openingAlertMail({
      providerName: 'Lumen Studio',
      openings: [opening],
      profileUrl: 'https://x.test/lumen',
      ...links,
    });
    const saved = savedSearchAlertMail({
      searchName: 'silk press near 78701',
      openings: [{ ...opening, providerName: 'Lumen Studio', profileUrl: 'https://x.test/lumen' }],
      ...links,
    });
    expect(provider.text).toContain(
      `You saved Lumen Studio on ${BRAND.name}, so we let you know when they have short-notice time free. Openings go fast: book on their own page.`,
    );
    expect(saved.text).toContain(
      `You saved the search “silk press near 78701” on ${BRAND.name}, so we let you know when a provider posts a short-notice opening that matches it. Openings go fast: book on the provider's own page.`,
    );
    const lines = [
      '  Friday, June 5, 2:00 PM CDT',
      '  Price: $85',
      '  Austin, TX 78701',
      '  Bring your own bonnet',
      '  Book this opening: https://book.example.com/silk',
    ].join('\n');
    expect(provider.text).toContain(`* Silk press\n${lines}`);
    expect(saved.text).toContain(
      `* Silk press · Lumen Studio\n${lines}\n  View Lumen Studio's profile: https://x.test/lumen`,
    );
  });
});
