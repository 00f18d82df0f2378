import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '#domain/admin.ts';
import { reviewReports, reviews } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import {
  createVerifiedProvider,
  createVerifiedUser,
  uniqueEmail,
  type VerifiedUser,
} from '#server/test/factories.ts';

/**
 * The admin's review lists as a person can act on them: both people named and
 * linked to their public profiles, date ranges on the date each list is ordered by, CSV exports.
 * Reviews and reports are stored directly with fixed dates, so the ranges have known rows.
 */

const ADMIN_EMAIL = uniqueEmail('admin');

let t: TestApp;
let admin = '';
let provider: VerifiedUser;
/** A client who is also a listed provider: their name links to their own page. */
let providerClient: VerifiedUser;
let client: VerifiedUser;
let reporter: VerifiedUser;
const ids = { formula: '', older: '', hidden: '' };

async function insertReview(clientId: string, text: string, createdAt: string, hiddenAt?: string) {
  const [row] = await t.db
    .insert(reviews)
    .values({
      providerId: provider.user.id,
      clientId,
      rating: 2,
      text,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
      ...(hiddenAt ? { hiddenAt: new Date(hiddenAt) } : {}),
    })
    .returning({ id: reviews.id });
  return row!.id;
}

const report = (reviewId: string, createdAt: string, details: string | null = null) =>
  t.db.insert(reviewReports).values({
    reviewId,
    reporterId: reporter.user.id,
    reason: 'other',
    details,
    createdAt: new Date(createdAt),
  });

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = (await createVerifiedUser(t, { email: ADMIN_EMAIL })).session.access_token;
  provider = await createVerifiedProvider(t);
  providerClient = await createVerifiedProvider(t);
  client = await createVerifiedUser(t, { userData: { user_type: 'client', name: 'Robin Client' } });
  reporter = await createVerifiedUser(t);
  ids.formula = await insertReview(
    client.user.id,
    '=HYPERLINK("http://evil.example")',
    '2022-05-01T10:00:00Z',
  );
  await report(ids.formula, '2022-05-20T10:00:00Z', '@mention, "quoted"');
  ids.older = await insertReview(providerClient.user.id, 'Fine', '2022-04-01T10:00:00Z');
  await report(ids.older, '2022-04-02T10:00:00Z');
  ids.hidden = await insertReview(reporter.user.id, 'Gone', '2022-01-01T10:00:00Z', '2022-06-01T00:00:00Z');
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, token = admin) => t.get(path, { token });

describe('GET /api/admin/reviews with names and dates', () => {
  it('names the provider and the client; a link only for someone with a public profile', async () => {
    const res = await get('/api/admin/reviews?status=reported&from=2022-01-01&to=2022-12-31');
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.reviews).toEqual([
      expect.objectContaining({
        id: ids.formula,
        provider_name: provider.user.name,
        provider_slug: provider.user.routing_slug,
        client_id: client.user.id,
        client_name: 'Robin Client',
        client_slug: null,
        report_count: 1,
      }),
      expect.objectContaining({
        id: ids.older,
        client_id: providerClient.user.id,
        client_name: providerClient.user.name,
        client_slug: providerClient.user.routing_slug,
      }),
    ]);
  });

  it("bounds the list's own date (the latest report, or when it was hidden), both ends inclusive", async () => {
    // Reported on 2022-05-20 though written on 2022-05-01: the report's day counts.
    const may20 = await get('/api/admin/reviews?status=reported&from=2022-05-20&to=2022-05-20');
    expect(may20.body.reviews.map((r: { id: string }) => r.id)).toEqual([ids.formula]);
    expect(may20.body.total).toBe(1);
    const april = await get('/api/admin/reviews?status=reported&to=2022-04-30');
    expect(april.body.reviews.map((r: { id: string }) => r.id)).toEqual([ids.older]);
    const hidden = await get('/api/admin/reviews?status=hidden&from=2022-06-01');
    expect(hidden.body.reviews.map((r: { id: string }) => r.id)).toEqual([ids.hidden]);
    expect((await get('/api/admin/reviews?status=hidden&to=2022-05-31')).body.total).toBe(0);

    const first = await get('/api/admin/reviews?status=reported&from=2022-01-01&limit=1');
    expect(first.body.reviews[0].id).toBe(ids.formula);
    const next = await get(
      `/api/admin/reviews?status=reported&from=2022-01-01&limit=1&cursor=${first.body.nextCursor}`,
    );
    expect(next.body.reviews.map((r: { id: string }) => r.id)).toEqual([ids.older]);
    expect(next.body.nextCursor).toBeNull();
  });

  it('refuses a backwards range with a 400 on `to`', async () => {
    for (const path of ['/api/admin/reviews', '/api/admin/reviews/export']) {
      const res = await get(`${path}?from=2022-02-01&to=2022-01-31`);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toContainEqual({ path: 'to', message: ADMIN_TEXTS.badDateRange });
    }
  });
});

describe('GET /api/admin/reviews/export', () => {
  it('exports one list within the dates as a formula-safe CSV', async () => {
    const res = await get('/api/admin/reviews/export?status=reported&from=2022-05-01');
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="glowfind-reviews-reported-.*\.csv"/);
    expect(res.headers['x-export-rows']).toBe('1');
    expect(res.headers['x-export-truncated']).toBe('false');
    const [header, row, end] = res.text.split('\r\n');
    expect(header).toBe(
      'id,created_at,provider_name,provider_id,client_name,client_id,rating,service,text,report_count,report_reasons,last_reported_at,held_reason,hidden_at',
    );
    expect(row).toBe(
      `${ids.formula},2022-05-01T10:00:00.000000Z,${provider.user.name},${provider.user.id},Robin Client,${client.user.id},2,,"'=HYPERLINK(""http://evil.example"")",1,"other: @mention, ""quoted""",2022-05-20T10:00:00.000000Z,,`,
    );
    expect(end).toBe('');
  });

  it('is for admins only', async () => {
    expect((await t.get('/api/admin/reviews/export')).status).toBe(401);
    const refused = await get('/api/admin/reviews/export', client.session.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ADMIN_TEXTS.accessDenied);
  });
});
