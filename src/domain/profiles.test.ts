import { describe, expect, it } from 'vitest';
import { ProviderAccountFormSchema, UpdateProfileBodySchema } from './profiles';
import { amenityDisplay, initialsOf, publicServices } from './profiles-options';

describe('amenityDisplay', () => {
  it('maps each amenity to its display name and kind', () => {
    expect(amenityDisplay('LGBTQ+ Friendly')).toEqual({ label: 'LGBTQIA+ Friendly', kind: 'inclusive' });
    expect(amenityDisplay('LGBTQIA+ Friendly')).toEqual({ label: 'LGBTQIA+ Friendly', kind: 'inclusive' });
    expect(amenityDisplay('Wheelchair Accessible').kind).toBe('inclusive');
    expect(amenityDisplay('Parking Available').kind).toBe('convenience');
    expect(amenityDisplay('Refreshments').kind).toBe('convenience');
    expect(amenityDisplay('Silent Service').kind).toBe('experience');
    expect(amenityDisplay('Free Wi-Fi')).toEqual({ label: 'Free Wi-Fi', kind: 'other' });
  });
});

describe('initialsOf', () => {
  it('takes first and last initials, or two letters of a single name', () => {
    expect(initialsOf('Maya de la Lopez')).toBe('ML');
    expect(initialsOf('zoë')).toBe('ZO');
    expect(initialsOf('  ')).toBe('?');
  });
});

describe('publicServices', () => {
  it('invents nothing: a package without a name is left out, a missing description stays empty', () => {
    expect(
      publicServices([
        { service: ' ', description: 'Orphan', price: '$5' },
        { service: ' Gloss ', description: '', price: '$45' },
      ]),
    ).toEqual([{ service: 'Gloss', description: '', price: '$45', duration: null, bookingLink: null }]);
  });

  it("writes each service's duration and keeps only an http(s) link of its own", () => {
    expect(
      publicServices([
        {
          service: 'Balayage',
          description: 'd',
          price: '$180',
          durationMin: 90,
          bookingLink: ' https://b.example/x ',
        },
        {
          service: 'Gloss',
          description: 'd',
          price: '$45',
          durationMin: 45,
          durationMax: 60,
          bookingLink: 'javascript:alert(1)',
        },
      ]).map((s) => [s.service, s.duration, s.bookingLink]),
    ).toEqual([
      ['Balayage', '1 h 30 min', 'https://b.example/x'],
      ['Gloss', '45–60 min', null],
    ]);
  });
});

describe('profile schemas', () => {
  it('trims and de-duplicates lists', () => {
    const body = UpdateProfileBodySchema.parse({ specialties: [' Fades ', 'fades', 'Beard trims'] });
    expect(body.specialties).toEqual(['Fades', 'Beard trims']);
  });

  it('the provider form requires a business name and a location', () => {
    const result = ProviderAccountFormSchema.safeParse({
      name: '',
      bio: '',
      location: '',
      zip: '',
      booking_link: '',
      license_details: '',
      additional_details: '',
      availability: '',
      specialties: [],
      certifications: [],
      amenities: [],
      products: [],
      policies: { deposit: null, cancellation_notice_hours: null, text: '' },
    });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      'Business/Professional name is required',
      'Location is required',
    ]);
  });
});
