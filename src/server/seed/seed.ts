import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { slugify } from '../../domain/slug';
import { extractZip } from '../../domain/zip';
import type { Db } from '../db/client';
import { providerProfiles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { DEMO_ADMIN, DEMO_CLIENT, DEMO_PROVIDERS } from './demo-catalogue';

export interface SeededAccount {
  email: string;
  password: string;
  role: string;
}

/** Fills an empty database with demo accounts; returns them (with fresh passwords) or [] if not empty. */
export async function seedDemo(db: Db): Promise<SeededAccount[]> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [
    { count: number },
  ];
  if (count > 0) return [];
  const now = new Date();
  const accounts: SeededAccount[] = [];
  const password = () => `demo-${randomBytes(6).toString('base64url')}`;

  await db.transaction(async (tx) => {
    for (const [person, role, kind] of [
      [DEMO_CLIENT, 'user', 'client'],
      [DEMO_ADMIN, 'admin', 'admin'],
    ] as const) {
      const pw = password();
      await tx.insert(users).values({
        email: person.email,
        passwordHash: await hashPassword(pw),
        name: person.name,
        role,
        routingSlug: slugify(person.name),
        emailVerifiedAt: now,
      });
      accounts.push({ email: person.email, password: pw, role: kind });
    }
    for (const p of DEMO_PROVIDERS) {
      const pw = password();
      const [user] = await tx
        .insert(users)
        .values({
          email: p.email,
          passwordHash: await hashPassword(pw),
          name: p.name,
          userType: 'provider',
          routingSlug: slugify(p.name),
          emailVerifiedAt: now,
        })
        .returning();
      await tx.insert(providerProfiles).values({
        userId: user!.id,
        bio: p.bio,
        location: p.location,
        zip: extractZip(p.location),
        bookingLink: p.bookingLink,
        availability: p.availability,
        categories: p.categories,
        specialties: p.specialties,
        amenities: p.amenities,
        certifications: ['Licensed Professional'],
        pricing: p.pricing,
      });
      accounts.push({ email: p.email, password: pw, role: 'provider' });
    }
  });
  return accounts;
}
