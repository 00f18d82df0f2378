import { sql } from 'drizzle-orm';
import { MAP_TEXTS, type MapArea } from '#domain/map-area.ts';
import {
  findOpeningService,
  OPENING_LIMITS,
  OPENING_SERVICE_TEXTS,
  OPENING_TEXTS,
  type Opening,
  type OpeningFields,
  type OpeningsQuery,
  openingTimeIssues,
  type ProviderTimeZone,
  reductionOf,
  WALL_TIME,
  wallTimeToInstant,
} from '#domain/openings.ts';
import { formatMoney } from '#domain/pricing-options.ts';
import { ifMatchTags, VERSION_TEXTS } from '#domain/versions.ts';
import type { AppContext } from '#server/context.ts';
import type { PricingEntry, UserRow } from '#server/db/schema/index.ts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import { withClickTokens } from '#server/lib/click-tokens.ts';
import { areaCenter, areaRadiusMeters } from '#server/lib/geo.ts';
import { decodeKeyset, encodeKeyset } from '#server/lib/keyset-cursor.ts';
import { timeZoneOfZip } from '#server/lib/time-zones.ts';
import { lookupZip } from '#server/lib/zip-lookup.ts';
import * as q from './openings.queries';

const METERS_PER_MILE = 1609.344;
/** US zones span UTC-4 (Atlantic) to UTC-10 (Hawaii): a day starts between 04:00 and 10:00 UTC. */
const US_OFFSETS_HOURS = { east: 4, west: 10 };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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
 * What the public lists show now: openings not ended, starting within OPENING_LIMITS.windowDays (the
 * list, profiles, 'New for you' and the landing pages' count alike). An opening in it is public when
 * it is active and its provider listed.
 */
export function upcomingWindow(ctx: AppContext): q.UpcomingWindow {
  const now = ctx.now();
  return {
    now,
    until: new Date(now.getTime() + OPENING_LIMITS.windowDays * DAY_MS),
    earliestStart: new Date(now.getTime() - OPENING_LIMITS.maxHours * HOUR_MS),
  };
}

/**
 * The public list's first `limit` openings of the provider that a statement on `users` and
 * `provider_profiles` reads: a column for that statement (the same on every call, so it can be
 * prepared once) and its values now. The profile reads them in its own round trip
 * (profiles.queries findProviderBySlug).
 */
export function profileOpenings(ctx: AppContext, limit: number) {
  return { column: q.UPCOMING_OPENINGS_JSON, params: q.upcomingOpeningsParams(upcomingWindow(ctx), limit) };
}

/**
 * The public list's columns (an OpeningRow) and its window's conditions now, for another module's
 * statement that reads `o` (openings), `u` (users) and `p` (provider_profiles): 'New for you' lists
 * the same openings as the public list, by other rules.
 */
export function upcomingOpeningsSql(ctx: AppContext) {
  return { columns: q.SELECT_OPENING_COLUMNS, window: q.upcomingWindowSql(upcomingWindow(ctx)) };
}

/**
 * The provider's policies as a JSON column of a statement that reads their profile as `p`
 * (provider_profiles), in the shape every opening answers: the saved-search emails read them so.
 */
export function openingPoliciesSql() {
  return q.policiesJson(sql`p`);
}

/**
 * The public list: active openings that have not ended and start within 5 days, soonest first. A
 * signed-in `viewer` also gets each provider's click token (ADR 008).
 */
/** The longest a list of upcoming openings is kept without a write: time also changes it. */
const OPENINGS_KEPT_MS = 60_000;

/**
 * When a list of upcoming openings (cached under the catalogue version) stops being right on time
 * alone: its first opening to end leaves it then, and openings further out enter the 5-day window
 * as time passes, which a minute bounds.
 */
export function openingsExpireAt(nowMs: number, openings: readonly { end_time: string }[]): number {
  let at = nowMs + OPENINGS_KEPT_MS;
  for (const o of openings) at = Math.min(at, Date.parse(o.end_time));
  return at;
}

export async function listUpcomingOpenings(
  ctx: AppContext,
  query: {
    limit: number;
    cursor?: string | undefined;
    providerId?: string | undefined;
  } & OpeningFilterQuery,
  viewer: UserRow | null = null,
) {
  const rows = await q.findUpcomingOpenings(ctx.db, {
    ...upcomingWindow(ctx),
    limit: query.limit,
    after: afterOf(query.cursor),
    ...(query.providerId ? { providerId: query.providerId } : {}),
    filters: filtersOf(query),
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
  return { ...page(rows, query.limit), provider_time_zone: await providerTimeZone(ctx, user.id) };
}

/** The public list's filters, as the route parsed them (`bbox`: the map area; `reduced`: reduced prices only). */
type OpeningFilterQuery = Pick<OpeningsQuery, 'zip' | 'radius' | 'q' | 'category' | 'day'> & {
  bbox?: MapArea | undefined;
  reduced?: boolean | undefined;
};

/** The public list's filters as the queries take them; an unknown zip is a 400 on `zip`, a zip with a bbox too. */
function filtersOf(query: OpeningFilterQuery): q.OpeningFilters {
  const filters: q.OpeningFilters = {};
  if (query.reduced) filters.reduced = true;
  if (query.bbox) {
    if (query.zip) throw fieldError('bbox', MAP_TEXTS.areaWithZip);
    const center = areaCenter(query.bbox);
    filters.area = { ...query.bbox, circle: { ...center, meters: areaRadiusMeters(query.bbox) } };
  }
  if (query.zip) {
    const place = lookupZip(query.zip);
    if (!place) throw fieldError('zip', OPENING_TEXTS.unknownZip);
    filters.near = {
      latitude: place.latitude,
      longitude: place.longitude,
      meters: Number(query.radius ?? 25) * METERS_PER_MILE,
    };
  }
  const words = query.q?.trim();
  if (words) filters.words = words;
  if (query.category) filters.category = query.category;
  if (query.day) {
    const midnightUtc = Date.parse(`${query.day}T00:00:00Z`);
    // The pattern lets Feb 30 through; PostgreSQL would refuse it with an error.
    if (!Number.isFinite(midnightUtc) || new Date(midnightUtc).toISOString().slice(0, 10) !== query.day)
      throw fieldError('day', OPENING_TEXTS.chooseDay);
    filters.day = {
      date: query.day,
      from: new Date(midnightUtc + US_OFFSETS_HOURS.east * HOUR_MS),
      until: new Date(midnightUtc + DAY_MS + US_OFFSETS_HOURS.west * HOUR_MS),
    };
  }
  return filters;
}

/** A provider's time-zone setting: their choice, else the zone of their zip. */
export async function providerTimeZone(ctx: AppContext, providerId: string): Promise<ProviderTimeZone> {
  const row = await q.findProviderZone(ctx.db, providerId);
  const zip = row?.zip ?? null;
  const zipZone = timeZoneOfZip(zip);
  return {
    chosen: row?.time_zone ?? null,
    zip_time_zone: zipZone,
    zip,
    city: (zip && lookupZip(zip)?.city) || null,
    effective: row?.time_zone ?? zipZone,
  };
}

/** Sets the provider's own time zone (null: their zip's). Clients: 403. */
export async function setProviderTimeZone(ctx: AppContext, user: UserRow, timeZone: string | null) {
  if (user.userType !== 'provider') throw new AppError('FORBIDDEN', 'Only providers have a time zone');
  if (!(await q.updateProviderZone(ctx.db, user.id, timeZone)))
    throw new AppError('NOT_FOUND', 'Provider profile not found');
  return providerTimeZone(ctx, user.id);
}

/**
 * The form's times as instants: a wall-clock 'YYYY-MM-DDTHH:mm' is read on the provider's clocks
 * (so a provider posting while travelling publishes their own local time); an ISO instant is kept.
 * A `time_zone` the form sends must be the provider's zone: otherwise it changed since the form
 * opened, and the times would land elsewhere (409).
 */
function toStored(
  fields: OpeningFields,
  zone: string,
  services: readonly PricingEntry[],
): q.StoredOpeningFields {
  if (fields.time_zone !== undefined && fields.time_zone !== zone)
    throw new AppError('CONFLICT', OPENING_TEXTS.zoneChanged);
  const instant = (value: string, path: 'start_time' | 'end_time') => {
    if (!WALL_TIME.test(value)) return new Date(value).toISOString();
    const ms = wallTimeToInstant(value, zone);
    if (ms === null)
      throw fieldError(path, path === 'start_time' ? OPENING_TEXTS.startRequired : OPENING_TEXTS.endRequired);
    return new Date(ms).toISOString();
  };
  const { time_zone: _shown, service: _service, reduced_price: _reduced, ...rest } = fields;
  return {
    ...rest,
    ...fromService(fields, services),
    start_time: instant(fields.start_time, 'start_time'),
    end_time: instant(fields.end_time, 'end_time'),
    time_zone: zone,
  };
}

/**
 * An opening made from one of the provider's services (`service`): that service's stored name,
 * and at a reduced price its own stored price as the regular one (never an amount the client
 * sends), the reduced amount as the price. A typed-in opening keeps its fields, not reduced. The
 * schema has refused a reduced price without a service.
 */
function fromService(
  fields: OpeningFields,
  services: readonly PricingEntry[],
): Pick<q.StoredOpeningFields, 'regular_price'> &
  Partial<Pick<q.StoredOpeningFields, 'service_type' | 'price'>> {
  if (!fields.service) return { regular_price: null };
  const service = findOpeningService(services, fields.service);
  if (!service) throw fieldError('service', OPENING_SERVICE_TEXTS.unknownService);
  if (fields.reduced_price === null) return { service_type: service.service, regular_price: null };
  const reduction = reductionOf(service, fields.reduced_price);
  if ('error' in reduction) throw fieldError('reduced_price', reduction.error);
  return {
    service_type: service.service,
    price: formatMoney(fields.reduced_price),
    regular_price: reduction.regular,
  };
}

/** The provider's services, read only when the opening names one. */
const servicesFor = (ctx: AppContext, user: UserRow, fields: OpeningFields) =>
  fields.service ? q.findProviderServices(ctx.db, user.id) : Promise.resolve([]);

function checkTimes(fields: Pick<OpeningFields, 'start_time' | 'end_time'>, now: Date, startChanged = true) {
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
 * them, and records it against the saved searches it matches, in one transaction: the
 * opening never exists without its announcement.
 */
export async function createOpening(ctx: AppContext, user: UserRow, fields: OpeningFields) {
  if (user.userType !== 'provider') throw new AppError('FORBIDDEN', 'Only providers can post openings');
  const now = ctx.now();
  const stored = toStored(
    fields,
    (await providerTimeZone(ctx, user.id)).effective,
    await servicesFor(ctx, user, fields),
  );
  checkTimes(stored, now);
  if ((await q.countUpcomingOpenings(ctx.db, user.id, now)) >= OPENING_LIMITS.perProviderMax)
    throw new AppError('CONFLICT', OPENING_TEXTS.tooMany);
  const id = await ctx.db.transaction(async (tx) => {
    const openingId = await q.insertOpening(tx, user.id, stored, now);
    await q.scheduleAlertDispatch(tx, user.id, new Date(now.getTime() + ctx.config.alertGroupingMs));
    await ctx.events.emit('opening.posted', {
      tx,
      now,
      opening: {
        id: openingId,
        providerId: user.id,
        startTime: new Date(stored.start_time),
        timeZone: stored.time_zone,
        price: stored.price ?? null,
        reduced: stored.regular_price !== null,
      },
    });
    return openingId;
  });
  ctx.kickAlerts();
  return openingOrThrow(ctx, id);
}

/** The versions an If-Match header accepts ('*': any, as without the header). */
const expectedVersions = (ifMatch: string | undefined) =>
  ifMatch === undefined ? '*' : ifMatchTags(ifMatch);

const accepts = (expected: '*' | readonly string[], version: string | undefined) =>
  expected === '*' || (version !== undefined && expected.includes(version));

const changedElsewhere = () => new AppError('PRECONDITION_FAILED', VERSION_TEXTS.openingChanged);

/**
 * After a write that matched no row: the opening is still the owner's, so its version moved on
 * (412), or it is not theirs, or gone (404).
 */
async function refusalOf(ctx: AppContext, user: UserRow, id: string) {
  const still = await q.findOpeningById(ctx.db, id);
  return still && still.provider_id === user.id
    ? changedElsewhere()
    : new AppError('NOT_FOUND', 'Opening not found');
}

/**
 * Changes the provider's own opening (someone else's: 404). Unchanged start times are not re-judged.
 * With `ifMatch` (the If-Match header: the version the owner loaded), only while the opening is
 * still that version: checked first, and again inside the UPDATE, so a change made meanwhile in
 * another tab or device is a 412 and nothing changes. The answer carries the new version.
 */
export async function updateOpening(
  ctx: AppContext,
  user: UserRow,
  id: string,
  fields: OpeningFields & { is_active?: boolean | undefined },
  ifMatch?: string,
) {
  const current = await q.findOpeningById(ctx.db, id);
  if (!current || current.provider_id !== user.id) throw new AppError('NOT_FOUND', 'Opening not found');
  const expected = expectedVersions(ifMatch);
  // The form was filled in from another version: its fields are not judged against this one.
  if (!accepts(expected, current.version)) throw changedElsewhere();
  const stored = {
    ...toStored(
      fields,
      (await providerTimeZone(ctx, user.id)).effective,
      await servicesFor(ctx, user, fields),
    ),
    ...(fields.is_active === undefined ? {} : { is_active: fields.is_active }),
  };
  const startChanged = Date.parse(stored.start_time) !== Date.parse(current.start_time);
  checkTimes(stored, ctx.now(), startChanged);
  if (!(await q.updateOpening(ctx.db, id, user.id, stored, ctx.now(), expected)))
    throw await refusalOf(ctx, user, id);
  return openingOrThrow(ctx, id);
}

/**
 * Deactivates (default) or deletes the provider's own opening; someone else's is a 404. With
 * `ifMatch`, only while it is still that version (else 412, and it stays as it is).
 */
export async function removeOpening(
  ctx: AppContext,
  user: UserRow,
  id: string,
  permanent: boolean,
  ifMatch?: string,
) {
  const expected = expectedVersions(ifMatch);
  const done = permanent
    ? await q.deleteOpening(ctx.db, id, user.id, expected)
    : await q.deactivateOpening(ctx.db, id, user.id, ctx.now(), expected);
  if (!done) throw await refusalOf(ctx, user, id);
  return permanent ? OPENING_TEXTS.deleted : OPENING_TEXTS.deactivated;
}

/** The booking links of a provider's openings (their overrides), for booking-click checks. */
export function findOpeningBookingLinks(ctx: AppContext, providerId: string) {
  return q.findOpeningBookingLinks(ctx.db, providerId);
}
