import {
  ADMIN_LIMITS,
  type AdminDateRange,
  type AdminReviewRow,
  dateRangeBounds,
  toCsv,
} from '#domain/admin.ts';
import {
  type AdminReviewStatus,
  type EligibilityStatus,
  type HeldReason,
  type RatingSummary,
  REVIEW_LIMITS,
  REVIEW_TEXTS,
  type ReportReason,
  type Review,
  reviewerName,
} from '#domain/reviews.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import type { PricingEntry, UserRow } from '#server/db/schema/index.ts';
import { addressHash } from '#server/lib/address-hash.ts';
import { AppError, fieldError, providerNotFound } from '#server/lib/app-error.ts';
import { decodeKeyset, type Keyset, pageOf } from '#server/lib/keyset-cursor.ts';
import { logSecurityEvent } from '#server/lib/security-log.ts';
import { isAddressName } from '#server/lib/shown-name.ts';
import { reviewReplyMail } from '#server/mail/notification-templates.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { newReviewMail } from '#server/mail/templates.ts';
import { emailRecipientFor, isEmailOn, unsubscribeLinksFor } from '../notifications/notifications.service';
import * as q from './reviews.queries';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function toReview(row: q.ReviewRow): Review {
  return {
    id: row.id,
    provider_id: row.provider_id,
    rating: Number(row.rating),
    text: row.text,
    service: row.service,
    reviewer_name: reviewerName(row.reviewer),
    created_at: row.created_at,
    updated_at: row.updated_at,
    reply:
      row.reply === null
        ? null
        : { text: row.reply, created_at: row.reply_created_at ?? '', updated_at: row.reply_updated_at ?? '' },
  };
}

/** As reviews.queries' reviewer column: a name that is the email's local part is not shown. */
const nameShownFor = (user: UserRow) => (isAddressName(user.name, user.email) ? '' : user.name);

/** A provider's rating as cards and profiles show it: null average without reviews. */
export function summaryOf(rating: q.RatingRow | undefined): RatingSummary {
  const stars = rating
    ? [rating.stars5, rating.stars4, rating.stars3, rating.stars2, rating.stars1]
    : [0, 0, 0, 0, 0];
  return {
    average: rating ? Number(rating.rating) : null,
    count: rating?.reviewCount ?? 0,
    breakdown: stars.map((count, i) => ({ stars: 5 - i, count })),
  };
}

export async function getRatingSummary(ctx: AppContext, providerId: string): Promise<RatingSummary> {
  return summaryOf(await q.findRating(ctx.db, providerId));
}

async function listedProvider(ctx: AppContext, providerId: string) {
  const provider = await q.findListedProvider(ctx.db, providerId);
  if (!provider) throw providerNotFound();
  return provider;
}

/** GET /api/reviews: a listed provider's visible reviews, newest first, with the summary. */
export async function listReviews(
  ctx: AppContext,
  query: { provider_id: string; limit: number; cursor?: string | undefined },
) {
  const after = decodeKeyset(query.cursor);
  await listedProvider(ctx, query.provider_id);
  return reviewPage(ctx, query.provider_id, query.limit, after);
}

/**
 * A page of a provider's visible reviews with the summary, for a provider already known to be listed
 * (listReviews checks; the server-rendered profile page has just read the public profile).
 */
export async function reviewPage(
  ctx: AppContext,
  providerId: string,
  limit: number,
  after: Keyset | null = null,
) {
  const [rows, summary] = await Promise.all([
    q.findReviewPage(ctx.db, providerId, limit, after),
    getRatingSummary(ctx, providerId),
  ]);
  const { page, nextCursor } = pageOf(rows, limit);
  return { reviews: page.map(toReview), summary, nextCursor };
}

/**
 * Whether `user` may review the provider now, from their booking clicks (ADR 008): a click that
 * came through the page, made when the account was at least a day old, 2 hours to 90 days ago opens
 * the window; a newer one only says when it will open. Clicks without a valid click token (a
 * script's POST) never count.
 */
async function bookingStatus(
  ctx: AppContext,
  userId: string,
  providerId: string,
): Promise<{ status: EligibilityStatus; eligibleFrom: string | null }> {
  const now = ctx.now().getTime();
  const window = await q.findBookingWindow(ctx.db, userId, providerId, {
    opensBefore: new Date(now - REVIEW_LIMITS.eligibleAfterHours * HOUR_MS),
    closesBefore: new Date(now - REVIEW_LIMITS.eligibleForDays * DAY_MS),
    minAccountAgeHours: REVIEW_LIMITS.accountMinAgeHours,
  });
  if (window.inside) return { status: 'eligible', eligibleFrom: null };
  if (window.pending) {
    const from = Date.parse(window.pending) + REVIEW_LIMITS.eligibleAfterHours * HOUR_MS;
    return { status: 'too_early', eligibleFrom: new Date(from).toISOString() };
  }
  if (window.tooNew) return { status: 'account_too_new', eligibleFrom: null };
  return { status: window.old ? 'expired' : 'no_booking', eligibleFrom: null };
}

/**
 * Whether the account has posted its new reviews of the last 24 hours, and if so when it may post
 * again (null while it has room).
 */
async function dailyLimit(db: Db, userId: string, now: Date) {
  const times = await q.findReviewTimesSince(db, userId, new Date(now.getTime() - DAY_MS));
  if (times.length < REVIEW_LIMITS.perDayMax) return { reached: false as const, from: null };
  // Room opens when the oldest review that keeps the count at the limit turns a day old.
  const oldest = times[times.length - REVIEW_LIMITS.perDayMax]!;
  return { reached: true as const, from: new Date(Date.parse(oldest) + DAY_MS).toISOString() };
}

/**
 * Addresses that tell nobody apart: the server's own machine (a proxy on the same host without
 * TRUST_PROXY, a developer, the test suites). Accounts that share one are not thereby related.
 */
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * Why a review must wait for a moderator, or null (ADR 008): its author signed up from the
 * provider's sign-up address (a friend at the same desk, the provider's second account). Accounts
 * without a recorded address (older than the record) are not held.
 */
function heldReasonOf(
  ctx: AppContext,
  reviewer: UserRow,
  provider: { registrationIpHash: string | null },
): HeldReason | null {
  const shared = reviewer.registrationIpHash;
  if (!shared || shared !== provider.registrationIpHash) return null;
  if (LOOPBACK_ADDRESSES.some((ip) => addressHash(ctx.secret, ip) === shared)) return null;
  return 'shared_registration_address';
}

const editableUntil = (createdAt: string) =>
  new Date(Date.parse(createdAt) + REVIEW_LIMITS.editableForDays * DAY_MS).toISOString();

/** GET /api/reviews/eligibility: what the profile page offers the signed-in viewer. */
export async function getEligibility(ctx: AppContext, user: UserRow, providerId: string) {
  await listedProvider(ctx, providerId);
  const none = { eligible_from: null, review: null, editable_until: null };
  if (providerId === user.id) return { status: 'own_profile' as const, ...none };
  const own = await q.findOwnReview(ctx.db, user.id, providerId);
  if (own?.held) {
    // Waiting for a moderator: its author sees their words and that they are not shown yet.
    return { status: 'held' as const, eligible_from: null, review: toReview(own), editable_until: null };
  }
  if (own) {
    const until = editableUntil(own.created_at);
    return {
      status: 'reviewed' as const,
      eligible_from: null,
      // A hidden review is the moderators' decision: its author sees it is there, not its text.
      review: own.hidden ? null : toReview(own),
      editable_until: own.hidden || Date.parse(until) <= ctx.now().getTime() ? null : until,
    };
  }
  const { status, eligibleFrom } = await bookingStatus(ctx, user.id, providerId);
  if (status === 'eligible') {
    const limit = await dailyLimit(ctx.db, user.id, ctx.now());
    if (limit.reached) return { status: 'daily_limit' as const, ...none, eligible_from: limit.from };
  }
  return { status, ...none, eligible_from: eligibleFrom };
}

/**
 * The service a review names, spelled as the provider lists it. Required when the provider lists
 * services; `kept` (an edit's stored service) stays valid after the provider renames theirs.
 */
function serviceOf(pricing: PricingEntry[], given: string | null, kept: string | null = null): string | null {
  const names = pricing.map((p) => (typeof p.service === 'string' ? p.service.trim() : '')).filter(Boolean);
  if (given === null) {
    if (names.length > 0) throw fieldError('service', REVIEW_TEXTS.serviceRequired);
    return null;
  }
  if (kept !== null && given === kept) return kept;
  const match = names.find((n) => n.toLocaleLowerCase() === given.toLocaleLowerCase());
  if (!match) throw fieldError('service', REVIEW_TEXTS.unknownService);
  return match;
}

interface ReviewInput {
  rating: number;
  text: string;
  service: string | null;
}

async function changed(ctx: AppContext, id: string, message: string) {
  const row = await q.findReviewById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  return { message, review: toReview(row), summary: await getRatingSummary(ctx, row.provider_id) };
}

const FORBIDDEN_BY_STATUS: Partial<Record<EligibilityStatus, string>> = {
  no_booking: REVIEW_TEXTS.noBooking,
  too_early: REVIEW_TEXTS.tooEarly,
  expired: REVIEW_TEXTS.tooLate,
  account_too_new: REVIEW_TEXTS.accountTooNew,
};

/**
 * The 'new review' email to the provider, queued in the transaction `db` belongs to, unless they
 * turned review notices off (docs/product.md §2 'Settings'); it carries their one-click unsubscribe.
 */
async function tellProvider(
  ctx: AppContext,
  db: Db,
  provider: { id: string; email: string; routingSlug: string },
  review: { reviewer: string; rating: number; service: string | null; text: string },
) {
  if (!(await isEmailOn(db, provider.id, 'review_notices'))) return;
  const { listUnsubscribe, unsubscribeUrl, settingsUrl } = await unsubscribeLinksFor(
    ctx,
    provider.id,
    'review_notices',
  );
  const mail = newReviewMail({
    unsubscribeUrl,
    settingsUrl,
    reviewerName: reviewerName(review.reviewer),
    rating: review.rating,
    service: review.service,
    text: review.text,
    reviewsUrl: `${ctx.config.publicUrl}/${provider.routingSlug}#reviews`,
  });
  await enqueueMail(ctx, db, { kind: 'new-review', to: provider.email, ...mail, listUnsubscribe });
}

/**
 * POST /api/reviews: every rule of who may review, checked here (ADR 008). At most 3 new reviews
 * per account in any 24 hours (429); a review by someone who signed up from the provider's address
 * is stored held, and its provider hears of it only when a moderator publishes it.
 */
export async function createReview(
  ctx: AppContext,
  user: UserRow,
  body: ReviewInput & { provider_id: string },
) {
  const provider = await listedProvider(ctx, body.provider_id);
  if (provider.id === user.id) throw new AppError('FORBIDDEN', REVIEW_TEXTS.ownProfile);
  if (await q.findOwnReview(ctx.db, user.id, provider.id))
    throw new AppError('CONFLICT', REVIEW_TEXTS.alreadyReviewed);
  const { status } = await bookingStatus(ctx, user.id, provider.id);
  const forbidden = FORBIDDEN_BY_STATUS[status];
  if (forbidden) throw new AppError('FORBIDDEN', forbidden);
  const service = serviceOf(provider.pricing, body.service);
  const heldReason = heldReasonOf(ctx, user, provider);
  const now = ctx.now();
  const id = await ctx.db.transaction(async (tx) => {
    // One account's posts take turns, so four at once cannot all pass the count.
    await q.lockClientReviews(tx, user.id);
    if ((await dailyLimit(tx, user.id, now)).reached) {
      throw new AppError('RATE_LIMITED', REVIEW_TEXTS.dailyLimit);
    }
    const inserted = await q.insertReview(tx, {
      providerId: provider.id,
      clientId: user.id,
      rating: body.rating,
      text: body.text,
      service,
      now,
      heldReason,
    });
    // The provider hears about it (with the review, so the mail goes only if the review exists);
    // about a held one, only once a moderator publishes it.
    if (inserted && !heldReason) {
      await tellProvider(ctx, tx, provider, { reviewer: nameShownFor(user), ...body, service });
    }
    return inserted;
  });
  // Two posts at once: the unique index lets one in.
  if (!id) throw new AppError('CONFLICT', REVIEW_TEXTS.alreadyReviewed);
  if (heldReason) {
    logSecurityEvent(ctx.log, 'review-held', {
      reviewId: id,
      providerId: provider.id,
      clientId: user.id,
      reason: heldReason,
    });
    return changed(ctx, id, REVIEW_TEXTS.postedHeld);
  }
  ctx.kickMail();
  return changed(ctx, id, REVIEW_TEXTS.posted);
}

/** The author's own visible review, or 404 for anyone else's (no enumeration). */
async function ownReview(ctx: AppContext, user: UserRow, id: string) {
  const row = await q.findReviewById(ctx.db, id);
  if (!row || row.client_id !== user.id || row.hidden) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  return row;
}

/** PUT /api/reviews/:id: the author, within 30 days of posting. */
export async function updateReview(ctx: AppContext, user: UserRow, id: string, body: ReviewInput) {
  const row = await ownReview(ctx, user, id);
  const now = ctx.now();
  const editableSince = new Date(now.getTime() - REVIEW_LIMITS.editableForDays * DAY_MS);
  if (Date.parse(row.created_at) < editableSince.getTime())
    throw new AppError('FORBIDDEN', REVIEW_TEXTS.editExpired);
  const provider = await listedProvider(ctx, row.provider_id);
  const service = serviceOf(provider.pricing, body.service, row.service);
  const updated = await q.updateReview(ctx.db, {
    id,
    clientId: user.id,
    ...body,
    service,
    now,
    editableSince,
  });
  if (!updated) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  return changed(ctx, id, REVIEW_TEXTS.updated);
}

/**
 * DELETE /api/reviews/:id: the author's own visible review. A hidden one stays (the moderators'
 * decision; deleting it would let its author post again).
 */
export async function deleteReview(ctx: AppContext, user: UserRow, id: string) {
  const providerId = await q.deleteReview(ctx.db, id, user.id);
  if (!providerId) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  return { message: REVIEW_TEXTS.deleted, summary: await getRatingSummary(ctx, providerId) };
}

/** PUT/DELETE /api/reviews/:id/reply: the reviewed provider only; anyone else gets 404. */
export async function setReply(ctx: AppContext, user: UserRow, id: string, text: string | null) {
  const row = await q.findReviewById(ctx.db, id);
  if (!row || row.provider_id !== user.id || row.hidden)
    throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  if (text === null && row.reply === null) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  // The review's author hears of the first reply (not of edits), unless they turned replies off.
  const isFirstReply = text !== null && row.reply === null;
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await q.setReply(tx, { id, providerId: user.id, text, now: ctx.now() }))) return false;
    if (isFirstReply) await tellAuthor(ctx, tx, user, row.client_id, text);
    return true;
  });
  if (!done) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  if (isFirstReply) ctx.kickMail();
  return changed(ctx, id, text === null ? REVIEW_TEXTS.replyDeleted : REVIEW_TEXTS.replyPosted);
}

/** The 'reply to your review' email to the review's author, queued in `db`'s transaction. */
async function tellAuthor(ctx: AppContext, db: Db, provider: UserRow, authorId: string, reply: string) {
  const author = await emailRecipientFor(db, authorId, 'review_replies');
  if (!author) return;
  const links = await unsubscribeLinksFor(ctx, authorId, 'review_replies');
  const mail = reviewReplyMail({
    providerName: provider.name,
    reply,
    reviewsUrl: `${ctx.config.publicUrl}/${provider.routingSlug}#reviews`,
    unsubscribeUrl: links.unsubscribeUrl,
    settingsUrl: links.settingsUrl,
  });
  await enqueueMail(ctx, db, {
    kind: 'review-reply',
    to: author.email,
    ...mail,
    listUnsubscribe: links.listUnsubscribe,
  });
}

/** POST /api/reviews/:id/report: anyone signed in, once per review (again = new reason). */
export async function reportReview(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: { reason: ReportReason; details: string | null },
) {
  const row = await q.findReviewById(ctx.db, id);
  if (!row || row.hidden) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
  if (row.client_id === user.id) throw new AppError('FORBIDDEN', REVIEW_TEXTS.reportOwn);
  await q.upsertReport(ctx.db, { reviewId: id, reporterId: user.id, ...body, now: ctx.now() });
  return { message: REVIEW_TEXTS.reported };
}

type AdminReviewFilters = AdminDateRange & { status: AdminReviewStatus };

/** GET /api/admin/reviews: reported, held or hidden reviews for moderation, with both people's names. */
export async function listAdminReviews(
  ctx: AppContext,
  query: AdminReviewFilters & { limit: number; cursor?: string | undefined },
) {
  const range = dateRangeBounds(query);
  const after = decodeKeyset(query.cursor);
  const [rows, total] = await Promise.all([
    q.findAdminReviews(ctx.db, query.status, range, query.limit, after),
    q.countAdminReviews(ctx.db, query.status, range),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { reviews: page.map(toAdminReview), total, nextCursor };
}

function toAdminReview(row: q.AdminReviewRow): AdminReviewRow {
  return {
    ...toReview(row),
    provider_name: row.provider_name,
    provider_slug: row.provider_slug,
    client_id: row.client_id,
    client_name: row.client_name,
    client_slug: row.client_slug,
    report_count: Number(row.report_count),
    reasons: row.reasons ?? [],
    last_reported_at: row.last_reported_at,
    hidden_at: row.hidden_at,
    held_reason: row.held_reason,
  };
}

/**
 * GET /api/admin/reviews/export: one admin list within the dates as CSV, in the list's order, at
 * most ADMIN_LIMITS.exportMaxRows reviews (`truncated` when more matched). Cells are formula-safe.
 */
export async function exportAdminReviewsCsv(ctx: AppContext, query: AdminReviewFilters) {
  const max = ADMIN_LIMITS.exportMaxRows;
  const rows = await q.findAdminReviews(ctx.db, query.status, dateRangeBounds(query), max, null);
  const page = rows.slice(0, max).map(toAdminReview);
  const csv = toCsv(
    [
      'id',
      'created_at',
      'provider_name',
      'provider_id',
      'client_name',
      'client_id',
      'rating',
      'service',
      'text',
      'report_count',
      'report_reasons',
      'last_reported_at',
      'held_reason',
      'hidden_at',
    ],
    page.map((r) => [
      r.id,
      r.created_at,
      r.provider_name,
      r.provider_id,
      r.client_name,
      r.client_id,
      r.rating,
      r.service,
      r.text,
      r.report_count,
      r.reasons.map((x) => (x.details ? `${x.reason}: ${x.details}` : x.reason)).join('; '),
      r.last_reported_at,
      r.held_reason,
      r.hidden_at,
    ]),
  );
  return { csv, rows: page.length, truncated: rows.length > max };
}

const MODERATION_TEXTS = {
  hide: REVIEW_TEXTS.hidden,
  restore: REVIEW_TEXTS.restored,
  dismiss: REVIEW_TEXTS.dismissed,
} as const;

/**
 * PUT /api/admin/reviews/:id. Restoring a held review publishes it: its provider gets the 'new
 * review' email then, in the same transaction.
 */
export async function moderateReview(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  action: 'hide' | 'restore' | 'dismiss',
) {
  const published = await ctx.db.transaction(async (tx) => {
    const done = await q.moderateReview(tx, { id, action, adminId: admin.id, now: ctx.now() });
    if (!done) throw new AppError('NOT_FOUND', REVIEW_TEXTS.notFound);
    if (!done.published) return false;
    const row = await q.findReviewById(tx, id);
    const provider = row && (await q.findListedProvider(tx, row.provider_id));
    if (!row || !provider) return false;
    await tellProvider(ctx, tx, provider, { ...row, rating: Number(row.rating) });
    return true;
  });
  if (published) ctx.kickMail();
  return { message: published ? REVIEW_TEXTS.published : MODERATION_TEXTS[action] };
}
