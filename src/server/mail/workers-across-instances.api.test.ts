import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, openingAlertDispatches, openingAlertSends } from '#server/db/schema/index.ts';
import { HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedProvider, createVerifiedUser, type VerifiedUser } from '#server/test/factories.ts';
import { type TwoProcesses, twoProcesses } from '#server/test/two-processes.ts';
import { claimDueMail, enqueueMail } from './outbox';

/**
 * With WEB_CONCURRENCY workers (or several machines) every process runs the mail
 * worker and the opening-alert dispatcher against one database. Two apps stand for two processes: on
 * PostgreSQL each has its own connection pool, as separate processes do (on PGlite they share the
 * one in-process engine). Every queued email goes out exactly once, and every due alert is turned
 * into exactly one email: the claims are row locks taken with SKIP LOCKED (the outbox pushes
 * next_attempt_at forward as a lease; a dispatch row is deleted by the transaction that handles it).
 */

let a: TestApp;
let b: TestApp;
let processes: TwoProcesses;

beforeAll(async () => {
  processes = await twoProcesses();
  ({ a, b } = processes);
});
afterAll(async () => {
  await processes?.close();
});

const MAIL_CONTEXT = () => a.app.ctx;
/** Every message either process sent, as 'to subject'. */
const sentByBoth = () =>
  [...a.smtp.messages, ...b.smtp.messages].map((m) => `${m.to.join(',')} ${m.subject}`);

async function queueNotices(count: number, tag: string): Promise<string[]> {
  const expected: string[] = [];
  await a.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const to = `${tag}-${i}@example.com`;
      const subject = `${tag} notice ${i}`;
      expect(
        await enqueueMail(MAIL_CONTEXT(), tx, { kind: 'form-notice', to, subject, text: subject, html: '' }),
      ).toBe('queued');
      expected.push(`${to} ${subject}`);
    }
  });
  return expected;
}

async function outboxOf(tag: string) {
  return a.db
    .select({ status: mailOutbox.status, attempts: mailOutbox.attempts, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(sql`${mailOutbox.subject} LIKE ${`${tag} notice %`}`);
}

describe('the mail worker in two processes', () => {
  it('overlapping claims from both pools never hand out the same row', async () => {
    // Workers stopped: only the claims below touch the rows.
    await Promise.all([a.app.mailWorker.stop(), b.app.mailWorker.stop()]);
    try {
      await queueNotices(100, 'claim');
      const now = new Date(Date.now() + HOUR);
      // Ten claims at once, five from each pool, ten rows each: they overlap in time.
      const batches = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claimDueMail((i % 2 ? b : a).db, now, 60_000, 10)),
      );
      const ids = batches.flat().map((row) => row.id);
      expect(ids).toHaveLength(100);
      expect(new Set(ids).size).toBe(100);
      // Claimed once each: one attempt counted, and leased (not due again at `now`).
      expect(await claimDueMail(a.db, now, 60_000, 10)).toEqual([]);
      const rows = await outboxOf('claim');
      expect(rows.every((r) => r.status === 'pending' && r.attempts === 1)).toBe(true);
      // Let the workers below send them for real; they are due again once the lease ends.
      await a.db
        .update(mailOutbox)
        .set({ status: 'cancelled' })
        .where(sql`${mailOutbox.subject} LIKE 'claim notice %'`);
    } finally {
      a.app.mailWorker.start();
      b.app.mailWorker.start();
    }
  });

  it('sends every queued email exactly once when both workers run', async () => {
    const expected = await queueNotices(100, 'once');
    a.app.mailWorker.kick();
    b.app.mailWorker.kick();
    await expect
      .poll(async () => (await outboxOf('once')).filter((r) => r.status === 'sent').length, {
        timeout: 20_000,
        interval: 50,
      })
      .toBe(100);

    const sent = sentByBoth().filter((line) => line.includes(' once notice '));
    expect(sent.sort()).toEqual(expected.sort());
    // Each row was claimed by one worker, once.
    expect((await outboxOf('once')).every((r) => r.attempts === 1)).toBe(true);
    // Both processes took part: the claims did split the work.
    expect(a.smtp.messages.some((m) => m.subject.startsWith('once notice'))).toBe(true);
    expect(b.smtp.messages.some((m) => m.subject.startsWith('once notice'))).toBe(true);
  });
});

describe('the opening-alert dispatcher in two processes', () => {
  const PATH = '/api/last-minute-openings';
  const at = (t: TestApp, ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

  async function favourite(t: TestApp, user: VerifiedUser, provider: VerifiedUser) {
    const res = await t.post(
      '/api/favorites',
      { providerId: provider.user.id },
      { token: user.session.access_token },
    );
    expect(res.status, res.text).toBe(200);
  }

  it('turns every due alert into one email per follower', async () => {
    const providers: VerifiedUser[] = [];
    const followers: VerifiedUser[] = [];
    // The factories read the verification emails from the sink of the app they sign up through:
    // only a's worker sends while the accounts are made.
    await b.app.mailWorker.stop();
    for (let i = 0; i < 6; i++) {
      providers.push(
        await createVerifiedProvider(a, { name: `Twin Studio ${i}`, location: 'Austin, TX 78701' }),
      );
    }
    for (let i = 0; i < 3; i++) {
      followers.push(
        await createVerifiedUser(a, { userData: { user_type: 'client', name: `Twin Fan ${i}` } }),
      );
    }
    // Every follower saves every provider: 18 alerts, one per (follower, provider).
    for (const [i, follower] of followers.entries()) {
      for (const provider of providers) await favourite(i % 2 ? b : a, follower, provider);
    }
    for (const [i, provider] of providers.entries()) {
      const t = i % 2 ? b : a;
      const res = await t.post(
        PATH,
        { service_type: 'Silk press', start_time: at(t, 3 * HOUR), end_time: at(t, 4 * HOUR) },
        { token: provider.session.access_token },
      );
      expect(res.status, res.text).toBe(200);
    }
    expect(await a.db.select().from(openingAlertDispatches)).toHaveLength(6);
    b.app.mailWorker.start();

    // Past the grouping delay on both processes' clocks: every dispatch is due for both.
    a.clock.advance(a.config.alertGroupingMs + 1000);
    b.clock.advance(b.config.alertGroupingMs + 1000);
    // Besides their 50 ms polls, both dispatchers run a pass at the same moment.
    await Promise.all([a.app.openingAlerts.runOnce(), b.app.openingAlerts.runOnce()]);
    await expect
      .poll(async () => (await a.db.select().from(openingAlertDispatches)).length, { timeout: 10_000 })
      .toBe(0);

    const alertRows = () =>
      a.db
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'opening-alert'));
    await expect
      .poll(async () => (await alertRows()).filter((r) => r.status === 'sent').length, { timeout: 20_000 })
      .toBe(18);
    expect(await alertRows()).toHaveLength(18);

    const expected = followers.flatMap((f) =>
      providers.map((_provider, i) => `${f.email.toLowerCase()} Twin Studio ${i}: new opening`),
    );
    const sent = sentByBoth()
      .filter((line) => line.includes(' Twin Studio '))
      .map((line) => line.replace(/: new opening.*$/, ': new opening'));
    expect(sent.sort()).toEqual(expected.sort());
    // One 'last alert' row per follower and provider.
    const sends = await a.db.select().from(openingAlertSends);
    const pairs = sends
      .filter((s) => followers.some((f) => f.user.id === s.userId))
      .map((s) => `${s.userId}:${s.providerId}`);
    expect(pairs).toHaveLength(18);
    expect(new Set(pairs).size).toBe(18);
  });
});
