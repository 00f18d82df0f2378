/**
 * Run as a child process by db/client.unit.test.ts: a PGlite whose extensions are loaded in the
 * wrong order spins forever on a trigram query with the event loop blocked, so only a parent
 * process can time it out. Prints 'booted' once the database is up (booting is slow on a busy
 * machine; the queries are not), then one JSON line with what the queries returned.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';

type Rows<T> = { rows: T[] };

const database = await openDatabase({});
await database.migrate();
const { db } = database;
process.stdout.write('booted\n');

const similarity = (await db.execute(
  sql`select similarity('balayage', 'balayge') as score`,
)) as unknown as Rows<{
  score: number;
}>;
const operator = (await db.execute(
  sql`select w from (values ('balayage'), ('highlights'), ('blowout')) as t(w) where w % 'balayge' order by w`,
)) as unknown as Rows<{ w: string }>;

await db.execute(sql`create temporary table words (w text not null)`);
await db.execute(sql`create index words_trgm on words using gin (w gin_trgm_ops)`);
await db.execute(sql`insert into words values ('balayage'), ('root retouch'), ('deep tissue')`);
await db.execute(sql`set enable_seqscan = off`);
const indexed = (await db.execute(sql`select w from words where w % 'balayge'`)) as unknown as Rows<{
  w: string;
}>;
// The query after a trigram query is the one that hung in the bad extension order.
const after = (await db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
const distance = (await db.execute(
  sql`select round((earth_distance(ll_to_earth(30.27, -97.74), ll_to_earth(29.76, -95.37)) / 1000)::numeric) as km`,
)) as unknown as Rows<{ km: string }>;

await database.close();
process.stdout.write(
  `${JSON.stringify({
    similarity: Number(similarity.rows[0]?.score),
    operator: operator.rows.map((r) => r.w),
    indexed: indexed.rows.map((r) => r.w),
    after: after.rows[0]?.one,
    km: Number(distance.rows[0]?.km),
  })}\n`,
);
