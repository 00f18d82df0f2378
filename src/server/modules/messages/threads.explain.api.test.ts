import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '#server/context.ts';
import { rowsOf } from '#server/db/client.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { plansOf as plansOfTest } from '#server/test/explain-plans.ts';
import { countUnread, getThread, listThreads } from './threads.service';

/**
 * The plans of the inbox's reads on tables big enough for the planner to care: 2,000 people,
 * 20,000 threads and 100,000 messages. The inbox walks each side's thread index
 * (message_threads_client_idx, message_threads_provider_idx, the partial awaiting index for
 * 'unanswered'), a thread's messages messages_thread_created_idx; nothing reads message_threads or
 * messages from end to end, and each read is one statement.
 */

const PEOPLE = 2_000;
const THREADS = 20_000;
const PER_THREAD = 5;
const READER = '00000000-0000-4000-8000-000000000001';
let t: TestApp;
let threadId = '';

const person = (n: string) =>
  sql.raw(`('00000000-0000-4000-8000-' || lpad(((${n}) + 1)::text, 12, '0'))::uuid`);

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.messageNotifier.stop();
  await t.db.execute(sql`
    INSERT INTO users (id, email, password_hash, name, user_type, routing_slug, email_verified_at)
    SELECT ${person('i')}, 'm' || i || '@explain.test', 'x', 'Person ' || i, 'client', 'explain-m-' || i, now()
    FROM generate_series(0, ${PEOPLE - 1}) AS i`);
  // Thread j: client j % PEOPLE, provider a step of 1 + j / PEOPLE further on (every pair once).
  await t.db.execute(sql`
    INSERT INTO message_threads (client_id, provider_id, created_at, last_message_at, last_sender_side,
      awaiting_reply_since, client_read_at, provider_read_at)
    SELECT ${person(`j % ${PEOPLE}`)}, ${person(`(j % ${PEOPLE} + 1 + j / ${PEOPLE}) % ${PEOPLE}`)},
      now() - j * INTERVAL '1 minute', now() - j * INTERVAL '1 minute', 'client',
      CASE WHEN j % 3 = 0 THEN now() - j * INTERVAL '1 minute' END,
      now() - j * INTERVAL '1 minute' - INTERVAL '2 minutes', now() - j * INTERVAL '1 minute' - INTERVAL '3 minutes'
    FROM generate_series(0, ${THREADS - 1}) AS j`);
  await t.db.execute(sql`
    INSERT INTO messages (thread_id, sender_side, body, created_at)
    SELECT t.id, CASE WHEN k % 2 = 0 THEN 'client' ELSE 'provider' END, 'Message ' || k,
      t.last_message_at - k * INTERVAL '1 minute'
    FROM message_threads t CROSS JOIN generate_series(0, ${PER_THREAD - 1}) AS k`);
  for (const table of ['users', 'message_threads', 'messages'])
    await t.db.execute(sql.raw(`ANALYZE ${table}`));
  const [row] = rowsOf<{ id: string }>(
    await t.db.execute(sql`SELECT id FROM message_threads WHERE client_id = ${READER} LIMIT 1`),
  );
  threadId = row!.id;
}, 180_000);
afterAll(() => t?.close());

const plansOf = (run: (ctx: AppContext) => Promise<unknown>) => plansOfTest(t, run);
const SEQ_SCAN = /Seq Scan on (message_threads|messages|users)\b/;

it.each([
  ['all', /message_threads_client_idx[\s\S]*message_threads_provider_idx/],
  ['unanswered', /message_threads_awaiting_idx/],
] as const)("lists the inbox ('%s') in one statement on the side indexes", async (filter, index) => {
  const plans = await plansOf((ctx) => listThreads(ctx, READER, { filter }));
  expect(plans).toHaveLength(1);
  expect(plans[0]).toMatch(index);
  expect(plans[0]).toMatch(/messages_thread_created_idx/);
  expect(plans[0]).not.toMatch(SEQ_SCAN);
});

it('counts the unread total on the side indexes and each thread’s messages', async () => {
  const plans = await plansOf((ctx) => countUnread(ctx, READER));
  expect(plans).toHaveLength(1);
  expect(plans[0]).toMatch(/messages_thread_created_idx/);
  expect(plans[0]).not.toMatch(SEQ_SCAN);
});

it('reads one thread and its page of messages by key, never the whole table', async () => {
  const plans = await plansOf((ctx) => getThread(ctx, READER, threadId, undefined));
  expect(plans).toHaveLength(2);
  for (const plan of plans) expect(plan).not.toMatch(SEQ_SCAN);
  expect(plans[1]).toMatch(/messages_thread_created_idx/);
});
