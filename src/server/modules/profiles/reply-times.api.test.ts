import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { messageReplyTimes, messageThreads } from '#server/db/schema/index.ts';
import { buildTestApp, DAY, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import { createVerifiedUser, insertProvider, insertUser } from '#server/test/factories.ts';
import { profilePage } from './profiles.seo';
import { replyHoursOf } from './profiles.service';

/**
 * 'Usually replies within N hours' on a provider's public profile (GET /api/user/{slug} and the
 * server-rendered page's data): the median of the last 90 days' reply times, in hours rounded up,
 * only from at least 5 replies. Reply times are stored straight into their table (the threads'
 * own tests check that a provider's reply records one).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A listed provider with one reply of each length in `minutes`, the i-th `age(i)` ms old. */
async function providerWithReplies(minutes: number[], age: (i: number) => number = (i) => (i + 1) * HOUR) {
  const provider = await insertProvider(t.db);
  const now = t.clock.now().getTime();
  for (const [i, m] of minutes.entries()) {
    const client = await insertUser(t.db);
    const [thread] = await t.db
      .insert(messageThreads)
      .values({ clientId: client.id, providerId: provider.id, lastSenderSide: 'provider' })
      .returning({ id: messageThreads.id });
    await t.db.insert(messageReplyTimes).values({
      providerId: provider.id,
      threadId: thread!.id,
      repliedAt: new Date(now - age(i)),
      minutes: m,
    });
  }
  return provider;
}

const profileOf = async (slug: string) => {
  const res = await t.get(`/api/user/${slug}`);
  expect(res.status, res.text).toBe(200);
  return res.body.profile as { id: string; reply_hours: number | null };
};

describe('reply hours', () => {
  it(`is null with fewer than ${MESSAGE_LIMITS.replyTimeMinReplies} replies`, async () => {
    const p = await providerWithReplies([10, 20, 30, 40]);
    expect(await replyHoursOf(t.db, p.id, t.clock.now())).toBeNull();
    expect((await profileOf(p.routingSlug)).reply_hours).toBeNull();
  });

  it('is the median in hours, rounded up, from the fifth reply on', async () => {
    // Median 185 minutes: 3 h 5 min → 4 hours.
    const p = await providerWithReplies([30, 2000, 185, 60, 600]);
    expect(await replyHoursOf(t.db, p.id, t.clock.now())).toBe(4);
    const profile = await profileOf(p.routingSlug);
    expect(profile.reply_hours).toBe(4);
    expect(MESSAGE_TEXTS.usuallyReplies(profile.reply_hours!)).toBe('Usually replies within 4 hours');
    // The server-rendered page's data carries it too.
    const page = await profilePage(t.app.ctx, p.routingSlug);
    expect(page?.page).toMatchObject({ kind: 'profile', profile: { id: p.id, reply_hours: 4 } });
  });

  it('is at least an hour, and exactly 60 minutes is one hour', async () => {
    const fast = await providerWithReplies([0, 1, 2, 3, 4]);
    expect(await replyHoursOf(t.db, fast.id, t.clock.now())).toBe(1);
    const hour = await providerWithReplies([60, 60, 60, 60, 60]);
    expect(await replyHoursOf(t.db, hour.id, t.clock.now())).toBe(1);
    const justOver = await providerWithReplies([61, 61, 61, 61, 61]);
    expect(await replyHoursOf(t.db, justOver.id, t.clock.now())).toBe(2);
  });

  it('takes the middle two’s mean for an even count', async () => {
    // 120 and 250 in the middle: 185 minutes → 4 hours.
    const p = await providerWithReplies([10, 120, 250, 900, 1000, 5]);
    expect(await replyHoursOf(t.db, p.id, t.clock.now())).toBe(4);
  });

  it(`leaves out replies older than ${MESSAGE_LIMITS.replyWindowDays} days`, async () => {
    // Five fast replies long ago, four slow ones lately: too few inside the window.
    const oldFirst = (i: number) => (i < 5 ? (MESSAGE_LIMITS.replyWindowDays + 1) * DAY : (i + 1) * HOUR);
    const p = await providerWithReplies([1, 1, 1, 1, 1, 600, 600, 600, 600], oldFirst);
    expect(await replyHoursOf(t.db, p.id, t.clock.now())).toBeNull();
    expect((await profileOf(p.routingSlug)).reply_hours).toBeNull();

    // Five inside the window, the old fast ones still left out: 10 hours.
    const q = await providerWithReplies([1, 1, 1, 1, 1, 600, 600, 600, 600, 600], oldFirst);
    expect(await replyHoursOf(t.db, q.id, t.clock.now())).toBe(10);
    expect((await profileOf(q.routingSlug)).reply_hours).toBe(10);

    // Time passes: the recent ones age out too.
    t.clock.advance(MESSAGE_LIMITS.replyWindowDays * DAY);
    expect(await replyHoursOf(t.db, q.id, t.clock.now())).toBeNull();
  });

  it('counts only the provider’s own replies', async () => {
    const busy = await providerWithReplies([30, 30, 30, 30, 30]);
    const quiet = await insertProvider(t.db);
    expect(await replyHoursOf(t.db, busy.id, t.clock.now())).toBe(1);
    expect(await replyHoursOf(t.db, quiet.id, t.clock.now())).toBeNull();
  });

  it("is in the owner's preview of an unlisted profile too (null before any reply)", async () => {
    const owner = await createVerifiedUser(t, {
      userData: { user_type: 'provider', name: `Preview ${Date.now()}`, location: 'Austin, TX 78701' },
    });
    const res = await t.get(`/api/user/${owner.user.routing_slug}`, { token: owner.session.access_token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile).toMatchObject({ listed: false, reply_hours: null });
  });
});
