import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerProfiles } from '#server/db/schema/index.ts';
import { buildTestApp, HOUR, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  findUserRow,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * A provider's booking policies (deposit, cancellation notice, policy text): saved with PUT
 * /api/auth/profile through PoliciesSchema, answered in one shape by the account profile, the
 * public profile and every opening (read in the openings' own statements).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NONE = { deposit: null, cancellation_notice_hours: null, text: '' };

async function policyColumns(userId: string) {
  const [row] = await t.db
    .select({
      depositType: providerProfiles.depositType,
      depositValue: providerProfiles.depositValue,
      cancellationNoticeHours: providerProfiles.cancellationNoticeHours,
      policyText: providerProfiles.policyText,
    })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, userId));
  return row;
}

const savePolicies = (provider: VerifiedUser, policies: unknown) =>
  t.put('/api/auth/profile', { policies }, { token: provider.session.access_token });

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

describe('PUT /api/auth/profile policies', () => {
  it('starts with none stated, in the account and public profiles', async () => {
    const provider = await createVerifiedProvider(t);
    const account = await t.get('/api/auth/profile', { token: provider.session.access_token });
    expect(account.status, account.text).toBe(200);
    expect(account.body.profile.policies).toEqual(NONE);
    const page = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.profile.policies).toEqual(NONE);
  });

  it('stores an amount, the notice and the text, and answers them in the account and public profiles', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await savePolicies(provider, {
      deposit: { type: 'amount', value: 20.004 },
      cancellation_notice_hours: 24,
      text: '  No-shows lose the deposit.  ',
    });
    expect(res.status, res.text).toBe(200);
    const policies = {
      deposit: { type: 'amount', value: 20 },
      cancellation_notice_hours: 24,
      text: 'No-shows lose the deposit.',
    };
    expect(res.body.profile.policies).toEqual(policies);
    expect(await policyColumns(provider.user.id)).toEqual({
      depositType: 'amount',
      depositValue: 20,
      cancellationNoticeHours: 24,
      policyText: 'No-shows lose the deposit.',
    });
    const page = await t.get(`/api/user/${provider.user.routing_slug}`);
    expect(page.body.profile.policies).toEqual(policies);
  });

  it('stores a percentage and 0 hours (cancel any time), and clears them again', async () => {
    const provider = await createVerifiedProvider(t);
    const res = await savePolicies(provider, {
      deposit: { type: 'percent', value: 12.5 },
      cancellation_notice_hours: 0,
      text: '',
    });
    expect(res.status, res.text).toBe(200);
    expect(await policyColumns(provider.user.id)).toEqual({
      depositType: 'percent',
      depositValue: 12.5,
      cancellationNoticeHours: 0,
      policyText: '',
    });
    const max = await savePolicies(provider, {
      deposit: { type: 'amount', value: 100_000 },
      cancellation_notice_hours: 720,
      text: 'x'.repeat(500),
    });
    expect(max.status, max.text).toBe(200);
    expect((await policyColumns(provider.user.id))?.cancellationNoticeHours).toBe(720);

    const cleared = await savePolicies(provider, NONE);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.profile.policies).toEqual(NONE);
    expect(await policyColumns(provider.user.id)).toEqual({
      depositType: null,
      depositValue: null,
      cancellationNoticeHours: null,
      policyText: '',
    });
  });

  it('leaves the policies as they are when a save does not send them', async () => {
    const provider = await createVerifiedProvider(t);
    const stated = { deposit: { type: 'percent', value: 20 }, cancellation_notice_hours: 48, text: 'Hi' };
    expect((await savePolicies(provider, stated)).status).toBe(200);
    const res = await t.put(
      '/api/auth/profile',
      { bio: 'New bio' },
      { token: provider.session.access_token },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile.policies).toEqual(stated);
  });

  const amount = 'Deposit amount must be more than $0 and at most $100,000';
  const percent = 'Deposit percentage must be between 1 and 100';
  const hours = 'Cancellation notice must be whole hours from 0 to 720';
  const badPolicies: [string, Record<string, unknown>, string, string][] = [
    ['a percentage of 0', { deposit: { type: 'percent', value: 0 } }, 'policies.deposit.value', percent],
    ['a percentage of 0.5', { deposit: { type: 'percent', value: 0.5 } }, 'policies.deposit.value', percent],
    [
      'a percentage over 100',
      { deposit: { type: 'percent', value: 150 } },
      'policies.deposit.value',
      percent,
    ],
    ['an amount of 0', { deposit: { type: 'amount', value: 0 } }, 'policies.deposit.value', amount],
    ['a negative amount', { deposit: { type: 'amount', value: -5 } }, 'policies.deposit.value', amount],
    [
      'an amount that rounds to 0',
      { deposit: { type: 'amount', value: 0.004 } },
      'policies.deposit.value',
      amount,
    ],
    [
      'an amount over the price maximum',
      { deposit: { type: 'amount', value: 100_000.01 } },
      'policies.deposit.value',
      amount,
    ],
    ['an amount as text', { deposit: { type: 'amount', value: '20' } }, 'policies.deposit.value', amount],
    [
      'an unknown deposit type',
      { deposit: { type: 'cash', value: 20 } },
      'policies.deposit.type',
      'Choose no deposit, an amount or a percentage',
    ],
    ['negative hours', { cancellation_notice_hours: -1 }, 'policies.cancellation_notice_hours', hours],
    ['more than 720 hours', { cancellation_notice_hours: 721 }, 'policies.cancellation_notice_hours', hours],
    ['part of an hour', { cancellation_notice_hours: 1.5 }, 'policies.cancellation_notice_hours', hours],
    ['hours as text', { cancellation_notice_hours: '24' }, 'policies.cancellation_notice_hours', hours],
    ['missing hours', { cancellation_notice_hours: undefined }, 'policies.cancellation_notice_hours', hours],
    [
      'a text over 500 characters',
      { text: 'x'.repeat(501) },
      'policies.text',
      'Policy text must be at most 500 characters',
    ],
    ['an unknown key', { refund: 'never' }, 'policies', 'Unrecognized key: "refund"'],
  ];

  it.each(badPolicies)(
    'refuses %s with its message and changes nothing',
    async (_label, change, path, message) => {
      const provider = await createVerifiedProvider(t);
      const stated = {
        deposit: { type: 'amount', value: 15 },
        cancellation_notice_hours: 12,
        text: 'Be on time',
      };
      expect((await savePolicies(provider, stated)).status).toBe(200);
      const before = await policyColumns(provider.user.id);
      const userBefore = await findUserRow(t.db, provider.email);

      const res = await t.put(
        '/api/auth/profile',
        { policies: { ...stated, ...change }, bio: 'changed?' },
        { token: provider.session.access_token },
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toContainEqual({ path, message });

      expect(await policyColumns(provider.user.id)).toEqual(before);
      expect(await findUserRow(t.db, provider.email)).toEqual(userBefore);
      const account = await t.get('/api/auth/profile', { token: provider.session.access_token });
      expect(account.body.profile.policies).toEqual(stated);
      expect(account.body.profile.bio).not.toBe('changed?');
    },
  );

  it('refuses policies from a client (403) and stores nothing', async () => {
    const client = await createVerifiedUser(t);
    const res = await t.put(
      '/api/auth/profile',
      { policies: { deposit: null, cancellation_notice_hours: 24, text: '' } },
      { token: client.session.access_token },
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('FORBIDDEN');
    expect(await t.db.$count(providerProfiles, eq(providerProfiles.userId, client.user.id))).toBe(0);
  });

  it('refuses a save without a session (401)', async () => {
    const res = await t.put('/api/auth/profile', { policies: NONE });
    expect(res.status).toBe(401);
  });
});

describe('openings carry their provider’s policies', () => {
  it('in the public list, the owner’s list, the post’s reply and the profile, read with the page', async () => {
    const stated = await createVerifiedProvider(t, { booking_link: 'https://book.example.com/stated' });
    const silent = await createVerifiedProvider(t);
    const policies = {
      deposit: { type: 'percent', value: 25 },
      cancellation_notice_hours: 1,
      text: 'Deposits are not refunded after the notice.',
    };
    expect((await savePolicies(stated, policies)).status).toBe(200);

    const post = (provider: VerifiedUser, hours: number) =>
      t.post(
        '/api/last-minute-openings',
        { service_type: 'Gel manicure', start_time: at(hours * HOUR), end_time: at((hours + 1) * HOUR) },
        { token: provider.session.access_token },
      );
    const mine = await post(stated, 2);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.opening.policies).toEqual(policies);
    const theirs = await post(silent, 3);
    expect(theirs.status, theirs.text).toBe(200);

    const list = await t.get('/api/last-minute-openings?limit=100');
    expect(list.status, list.text).toBe(200);
    const byId = new Map<string, { policies: unknown }>(
      list.body.openings.map((o: { id: string; policies: unknown }) => [o.id, o]),
    );
    expect(byId.get(mine.body.opening.id)?.policies).toEqual(policies);
    expect(byId.get(theirs.body.opening.id)?.policies).toEqual(NONE);

    const own = await t.get(`/api/last-minute-openings?provider_id=${stated.user.id}`, {
      token: stated.session.access_token,
    });
    expect(own.status, own.text).toBe(200);
    expect(own.body.openings.map((o: { policies: unknown }) => o.policies)).toEqual([policies]);

    const page = await t.get(`/api/user/${stated.user.routing_slug}`);
    expect(page.body.profile.upcoming_openings.map((o: { policies: unknown }) => o.policies)).toEqual([
      policies,
    ]);

    // A change of policies shows on the openings at once.
    expect((await savePolicies(stated, NONE)).status).toBe(200);
    const again = await t.get('/api/last-minute-openings?limit=100');
    const changed = again.body.openings.find((o: { id: string }) => o.id === mine.body.opening.id);
    expect(changed.policies).toEqual(NONE);
  });
});
