import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '#server/db/client.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { insertProvider, insertUser } from '#server/test/factories.ts';

/**
 * provider_cards (migration 0035) holds each listed provider's card as search_provider_cards makes
 * it from the user, the profile and the rating, whatever writes them: after every kind of write a
 * card depends on, the table is the view's rows for the providers that have a search document, no
 * more and no less.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** Cards that differ from what the view makes now, either way (0 when the table is right). */
async function staleCards(): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`
      WITH kept AS (SELECT * FROM provider_cards),
        made AS (SELECT c.* FROM search_provider_cards c JOIN provider_search USING (provider_id))
      SELECT ((SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM made) a)
        + (SELECT count(*) FROM (SELECT * FROM made EXCEPT SELECT * FROM kept) b))::int AS n`),
  );
  return row!.n;
}

const cardOf = async (id: string) =>
  rowsOf<{ name: string; rating: string | null; review_count: number; duration_min: (number | null)[] }>(
    await t.db.execute(sql`SELECT * FROM provider_cards WHERE provider_id = ${id}`),
  )[0];

it('follows every write a card depends on', async () => {
  const maya = await insertProvider(t.db, { name: 'Maya Cards' });
  const jordan = await insertProvider(t.db, { name: 'Jordan Cards' });
  const client = await insertUser(t.db, { userType: 'client' });
  expect(await cardOf(maya.id)).toMatchObject({ name: 'Maya Cards', rating: null, review_count: 0 });
  expect(await staleCards()).toBe(0);

  const writes: [string, ReturnType<typeof sql>][] = [
    ['a new name', sql`UPDATE users SET name = 'Maya Renamed' WHERE id = ${maya.id}`],
    ['a new address', sql`UPDATE users SET routing_slug = 'maya-renamed-cards' WHERE id = ${maya.id}`],
    ['a photo', sql`UPDATE users SET avatar_url = '/uploads/a.webp' WHERE id = ${maya.id}`],
    [
      'packages with durations',
      sql`UPDATE provider_profiles SET pricing = '[
        {"service": "Gloss", "description": "Shine", "price": "$45", "priceType": "fixed", "minPrice": 45, "maxPrice": null, "durationMin": 30},
        {"service": "Balayage", "description": "Hand-painted", "price": "$180 - $260", "priceType": "range", "minPrice": 180, "maxPrice": 260, "durationMin": 150, "durationMax": 180}
      ]'::jsonb WHERE user_id = ${maya.id}`,
    ],
    [
      'specialties and portfolio',
      sql`UPDATE provider_profiles SET specialties = ARRAY['Curls', 'Color', 'Cuts', 'Braids'],
        portfolio_images = ARRAY['/uploads/1.webp', '/uploads/2.webp', '/uploads/3.webp'] WHERE user_id = ${maya.id}`,
    ],
    [
      'a place',
      sql`UPDATE provider_profiles SET latitude = 30.2672, longitude = -97.7431 WHERE user_id = ${maya.id}`,
    ],
    [
      'a review',
      sql`INSERT INTO reviews (provider_id, client_id, rating, text) VALUES (${maya.id}, ${client.id}, 4, 'Good')`,
    ],
    ['a changed review', sql`UPDATE reviews SET rating = 5 WHERE provider_id = ${maya.id}`],
    ['a hidden review', sql`UPDATE reviews SET hidden_at = now() WHERE provider_id = ${maya.id}`],
    ['a shown review', sql`UPDATE reviews SET hidden_at = NULL WHERE provider_id = ${maya.id}`],
    ['delisted', sql`UPDATE users SET listed = false WHERE id = ${jordan.id}`],
    ['listed again', sql`UPDATE users SET listed = true WHERE id = ${jordan.id}`],
    [
      'an incomplete profile',
      sql`UPDATE provider_profiles SET pricing = '[]'::jsonb WHERE user_id = ${jordan.id}`,
    ],
    ['a deleted review', sql`DELETE FROM reviews WHERE provider_id = ${maya.id}`],
    ['the search documents rebuilt', sql`SELECT search_rebuild_all()`],
    ['a deleted account', sql`DELETE FROM users WHERE id = ${maya.id}`],
  ];
  for (const [write, statement] of writes) {
    await t.db.execute(statement);
    expect(await staleCards(), write).toBe(0);
    if (write === 'packages with durations') expect((await cardOf(maya.id))?.duration_min).toEqual([30, 150]);
    if (write === 'a changed review')
      expect(await cardOf(maya.id)).toMatchObject({ rating: '5.0', review_count: 1 });
    if (write === 'a hidden review')
      expect(await cardOf(maya.id)).toMatchObject({ rating: null, review_count: 0 });
    if (write === 'delisted' || write === 'an incomplete profile')
      expect(await cardOf(jordan.id)).toBeUndefined();
    if (write === 'listed again') expect(await cardOf(jordan.id)).toMatchObject({ name: 'Jordan Cards' });
  }
  expect(await cardOf(maya.id)).toBeUndefined();
});
