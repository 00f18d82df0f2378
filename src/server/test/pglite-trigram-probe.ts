/**
 * Run as a child process by db/client.unit.test.ts. pg_trgm's `%` operator hangs PGlite (with cube
 * loaded too) at 100% CPU in about every other process, with the event loop blocked, so only a
 * parent process can time it out. This runs what the app runs instead: the typo lookup of
 * search.queries.ts (show_trgm, similarity and search_term_trigrams), then the next query and
 * earthdistance. Prints 'booted' once the database is up (booting is slow on a busy machine; the
 * queries are not), then one JSON line with what the queries returned.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { analyzeWords } from '../modules/search/search.queries';

type Rows<T> = { rows: T[] };

const database = await openDatabase({});
await database.migrate();
const { db } = database;
process.stdout.write('booted\n');

const similarity = (await db.execute(
  sql`SELECT similarity('balayage', 'balayge') AS score`,
)) as unknown as Rows<{ score: number }>;
// The category words are in the vocabulary from the migration on.
const [typo] = await analyzeWords(db, ['balayge']);
// The query after a trigram lookup is the one that hung.
const after = (await db.execute(sql`SELECT 1 AS one`)) as unknown as Rows<{ one: number }>;
const distance = (await db.execute(
  sql`SELECT round((earth_distance(ll_to_earth(30.27, -97.74), ll_to_earth(29.76, -95.37)) / 1000)::numeric) AS km`,
)) as unknown as Rows<{ km: string }>;

await database.close();
process.stdout.write(
  `${JSON.stringify({
    similarity: Number(similarity.rows[0]?.score),
    suggestions: typo?.suggestions ?? [],
    after: after.rows[0]?.one,
    km: Number(distance.rows[0]?.km),
  })}\n`,
);
