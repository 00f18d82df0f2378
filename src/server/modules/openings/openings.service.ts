import {
  OPENING_LIMITS,
  OPENING_TEXTS,
  type Opening,
  type OpeningFields,
  openingTimeIssues,
} from '#domain/openings.ts';
import type { AppContext } from '#server/context.ts';
import type { UserRow } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '#server/lib/keyset-cursor.ts';
import { withClickTokens } from '../bookings/click-tokens';
import * as q from './openings.queries';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The default ALERT_GROUPING_SECONDS: openings posted within 2 minutes of the first share one email. */
export const ALERT_GROUPING_MS = 2 * 60_000;

function page(rows: q.OpeningRow[], limit: number) {
  const openings: Opening[] = rows.slice(0, limit);
  const last = openings.at(-1);
  return {
    openings,
    nextCursor:
      rows.length > limit && last ? encodeKeyset({ createdAt: last.start_time, id: last.id }) : null,
  };
}

const afterOf = (cursor: string | undefined) => {
  const keyset = decodeKeyset(cursor);
  return keyset ? { startTime: keyset.createdAt, id: keyset.id } : null;
};

/**
 * The public list: active openings that have not ended and start within 5 days, soonest first. A
 * signed-in `viewer` also gets each provider's click token (ADR 008).
 */
export async function listUpcomingOpenings(
  ctx: AppContext,
  query: { limit: number; cursor?: string | undefined; providerId?: string | undefined },
  viewer: UserRow | null = null,
) {
  const now = ctx.now();
  const rows = await q.findUpcomingOpenings(ctx.db, {
    now,
    until: new Date(now.getTime() + OPENING_LIMITS.windowDays * DAY_MS),
    earliestStart: new Date(now.getTime() - OPENING_LIMITS.maxHours * HOUR_MS),
    limit: query.limit,
    after: afterOf(query.cursor),
    ...(query.providerId ? { providerId: query.providerId } : {}),
  });
  const result = page(rows, query.limit);
  return { ...result, openings: await withClickTokens(ctx, viewer, result.openings) };
}

/** A provider's own openings that have not ended, inactive ones too on request. Anyone else: 404. */
export async function listOwnOpenings(
  ctx: AppContext,
  user: UserRow,
  query: { providerId: string; includeInactive: boolean; limit: number; cursor?: string | undefined },
) {
  if (query.providerId !== user.id) throw new AppError('NOT_FOUND', 'Not found');
  const rows = await q.findProviderOpenings(ctx.db, {
    providerId: user.id,
    now: ctx.now(),
    includeInactive: query.includeInactive,
    limit: query.limit,
    after: afterOf(query.cursor),
  });
  return page(rows, query.limit);
}

function checkTimes(fields: OpeningFields, now: Date, startChanged = true) {
  const issues = openingTimeIssues(fields.start_time, fields.end_time, now).filter(
    (issue) => startChanged || issue.path !== 'start_time',
  );
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', issues[0]!.message, issues);
}

async function openingOrThrow(ctx: AppContext, id: string) {
  const opening = await q.findOpeningById(ctx.db, id);
  if (!opening) throw new AppError('NOT_FOUND', 'Opening not found');
  return opening;
}

/**
 * Posts an opening for a provider (clients get 403) and schedules the alert to the people who saved
 * them, in one transaction: the opening never exists without its announcement.
 */
export async function createOpening(ctx: AppContext, user: UserRow, fields: OpeningFields) {
  if (user.userType !== 'provider') throw new AppError('FORBIDDEN', 'Only providers can post openings');
  const now = ctx.now();
  checkTimes(fields, now);
  if ((await q.countUpcomingOpenings(ctx.db, user.id, now)) >= OPENING_LIMITS.perProviderMax)
    throw new AppError('CONFLICT', OPENING_TEXTS.tooMany);
  const id = await ctx.db.transaction(async (tx) => {
    const openingId = await q.insertOpening(tx, user.id, fields, now);
    await q.scheduleAlertDispatch(tx, user.id, new Date(now.getTime() + ctx.config.alertGroupingMs));
    return openingId;
  });
  ctx.kickAlerts();
  return openingOrThrow(ctx, id);
}

/** Changes the provider's own opening (someone else's: 404). Unchanged start times are not re-judged. */
export async function updateOpening(
  ctx: AppContext,
  user: UserRow,
  id: string,
  fields: OpeningFields & { is_active?: boolean | undefined },
) {
  const current = await q.findOpeningById(ctx.db, id);
  if (!current || current.provider_id !== user.id) throw new AppError('NOT_FOUND', 'Opening not found');
  const startChanged = Date.parse(fields.start_time) !== Date.parse(current.start_time);
  checkTimes(fields, ctx.now(), startChanged);
  if (!(await q.updateOpening(ctx.db, id, user.id, fields, ctx.now())))
    throw new AppError('NOT_FOUND', 'Opening not found');
  return openingOrThrow(ctx, id);
}

/** Deactivates (default) or deletes the provider's own opening; someone else's is a 404. */
export async function removeOpening(ctx: AppContext, user: UserRow, id: string, permanent: boolean) {
  const done = permanent
    ? await q.deleteOpening(ctx.db, id, user.id)
    : await q.deactivateOpening(ctx.db, id, user.id, ctx.now());
  if (!done) throw new AppError('NOT_FOUND', 'Opening not found');
  return permanent ? OPENING_TEXTS.deleted : OPENING_TEXTS.deactivated;
}

/** The booking links of a provider's openings (their overrides), for booking-click checks. */
export function findOpeningBookingLinks(ctx: AppContext, providerId: string) {
  return q.findOpeningBookingLinks(ctx.db, providerId);
}
