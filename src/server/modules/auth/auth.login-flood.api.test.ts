import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAddresses, refreshTokens } from '#server/db/schema/index.ts';
import { setPasswordHashingPriority } from '#server/lib/passwords.ts';
import { PGLITE_GATE, retryAfterSeconds } from '#server/plugins/admission-gate.ts';
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts';
import { buildTestApp, type TestApp, testDbKind } from '#server/test/build-test-app.ts';
import { countUsers, createVerifiedUser, uniqueEmail, type VerifiedUser } from '#server/test/factories.ts';
import { insertFixture } from '#server/test/search-fixture.ts';

/**
 * A login flood must not take the database's places from everyone else. On PGlite a flood of
 * unknown-email logins (each burns a password verification, tens of milliseconds on a hashing
 * thread) used to hold the admission gate's few places while waiting for argon2: searches that
 * take ~10 ms waited 2 s and many got 503. The routes that hash a password now wait in a line of
 * their own (PGLITE_PASSWORD_GATE): a flood of logins waits behind itself, and past that line's
 * bounds gets a quick 503 with Retry-After.
 *
 * The replay: 12 addresses, each sending as many logins as its per-address limit lets through (30
 * in 15 minutes), each address keeping 10 in flight, with the production gates' limits; meanwhile a
 * visitor searches every 20 ms (each a different question, so none is answered from the cache).
 * The hashing threads run at the server's priority (nice 19). The PostgreSQL run has no gate and
 * holds the same bounds.
 */

const ATTACK_ADDRESSES = 12;
const LOGINS_PER_ADDRESS = RATE_LIMITS.login.max;
const IN_FLIGHT_PER_ADDRESS = 10;
const SEARCH_EVERY_MS = 20;
/** How long the searches run without the flood, to measure what they take on this host now. */
const CALM_MS = 2000;
/** Visitors searching while the flood runs: each stays well within the per-address search limit. */
const SEARCHERS = 20;
const OWNER_IP = '198.51.100.250';

const attackerIp = (i: number) => `203.0.113.${i + 1}`;

interface Timed {
  status: number;
  ms: number;
}

let asked = 0;
/** Each search a different question with the same answer (the radius means nothing without a zip). */
async function timedSearch(t: TestApp): Promise<Timed> {
  asked += 1;
  const started = performance.now();
  const res = await t.post(
    '/api/search',
    { query: 'balayage', radiusMiles: 5 + asked / 1000 },
    { ip: `198.51.100.${(asked % SEARCHERS) + 1}` },
  );
  return { status: res.status, ms: performance.now() - started };
}

/** Searches every SEARCH_EVERY_MS while `going()`; each answer and how long it took. */
async function searchWhile(t: TestApp, going: () => boolean): Promise<Timed[]> {
  const searches: Promise<Timed>[] = [];
  while (going()) {
    searches.push(timedSearch(t));
    await new Promise((resolve) => setTimeout(resolve, SEARCH_EVERY_MS));
  }
  return Promise.all(searches);
}

function summary(answers: Timed[]) {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!);
  return {
    searches: answers.length,
    refused: answers.filter((a) => a.status !== 200).length,
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
  };
}

let t: TestApp;
let owner: VerifiedUser;

beforeAll(async () => {
  // As the server does (main.ts, ADR 021): the hashes take only the CPU that requests leave idle.
  // At the tests' normal priority the two hashing threads take both cores of a 2-core host, and a
  // search's p95 during the flood was 783 ms on PostgreSQL, which has no gate at all.
  await setPasswordHashingPriority('lowest');
  t = await buildTestApp({ rateLimit: true, pgliteGate: PGLITE_GATE, passwordHashCost: 'standard' });
  await insertFixture(t);
  owner = await createVerifiedUser(t);
  expect((await timedSearch(t)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  // The next test files in this worker hash at the tests' normal priority again.
  await setPasswordHashingPriority('normal');
});

describe(`a flood of unknown-email logins (${testDbKind()})`, () => {
  it('searches keep answering and none is refused; the owner logs in afterwards', async () => {
    const calmStarted = performance.now();
    const calm = summary(await searchWhile(t, () => performance.now() - calmStarted < CALM_MS));
    expect(calm.refused).toBe(0);

    const usersBefore = await countUsers(t.db);
    const refreshBefore = await t.db.$count(refreshTokens);
    const ownerAddresses = () => t.db.$count(loginAddresses, eq(loginAddresses.userId, owner.user.id));
    const ownerAddressesBefore = await ownerAddresses();

    let flooding = true;
    const retryAfters = new Set<string>();
    const attacker = async (address: number) => {
      const statuses: number[] = [];
      let sent = 0;
      const stream = async () => {
        while (sent < LOGINS_PER_ADDRESS) {
          sent += 1;
          const res = await t.post(
            '/api/auth/login',
            { email: uniqueEmail('flood'), password: 'Guess-Password-4821' },
            { ip: attackerIp(address) },
          );
          statuses.push(res.status);
          if (res.status === 503) retryAfters.add(String(res.headers['retry-after']));
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT_PER_ADDRESS }, stream));
      return statuses;
    };
    const floodStarted = performance.now();
    const flood = Promise.all(Array.from({ length: ATTACK_ADDRESSES }, (_, i) => attacker(i))).then(
      (statuses) => {
        flooding = false;
        return { statuses: statuses.flat(), ms: performance.now() - floodStarted };
      },
    );

    const answered = await searchWhile(t, () => flooding);
    const { statuses, ms: floodMs } = await flood;

    const measured = {
      calm,
      flood: summary(answered),
      floodMs: Math.round(floodMs),
      logins: Object.fromEntries(
        [...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]),
      ),
    };
    console.info('login flood', JSON.stringify(measured));

    // The flood was what the per-address limit lets through (no 429): each login checked (401) or,
    // on PGlite, refused quickly by the password line (503 with Retry-After).
    expect(statuses).toHaveLength(ATTACK_ADDRESSES * LOGINS_PER_ADDRESS);
    const allowed = testDbKind() === 'pglite' ? [401, 503] : [401];
    expect(statuses.filter((s) => !allowed.includes(s))).toEqual([]);
    expect(statuses).toContain(401);
    if (statuses.includes(503))
      expect([...retryAfters]).toEqual([String(retryAfterSeconds(t.app.passwordGate!.limits))]);
    // Searches ran all through it (hundreds on a 2-core host), every one answered, and quickly.
    expect(answered.length).toBeGreaterThanOrEqual(10);
    expect(answered.filter((a) => a.status !== 200)).toEqual([]);
    // Their p95 beside the calm one is printed above, not compared: it moves with the host (the
    // figures are in docs/reliability.md, measured by hand and by `npm run faults`).

    // The flood stored nothing; every place in the gate came back.
    expect(await countUsers(t.db)).toBe(usersBefore);
    expect(await t.db.$count(refreshTokens)).toBe(refreshBefore);
    for (const gate of [t.app.admissionGate, t.app.passwordGate]) {
      if (gate) expect({ inside: gate.inside, waiting: gate.waiting }).toEqual({ inside: 0, waiting: 0 });
    }

    // The owner logs in from a new address: a session, and the address remembered.
    const login = await t.post(
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      { ip: OWNER_IP },
    );
    expect(login.status, login.text).toBe(200);
    expect(login.body.user.id).toBe(owner.user.id);
    expect(await t.db.$count(refreshTokens)).toBe(refreshBefore + 1);
    expect(await ownerAddresses()).toBe(ownerAddressesBefore + 1);
  }, 180_000);
});
