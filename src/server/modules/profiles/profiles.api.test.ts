import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerProfiles, users } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createUnverifiedUser,
  createVerifiedProvider,
  createVerifiedUser,
  findUserRow,
} from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const profileRow = async (userId: string) =>
  (await t.db.select().from(providerProfiles).where(eq(providerProfiles.userId, userId)))[0]!;

const fullUpdate = {
  name: 'Maya Lopez Hair',
  bio: 'Curly hair specialist with ten years behind the chair.',
  location: 'East Austin, TX 78702',
  zip: '',
  booking_link: 'https://book.example.com/maya',
  license_details: 'Texas Cosmetology License #123456',
  additional_details: 'Street parking on Cesar Chavez.',
  availability: 'Mon-Fri 9AM-5PM, Sat 10AM-2PM. By appointment on Sundays | Please arrive 5 minutes early',
  specialties: ['Curly cuts', 'Balayage', 'curly cuts'],
  certifications: ['DevaCurl Certified'],
  amenities: ['LGBTQIA+ Friendly', 'Wheelchair Accessible'],
  products: ['Olaplex', 'Redken'],
  pricing: [
    { service: 'Curly Cut', description: 'Dry cut, curl by curl', priceType: 'fixed', minPrice: 85 },
    {
      service: 'Balayage',
      description: 'Hand-painted color',
      priceType: 'range',
      minPrice: 180,
      maxPrice: 320,
    },
    {
      service: 'Color correction',
      description: 'Quote after consultation',
      priceType: 'contact',
      price: '$1',
    },
    { service: 'Gloss', description: 'Shine refresh', priceType: 'starting_at', minPrice: 45.5 },
  ],
};

describe('GET /api/auth/profile', () => {
  it('needs a token', async () => {
    const res = await t.get('/api/auth/profile');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('UNAUTHORIZED');
  });

  it('gives a client the user fields only', async () => {
    const client = await createVerifiedUser(t);
    const res = await t.get('/api/auth/profile', { token: client.session.access_token });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ email: client.email, user_type: 'client' });
    expect(res.body.profile).not.toHaveProperty('bio');
    expect(res.body.profile).not.toHaveProperty('password_hash');
  });

  it('gives a provider every provider field, with the sign-up details and the zip found in the location', async () => {
    const provider = await createVerifiedProvider(t, { location: 'Downtown Austin, TX 78701', bio: 'Hi' });
    const res = await t.get('/api/auth/profile', { token: provider.session.access_token });
    expect(res.status).toBe(200);
    const p = res.body.profile;
    expect(p).toMatchObject({
      user_type: 'provider',
      location: 'Downtown Austin, TX 78701',
      zip: '78701',
      bio: 'Hi',
    });
    for (const key of ['booking_link', 'license_details', 'additional_details', 'availability']) {
      expect(typeof p[key]).toBe('string');
    }
    for (const key of [
      'specialties',
      'certifications',
      'amenities',
      'products',
      'portfolio_images',
      'pricing',
    ]) {
      expect(Array.isArray(p[key])).toBe(true);
    }
    const row = await profileRow(provider.user.id);
    expect(row.latitude).toBeCloseTo(30.27, 1);
    expect(row.longitude).toBeCloseTo(-97.74, 1);
  });
});

describe('PUT /api/auth/profile', () => {
  it('needs a token', async () => {
    const res = await t.put('/api/auth/profile', { name: 'x' });
    expect(res.status).toBe(401);
  });

  it('lets a client change the name', async () => {
    const client = await createVerifiedUser(t);
    const res = await t.put(
      '/api/auth/profile',
      { name: '  Jordan Client  ' },
      { token: client.session.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.profile.name).toBe('Jordan Client');
    expect((await findUserRow(t.db, client.email))!.name).toBe('Jordan Client');
  });

  it('refuses provider fields from a client and changes nothing', async () => {
    const client = await createVerifiedUser(t);
    const before = await findUserRow(t.db, client.email);
    const res = await t.put(
      '/api/auth/profile',
      { name: 'New Name', bio: 'I am not a provider' },
      { token: client.session.access_token },
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
    expect(res.body.message).toBe('Only service providers can change provider profile fields.');
    expect((await findUserRow(t.db, client.email))!.name).toBe(before!.name);
    expect(await t.db.$count(providerProfiles, eq(providerProfiles.userId, client.user.id))).toBe(0);
  });

  it('stores every provider field, canonical prices, parsed weekly slots and the zip coordinates', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await t.put('/api/auth/profile', fullUpdate, { token: provider.session.access_token });
    expect(res.status).toBe(200);
    const p = res.body.profile;
    expect(p.name).toBe('Maya Lopez Hair');
    expect(p.specialties).toEqual(['Curly cuts', 'Balayage']);
    expect(p.pricing.map((e: { price: string }) => e.price)).toEqual([
      '$85',
      '$180 - $320',
      'Contact for pricing',
      'Starting at $45.50',
    ]);
    expect(p.zip).toBe('78702');

    const row = await profileRow(provider.user.id);
    expect(row.bookingLink).toBe('https://book.example.com/maya');
    expect(row.availability).toBe(fullUpdate.availability);
    expect(row.availabilitySlots.monday).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(row.availabilitySlots.saturday).toEqual(['10:00', '11:00', '12:00', '13:00']);
    expect(row.availabilitySlots.sunday).toEqual([]);
    expect(row.pricing[2]).toMatchObject({
      priceType: 'contact',
      minPrice: null,
      price: 'Contact for pricing',
    });
    expect(row.zip).toBe('78702');
    expect(row.latitude).not.toBeNull();
    const user = await findUserRow(t.db, provider.email);
    expect(user!.name).toBe('Maya Lopez Hair');
  });

  it('changes only the fields sent (a pricing change sends the list alone)', async () => {
    const provider = await createVerifiedProvider(t);
    await t.put('/api/auth/profile', fullUpdate, { token: provider.session.access_token });
    const res = await t.put(
      '/api/auth/profile',
      { pricing: [{ service: 'Trim', description: 'Dusting', priceType: 'fixed', minPrice: 40 }] },
      { token: provider.session.access_token },
    );
    expect(res.status).toBe(200);
    const row = await profileRow(provider.user.id);
    expect(row.pricing).toHaveLength(1);
    expect(row.bio).toBe(fullUpdate.bio);
    expect(row.specialties).toEqual(['Curly cuts', 'Balayage']);
  });

  it('uses an entered zip over the location, and refuses an unknown one', async () => {
    const provider = await createVerifiedProvider(t);
    const token = provider.session.access_token;
    const ok = await t.put('/api/auth/profile', { location: 'Brooklyn, NY', zip: '11211' }, { token });
    expect(ok.status).toBe(200);
    expect((await profileRow(provider.user.id)).zip).toBe('11211');

    const bad = await t.put('/api/auth/profile', { location: 'Nowhere', zip: '00000' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: 'zip', message: "We couldn't find that zip code. Please check it." },
    ]);
    const row = await profileRow(provider.user.id);
    expect(row.location).toBe('Brooklyn, NY');
    expect(row.zip).toBe('11211');
  });

  const tooMany = Array.from({ length: 31 }, (_, i) => `Item ${i}`);
  const badBodies: [string, Record<string, unknown>, string, string][] = [
    [
      'a javascript: booking link',
      { booking_link: 'javascript:alert(1)' },
      'booking_link',
      'Please enter a valid link starting with http:// or https://',
    ],
    [
      'a data: booking link',
      { booking_link: 'data:text/html,hi' },
      'booking_link',
      'Please enter a valid link starting with http:// or https://',
    ],
    ['a bio over 2,000 characters', { bio: 'a'.repeat(2001) }, 'bio', 'Bio must be at most 2000 characters'],
    ['a blank location', { location: '   ' }, 'location', 'Location is required'],
    ['a blank name', { name: ' ' }, 'name', 'Name is required'],
    [
      'a 61-character specialty',
      { specialties: ['x'.repeat(61)] },
      'specialties.0',
      'Each item must be at most 60 characters',
    ],
    ['an empty list item', { amenities: ['  '] }, 'amenities.0', 'Please enter a value'],
    [
      '31 certifications',
      { certifications: tooMany },
      'certifications',
      'You can add at most 30 certifications',
    ],
    ['a 4-digit zip', { zip: '7870' }, 'zip', 'Zip code must be 5 digits'],
    [
      'a package without a name',
      { pricing: [{ service: ' ', description: 'd', priceType: 'fixed', minPrice: 10 }] },
      'pricing.0.service',
      'Service name is required',
    ],
    [
      'a package without a description',
      { pricing: [{ service: 's', description: '', priceType: 'fixed', minPrice: 10 }] },
      'pricing.0.description',
      'Description is required',
    ],
    [
      'a fixed package without a price',
      { pricing: [{ service: 's', description: 'd', priceType: 'fixed' }] },
      'pricing.0.minPrice',
      'Valid price is required',
    ],
    [
      'a negative price',
      { pricing: [{ service: 's', description: 'd', priceType: 'starting_at', minPrice: -5 }] },
      'pricing.0.minPrice',
      'Valid price is required',
    ],
    [
      'a range whose max is not above min',
      { pricing: [{ service: 's', description: 'd', priceType: 'range', minPrice: 50, maxPrice: 50 }] },
      'pricing.0.maxPrice',
      'Max price must be greater than min price',
    ],
    [
      '31 packages',
      {
        pricing: Array.from({ length: 31 }, () => ({ service: 's', description: 'd', priceType: 'contact' })),
      },
      'pricing',
      'You can have at most 30 service packages',
    ],
    ['an unknown field', { email: 'someone@else.test' }, '', 'Unrecognized key: "email"'],
    ['a user_type change', { user_type: 'client' }, '', 'Unrecognized key: "user_type"'],
  ];

  it.each(badBodies)(
    'refuses %s with its message and changes nothing',
    async (_label, body, path, message) => {
      const provider = await createVerifiedProvider(t);
      const token = provider.session.access_token;
      await t.put('/api/auth/profile', fullUpdate, { token });
      const before = await profileRow(provider.user.id);
      const userBefore = await findUserRow(t.db, provider.email);

      const res = await t.put('/api/auth/profile', { ...body, additional_details: 'changed?' }, { token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toContainEqual({ path, message });

      const after = await profileRow(provider.user.id);
      expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
      expect(await findUserRow(t.db, provider.email)).toEqual(userBefore);
    },
  );

  it('cannot reach another user: the token decides whose profile changes', async () => {
    const a = await createVerifiedProvider(t);
    const b = await createVerifiedProvider(t);
    const beforeB = await profileRow(b.user.id);
    const res = await t.put(
      '/api/auth/profile',
      { bio: 'mine', id: b.user.id },
      { token: a.session.access_token },
    );
    expect(res.status).toBe(400);
    const ok = await t.put('/api/auth/profile', { bio: 'mine' }, { token: a.session.access_token });
    expect(ok.status).toBe(200);
    expect((await profileRow(a.user.id)).bio).toBe('mine');
    expect((await profileRow(b.user.id)).bio).toBe(beforeB.bio);
  });
});

describe('POST /api/auth/upgrade-to-provider', () => {
  it('turns a client into a provider once; a second call changes nothing', async () => {
    const client = await createVerifiedUser(t);
    const token = client.session.access_token;
    const first = await t.post('/api/auth/upgrade-to-provider', undefined, { token });
    expect(first.status).toBe(200);
    await t.put('/api/auth/profile', { bio: 'Now a provider', location: 'Chicago, IL 60614' }, { token });
    const second = await t.post('/api/auth/upgrade-to-provider', undefined, { token });
    expect(second.status).toBe(200);
    const profile = await t.get('/api/auth/profile', { token });
    expect(profile.body.profile).toMatchObject({
      user_type: 'provider',
      bio: 'Now a provider',
      zip: '60614',
    });
    expect(await t.db.$count(providerProfiles, eq(providerProfiles.userId, client.user.id))).toBe(1);
  });
});

describe('GET /api/user/:slug', () => {
  it('answers the public profile without private fields', async () => {
    const provider = await createVerifiedProvider(t);
    await t.put('/api/auth/profile', fullUpdate, { token: provider.session.access_token });
    const slug = provider.user.routing_slug;
    const res = await t.get(`/api/user/${slug.toUpperCase()}`);
    expect(res.status).toBe(200);
    const p = res.body.profile;
    expect(p).toMatchObject({
      id: provider.user.id,
      routing_slug: slug,
      name: 'Maya Lopez Hair',
      user_type: 'provider',
      bio: fullUpdate.bio,
      booking_link: fullUpdate.booking_link,
      review_count: 0,
      rating: null,
    });
    expect(p.pricing).toHaveLength(4);
    expect(p).not.toHaveProperty('email');
    expect(p).not.toHaveProperty('zip');
    expect(JSON.stringify(p)).not.toContain(provider.email);
  });

  it("answers 404 'Profile not found' for unknown slugs, clients and unverified providers", async () => {
    const client = await createVerifiedUser(t);
    const unverified = await createUnverifiedUser(t, {
      userData: { user_type: 'provider', name: 'Pending Pro', location: 'Austin, TX 78701' },
    });
    const pending = await findUserRow(t.db, unverified.email);
    for (const slug of ['no-such-person', client.user.routing_slug, pending!.routingSlug]) {
      const res = await t.get(`/api/user/${slug}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'NOT_FOUND', message: 'Profile not found' });
    }
  });
});

describe('a profile after its owner is gone', () => {
  it('is not found', async () => {
    const provider = await createVerifiedProvider(t);
    await t.db.delete(users).where(eq(users.id, provider.user.id));
    const res = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(res.status).toBe(404);
  });
});
