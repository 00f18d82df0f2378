import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminReviewStatus, HeldReason, ReportReason } from '#domain/reviews.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import { providerProfiles, providerRatings, users } from '#server/db/schema/index.ts';
import type { Keyset } from '#server/lib/keyset-cursor.ts';

/** A timestamp column as ISO 8601 text with microseconds (keyset cursors need them). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A review row as the API shows it, with the reviewer's full name (the service shortens it). */
export interface ReviewRow {
  id: string;
  provider_id: string;
  client_id: string;
  rating: number;
  text: string;
  service: string | null;
  reviewer: string;
  created_at: string;
  updated_at: string;
  reply: string | null;
  reply_created_at: string | null;
  reply_updated_at: string | null;
}

/**
 * The reviewer's name, or '' when it is the default sign-up gives a nameless account (the part of
 * the email before the @): shown, even shortened, it would give away part of the address.
 */
const reviewerColumn = `CASE WHEN lower(btrim(u.name)) = lower(split_part(u.email, '@', 1)) THEN '' ELSE u.name END`;

const reviewColumns =
  sql.raw(`r.id, r.provider_id, r.client_id, r.rating, r.text, r.service, ${reviewerColumn} AS reviewer,
  ${iso('r.created_at')} AS created_at, ${iso('r.updated_at')} AS updated_at,
  r.reply, ${iso('r.reply_created_at')} AS reply_created_at, ${iso('r.reply_updated_at')} AS reply_updated_at`);

/** A listed provider (provider type, verified email) and the names of their services. */
export async function findListedProvider(db: Db, providerId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      routingSlug: users.routingSlug,
      registrationIpHash: users.registrationIpHash,
      pricing: providerProfiles.pricing,
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, providerId), eq(users.listed, true)))
    .limit(1);
  return row;
}

/** One page of a provider's visible reviews, newest first. */
export async function findReviewPage(
  db: Db,
  providerId: string,
  limit: number,
  after: Keyset | null,
): Promise<(ReviewRow & { keyset: Keyset })[]> {
  const rows = rowsOf<ReviewRow>(
    await db.execute(sql`
      SELECT ${reviewColumns}
      FROM reviews r JOIN users u ON u.id = r.client_id
      WHERE r.provider_id = ${providerId} AND r.hidden_at IS NULL
        ${after ? sql`AND (r.created_at, r.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.created_at, id: r.id } }));
}

/**
 * Whether a review is shown: `hidden` (by a moderator, or held), and `held`: waiting for a
 * moderator's first look (the system hid it, no moderator has acted).
 */
const visibility = sql.raw(
  'r.hidden_at IS NOT NULL AS hidden, (r.held_reason IS NOT NULL AND r.hidden_at IS NOT NULL AND r.hidden_by IS NULL) AS held',
);

export async function findReviewById(
  db: Db,
  id: string,
): Promise<(ReviewRow & { hidden: boolean; held: boolean }) | undefined> {
  const [row] = rowsOf<ReviewRow & { hidden: boolean; held: boolean }>(
    await db.execute(sql`
      SELECT ${reviewColumns}, ${visibility}
      FROM reviews r JOIN users u ON u.id = r.client_id
      WHERE r.id = ${id}`),
  );
  return row;
}

export async function findOwnReview(db: Db, clientId: string, providerId: string) {
  const [row] = rowsOf<ReviewRow & { hidden: boolean; held: boolean }>(
    await db.execute(sql`
      SELECT ${reviewColumns}, ${visibility}
      FROM reviews r JOIN users u ON u.id = r.client_id
      WHERE r.client_id = ${clientId} AND r.provider_id = ${providerId}`),
  );
  return row;
}

export type RatingRow = typeof providerRatings.$inferSelect;

export async function findRating(db: Db, providerId: string): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(providerRatings).where(eq(providerRatings.providerId, providerId));
  return row;
}

/**
 * What a client's booking clicks on a provider allow, at `now`. Only a click that came through the
 * page (`via_page`) when the account was at least `minAccountAgeHours` old counts: is one inside the
 * window (2 hours to 90 days old), the earliest one still too recent, is any too old; and `tooNew`,
 * whether a click through the page inside the 90 days was made by the account under that age.
 */
export async function findBookingWindow(
  db: Db,
  clientId: string,
  providerId: string,
  window: { opensBefore: Date; closesBefore: Date; minAccountAgeHours: number },
) {
  const opens = window.opensBefore.toISOString();
  const closes = window.closesBefore.toISOString();
  const [row] = rowsOf<{ inside: boolean; pending: string | null; old: boolean; too_new: boolean }>(
    await db.execute(sql`
      SELECT
        coalesce(bool_or(c.counts AND b.created_at <= ${opens}::timestamptz AND b.created_at >= ${closes}::timestamptz), FALSE) AS inside,
        to_char(min(b.created_at) FILTER (WHERE c.counts AND b.created_at > ${opens}::timestamptz) AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS pending,
        coalesce(bool_or(c.counts AND b.created_at < ${closes}::timestamptz), FALSE) AS old,
        coalesce(bool_or(b.via_page AND NOT c.counts AND b.created_at >= ${closes}::timestamptz), FALSE) AS too_new
      FROM booking_logs b
      JOIN users u ON u.id = b.client_id
      CROSS JOIN LATERAL (
        SELECT b.via_page
          AND b.created_at >= u.created_at + make_interval(hours => ${window.minAccountAgeHours}::int) AS counts
      ) c
      WHERE b.client_id = ${clientId} AND b.provider_id = ${providerId}`),
  );
  return {
    inside: row?.inside ?? false,
    pending: row?.pending ?? null,
    old: row?.old ?? false,
    tooNew: row?.too_new ?? false,
  };
}

/** Makes one client's review posts take turns (the daily limit is counted, then the row inserted). */
export async function lockClientReviews(db: Db, clientId: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('reviews/' || ${clientId}::text))`);
}

/** When the client's reviews posted after `since` were created (oldest first), held and hidden ones too. */
export async function findReviewTimesSince(db: Db, clientId: string, since: Date): Promise<string[]> {
  const rows = rowsOf<{ created_at: string }>(
    await db.execute(sql`
      SELECT ${sql.raw(iso('created_at'))} AS created_at FROM reviews
      WHERE client_id = ${clientId} AND created_at > ${since.toISOString()}::timestamptz
      ORDER BY created_at`),
  );
  return rows.map((r) => r.created_at);
}

/** Inserts the review; undefined when the client has already reviewed this provider. */
export async function insertReview(
  db: Db,
  review: {
    providerId: string;
    clientId: string;
    rating: number;
    text: string;
    service: string | null;
    now: Date;
    /** Stored hidden (by nobody) with this reason, until a moderator publishes it. */
    heldReason: HeldReason | null;
  },
): Promise<string | undefined> {
  const now = review.now.toISOString();
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO reviews (provider_id, client_id, rating, text, service, created_at, updated_at, hidden_at, held_reason)
      VALUES (${review.providerId}, ${review.clientId}, ${review.rating}, ${review.text}, ${review.service},
        ${now}::timestamptz, ${now}::timestamptz,
        ${review.heldReason === null ? null : now}::timestamptz, ${review.heldReason})
      ON CONFLICT (client_id, provider_id) DO NOTHING
      RETURNING id`),
  );
  return row?.id;
}

/** The author's edit of a visible review created after `editableSince`; false when none matched. */
export async function updateReview(
  db: Db,
  edit: {
    id: string;
    clientId: string;
    rating: number;
    text: string;
    service: string | null;
    now: Date;
    editableSince: Date;
  },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE reviews SET rating = ${edit.rating}, text = ${edit.text}, service = ${edit.service},
        updated_at = ${edit.now.toISOString()}::timestamptz
      WHERE id = ${edit.id} AND client_id = ${edit.clientId} AND hidden_at IS NULL
        AND created_at >= ${edit.editableSince.toISOString()}::timestamptz
      RETURNING id`),
  );
  return rows.length > 0;
}

/** Deletes the author's own visible review; the provider id, or undefined when there was none. */
export async function deleteReview(db: Db, id: string, clientId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ provider_id: string }>(
    await db.execute(
      sql`DELETE FROM reviews WHERE id = ${id} AND client_id = ${clientId} AND hidden_at IS NULL RETURNING provider_id`,
    ),
  );
  return row?.provider_id;
}

/** Sets (or with null removes) the provider's reply to a visible review of theirs. */
export async function setReply(
  db: Db,
  change: { id: string; providerId: string; text: string | null; now: Date },
): Promise<boolean> {
  const now = change.now.toISOString();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE reviews SET reply = ${change.text},
        reply_created_at = CASE WHEN ${change.text}::text IS NULL THEN NULL ELSE coalesce(reply_created_at, ${now}::timestamptz) END,
        reply_updated_at = CASE WHEN ${change.text}::text IS NULL THEN NULL ELSE ${now}::timestamptz END
      WHERE id = ${change.id} AND provider_id = ${change.providerId} AND hidden_at IS NULL
      RETURNING id`),
  );
  return rows.length > 0;
}

/** One report per user and review; reporting again replaces the reason. */
export async function upsertReport(
  db: Db,
  report: { reviewId: string; reporterId: string; reason: ReportReason; details: string | null; now: Date },
) {
  await db.execute(sql`
    INSERT INTO review_reports (review_id, reporter_id, reason, details, created_at)
    VALUES (${report.reviewId}, ${report.reporterId}, ${report.reason}, ${report.details}, ${report.now.toISOString()}::timestamptz)
    ON CONFLICT (review_id, reporter_id) DO UPDATE SET reason = EXCLUDED.reason, details = EXCLUDED.details,
      created_at = EXCLUDED.created_at`);
}

export interface AdminReviewRow extends ReviewRow {
  provider_name: string;
  provider_slug: string | null;
  client_name: string;
  client_slug: string | null;
  report_count: number;
  reasons: { reason: ReportReason; details: string | null }[] | null;
  last_reported_at: string | null;
  hidden_at: string | null;
  held_reason: HeldReason | null;
  sort_at: string;
}

/** An admin list's dates: its ordering date (report, hold or hiding) within [since, before). */
export interface AdminReviewRange {
  since: string | null;
  before: string | null;
}

function sortAtWithin(range: AdminReviewRange, column: string): SQL[] {
  const where: SQL[] = [];
  if (range.since) where.push(sql`${sql.raw(column)} >= ${range.since}::timestamptz`);
  if (range.before) where.push(sql`${sql.raw(column)} < ${range.before}::timestamptz`);
  return where;
}

const whereOf = (where: SQL[]) => (where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``);

/** A user's public profile path segment: only listed providers have a page at /{slug}. */
const profileSlug = (alias: string) => sql.raw(`CASE WHEN ${alias}.listed THEN ${alias}.routing_slug END`);

/** A held review waits for a moderator: hidden by the system (nobody), with a reason. */
const HELD = 'held_reason IS NOT NULL AND hidden_at IS NOT NULL AND hidden_by IS NULL';

/** The reviews of one admin list: `s(review_id, sort_at)`. */
function adminSource(status: AdminReviewStatus) {
  switch (status) {
    case 'reported':
      return sql`(SELECT review_id, max(created_at) AS sort_at FROM review_reports GROUP BY review_id) s
          JOIN reviews r ON r.id = s.review_id AND r.hidden_at IS NULL`;
    case 'held':
      return sql`(SELECT id AS review_id, hidden_at AS sort_at FROM reviews WHERE ${sql.raw(HELD)}) s
          JOIN reviews r ON r.id = s.review_id`;
    case 'hidden':
      return sql`(SELECT id AS review_id, hidden_at AS sort_at FROM reviews
            WHERE hidden_at IS NOT NULL AND NOT (${sql.raw(HELD)})) s
          JOIN reviews r ON r.id = s.review_id`;
  }
}

/**
 * Reported (visible, with open reports, latest report first), held (waiting for a moderator,
 * latest first) or hidden by a moderator (latest hidden first) reviews.
 */
export async function findAdminReviews(
  db: Db,
  status: AdminReviewStatus,
  range: AdminReviewRange,
  limit: number,
  after: Keyset | null,
): Promise<(AdminReviewRow & { keyset: Keyset })[]> {
  const reports = sql`
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n, max(created_at) AS last,
        (SELECT json_agg(json_build_object('reason', x.reason, 'details', x.details))
         FROM (SELECT reason, details FROM review_reports WHERE review_id = r.id ORDER BY created_at DESC LIMIT 5) x) AS reasons
      FROM review_reports WHERE review_id = r.id
    ) rep ON TRUE`;
  const source = adminSource(status);
  const rows = rowsOf<AdminReviewRow>(
    await db.execute(sql`
      SELECT ${reviewColumns}, p.name AS provider_name, ${profileSlug('p')} AS provider_slug,
        u.name AS client_name, ${profileSlug('u')} AS client_slug,
        coalesce(rep.n, 0) AS report_count, rep.reasons,
        ${sql.raw(iso('rep.last'))} AS last_reported_at, ${sql.raw(iso('r.hidden_at'))} AS hidden_at,
        r.held_reason, ${sql.raw(iso('s.sort_at'))} AS sort_at
      FROM ${source}
      JOIN users u ON u.id = r.client_id
      JOIN users p ON p.id = r.provider_id
      ${reports}
      ${whereOf([
        ...sortAtWithin(range, 's.sort_at'),
        ...(after ? [sql`(s.sort_at, r.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`] : []),
      ])}
      ORDER BY s.sort_at DESC, r.id DESC
      LIMIT ${limit + 1}`),
  );
  return rows.map((r) => ({ ...r, keyset: { createdAt: r.sort_at, id: r.id } }));
}

/** The size of one admin list within the dates (counted on the same source as the list). */
export async function countAdminReviews(
  db: Db,
  status: AdminReviewStatus,
  range: AdminReviewRange,
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM ${adminSource(status)} ${whereOf(sortAtWithin(range, 's.sort_at'))}`),
  );
  return row?.n ?? 0;
}

/**
 * Hide (stops counting), restore, or dismiss the reports. Undefined when the review does not
 * exist; otherwise `published`: this restore showed a review for the first time (it had been held),
 * so its provider has not yet been told about it. Hiding a held review keeps its reason.
 */
export async function moderateReview(
  db: Db,
  change: { id: string; action: 'hide' | 'restore' | 'dismiss'; adminId: string; now: Date },
): Promise<{ published: boolean } | undefined> {
  if (change.action === 'dismiss') {
    return db.transaction(async (tx) => {
      const exists = rowsOf(await tx.execute(sql`SELECT 1 FROM reviews WHERE id = ${change.id}`)).length > 0;
      if (exists) await tx.execute(sql`DELETE FROM review_reports WHERE review_id = ${change.id}`);
      return exists ? { published: false } : undefined;
    });
  }
  const [row] = rowsOf<{ id: string; published: boolean }>(
    await db.execute(
      change.action === 'hide'
        ? sql`UPDATE reviews SET hidden_at = coalesce(hidden_at, ${change.now.toISOString()}::timestamptz),
                hidden_by = coalesce(hidden_by, ${change.adminId}::uuid)
              WHERE id = ${change.id} RETURNING id, FALSE AS published`
        : sql`WITH before AS (SELECT id, held_reason IS NOT NULL AS held FROM reviews WHERE id = ${change.id} FOR UPDATE)
              UPDATE reviews r SET hidden_at = NULL, hidden_by = NULL, held_reason = NULL
              FROM before WHERE r.id = before.id RETURNING r.id, before.held AS published`,
    ),
  );
  return row ? { published: row.published } : undefined;
}
