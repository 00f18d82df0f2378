// The rows `npm run loadtest` adds to the bench catalogue: client accounts that can sign in (one
// known password), openings in the next days, and reviews, so every request kind finds real data.
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { createRng } from '#server/seed/art.ts';
import type { SeededProvider } from '../bench/seed';

export const CLIENT_PASSWORD = 'Loadtest-Glow-2026!';

export interface SeededClient {
  id: string;
  email: string;
}

export interface ExtraRows {
  clients: SeededClient[];
  /** Providers with at least one review (their reviews list is not empty). */
  reviewed: string[];
  openings: number;
  reviews: number;
}

const BATCH = 2000;

async function insertJson(db: Db, rows: object[], insert: (json: string) => ReturnType<typeof sql>) {
  for (let from = 0; from < rows.length; from += BATCH)
    await db.execute(insert(JSON.stringify(rows.slice(from, from + BATCH))));
}

const REVIEW_TEXTS = [
  'Loved the result, will book again.',
  'On time, friendly and careful. Exactly what I asked for.',
  'Great experience from start to finish.',
  'Good work but the appointment ran late.',
  'Clean space and a very thorough consultation.',
  'Not quite what I wanted, but they fixed it the next week.',
  '',
];

/** Clients (1 per 200 providers, at least 50), openings for 1% and reviews for 5% of active providers. */
export async function seedExtraRows(
  db: Db,
  providers: SeededProvider[],
  seed: string,
  clientCount: number,
): Promise<ExtraRows> {
  const rng = createRng(`${seed}:loadtest-rows`);
  const active = providers.filter((p) => p.verified);
  // One hash for every client: argon2 salts it, and any of them verifies the same password.
  const passwordHash = await hashPassword(CLIENT_PASSWORD);
  const clientRows = Array.from({ length: clientCount }, (_, i) => ({
    email: `client-${i}@loadtest.glowfind.example`,
    name: `Load Client ${i}`,
    slug: `loadtest-client-${i}`,
  }));
  await insertJson(
    db,
    clientRows,
    (json) => sql`
      INSERT INTO users (email, password_hash, name, user_type, routing_slug, email_verified_at)
      SELECT x.email, ${passwordHash}, x.name, 'client', x.slug, now()
      FROM jsonb_to_recordset(${json}::jsonb) AS x(email text, name text, slug text)`,
  );
  const clients = (
    (await db.execute(
      sql`SELECT id, email FROM users WHERE email LIKE '%@loadtest.glowfind.example' ORDER BY email`,
    )) as unknown as { rows: SeededClient[] }
  ).rows;

  // Openings: 1–3 each for 1% of active providers, starting 1 to 110 hours from now.
  const now = Date.now();
  const hour = 3_600_000;
  const openingRows = rng
    .shuffle(active)
    .slice(0, Math.max(30, Math.round(active.length * 0.01)))
    .flatMap((p) =>
      Array.from({ length: rng.int(1, 3) }, () => {
        const start = Math.floor(now / hour + rng.int(1, 110)) * hour;
        return {
          providerId: p.id,
          service: p.service.slice(0, 100),
          price: `$${rng.int(5, 40) * 5}`,
          start: new Date(start).toISOString(),
          end: new Date(start + rng.int(1, 2) * hour).toISOString(),
        };
      }),
    );
  await insertJson(
    db,
    openingRows,
    (json) => sql`
      INSERT INTO openings (provider_id, service_type, price, start_time, end_time)
      SELECT x."providerId", x.service, x.price, x.start, x."end"
      FROM jsonb_to_recordset(${json}::jsonb)
        AS x("providerId" uuid, service text, price text, start timestamptz, "end" timestamptz)`,
  );

  // Reviews: 1–8 from different clients for 5% of active providers; the rating trigger stays on
  // and keeps provider_ratings right.
  const reviewed = rng.shuffle(active).slice(0, Math.max(30, Math.round(active.length * 0.05)));
  const reviewRows = reviewed.flatMap((p) =>
    rng
      .shuffle(clients)
      .slice(0, rng.int(1, Math.min(8, clients.length)))
      .map((c) => {
        const roll = rng.next();
        return {
          providerId: p.id,
          clientId: c.id,
          rating: roll < 0.55 ? 5 : roll < 0.8 ? 4 : roll < 0.9 ? 3 : roll < 0.95 ? 2 : 1,
          text: rng.pick(REVIEW_TEXTS),
          service: p.service.slice(0, 100),
          at: new Date(now - rng.int(1, 180 * 24) * hour).toISOString(),
        };
      }),
  );
  await insertJson(
    db,
    reviewRows,
    (json) => sql`
      INSERT INTO reviews (provider_id, client_id, rating, text, service, created_at, updated_at)
      SELECT x."providerId", x."clientId", x.rating, x.text, x.service, x.at, x.at
      FROM jsonb_to_recordset(${json}::jsonb)
        AS x("providerId" uuid, "clientId" uuid, rating int, text text, service text, at timestamptz)`,
  );
  return {
    clients,
    reviewed: reviewed.map((p) => p.id),
    openings: openingRows.length,
    reviews: reviewRows.length,
  };
}
