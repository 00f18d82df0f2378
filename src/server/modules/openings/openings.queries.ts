import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { MapArea, Position } from '#domain/map-area.ts';
import type { OpeningFields } from '#domain/openings.ts';
import type { Policies } from '#domain/policies-options.ts';
import { type Db, rowsOf } from '#server/db/client.ts';
import {
  openingAlertDispatches,
  openings,
  type PricingEntry,
  providerProfiles,
  users,
} from '#server/db/schema/index.ts';

const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`);

/** An opening with its provider's name, picture, slug, location and booking link (docs/product.md §3). */
export interface OpeningRow {
  id: string;
  provider_id: string;
  provider_name: string;
  provider_image: string | null;
  routing_slug: string;
  service_type: string;
  price: string | null;
  /** At a reduced price: its service's price then (the 'was'); null otherwise. */
  regular_price: number | null;
  start_time: string;
  end_time: string;
  note: string | null;
  location_override: string | null;
  booking_link_override: string | null;
  is_active: boolean;
  display_location: string;
  display_booking_link: string;
  time_zone: string;
  /** The provider's policies, read with the opening (policiesJson). */
  policies: Policies;
  /** The provider's map point (pin or zip centre, 3 decimals); null without one. */
  provider_position: Position | null;
  /** The owner's reads only (findProviderOpenings, findOpeningById): the row's version (openingVersion). */
  version?: string;
}

/** Each filter of the public list (/availability); the service has checked them. */
export interface OpeningFilters {
  /** Providers within `meters` of this point (provider_search.earth_point, its GiST index). */
  near?: { latitude: number; longitude: number; meters: number };
  /**
   * Providers whose map point is inside this area: the box around its circumcircle (`circle`, for the
   * GiST index), then the area's exact bounds.
   */
  area?: MapArea & { circle: { latitude: number; longitude: number; meters: number } };
  /** Words of the service type or note, as an English tsquery (the openings_text_idx GIN index). */
  words?: string;
  /** A provider category (provider_search.categories, its GIN index). */
  category?: string;
  /**
   * A day on each opening's own calendar: the UTC bounds of that day over every US zone (the index
   * range), then the exact day in the opening's zone.
   */
  day?: { date: string; from: Date; until: Date };
  /** Only openings at a reduced price (the partial index openings_reduced_start_idx). */
  reduced?: boolean;
}

/**
 * The provider's map point of `latitude` and `longitude` columns (provider_profiles'), as a JSON
 * object rounded to 3 decimals (about 100 m), or null.
 */
const positionJson = (latitude: SQLWrapper, longitude: SQLWrapper) =>
  sql`CASE WHEN ${latitude} IS NOT NULL AND ${longitude} IS NOT NULL THEN json_build_object(
    'latitude', round(${latitude}::numeric, 3), 'longitude', round(${longitude}::numeric, 3)) END`;

/** The text an opening is found by: the same expression as openings_text_idx (migration 0014). */
const OPENING_TEXT = sql`to_tsvector('english', o.service_type || ' ' || coalesce(o.note, ''))`;

/**
 * The provider's policies as a JSON object, from their profile's columns (`profile`: its alias or
 * table): the same shape as profiles.service policiesOf, read in the statement that reads the
 * openings, so a page of openings from many providers costs no query more.
 */
export const policiesJson = (profile: SQLWrapper) => {
  const col = (name: string) => sql`${profile}.${sql.identifier(name)}`;
  return sql`json_build_object(
    'deposit', CASE WHEN ${col('deposit_type')} IS NOT NULL
      THEN json_build_object('type', ${col('deposit_type')}, 'value', ${col('deposit_value')}) END,
    'cancellation_notice_hours', ${col('cancellation_notice_hours')},
    'text', coalesce(${col('policy_text')}, ''))`;
};

/** OpeningRow's columns, of `o` (openings), `u` (users) and `p` (provider_profiles). */
export const SELECT_OPENING_COLUMNS = sql`
  SELECT o.id, o.provider_id, u.name AS provider_name, u.avatar_url AS provider_image, u.routing_slug,
         o.service_type, o.price, o.regular_price, o.time_zone,
         to_char(o.start_time AT TIME ZONE 'UTC', ${ISO}) AS start_time,
         to_char(o.end_time AT TIME ZONE 'UTC', ${ISO}) AS end_time,
         o.note, o.location_override, o.booking_link_override, o.is_active,
         coalesce(nullif(o.location_override, ''), p.location, '') AS display_location,
         coalesce(nullif(o.booking_link_override, ''), p.booking_link, '') AS display_booking_link,
         ${policiesJson(sql`p`)} AS policies,
         ${positionJson(sql`p.latitude`, sql`p.longitude`)} AS provider_position`;

const FROM_OPENING = sql`
  FROM openings o
  JOIN users u ON u.id = o.provider_id
  LEFT JOIN provider_profiles p ON p.user_id = o.provider_id`;

const SELECT_OPENING = sql`${SELECT_OPENING_COLUMNS}${FROM_OPENING}`;

/**
 * An opening's version, the entity tag its owner sends back as If-Match (domain/versions.ts):
 * `"o<updated_at in microseconds since 1970>"`, the column's whole precision, so that a row written
 * straight into the table (a seed's now()) has one exact version too. Every write of an opening
 * moves updated_at on (nextUpdatedAt), so every write moves the version on.
 */
const openingVersion = (updatedAt: SQLWrapper) =>
  sql<string>`'"o' || (extract(epoch from ${updatedAt}) * 1000000)::bigint || '"'`;

/** The owner's reads: the public columns and the version. */
const SELECT_OWN_OPENING = sql`${SELECT_OPENING_COLUMNS},
         ${openingVersion(sql`o.updated_at`)} AS version${FROM_OPENING}`;

/**
 * updated_at of a write at `now`: `now`, or a microsecond past the stored one when the clock has not
 * moved past it (two writes within one tick, a clock set back), so the version always changes.
 */
const nextUpdatedAt = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${openings.updatedAt} + interval '1 microsecond')`;

/**
 * The write's condition on the version: none for `'*'` (no If-Match, or `*`), else the row's version
 * is one of the tags (none: never). Inside the UPDATE or DELETE itself, so a change committed since
 * the owner loaded the opening is seen by the write that would overwrite it (PostgreSQL re-checks
 * the condition on the row a concurrent write left).
 */
const versionIs = (expected: '*' | readonly string[]) => {
  if (expected === '*') return undefined;
  if (expected.length === 0) return sql`false`;
  return sql`${openingVersion(openings.updatedAt)} IN (${sql.join(
    expected.map((tag) => sql`${tag}`),
    sql`, `,
  )})`;
};

/** The public list's window (listUpcomingOpenings): not ended at `now`, starting before `until`. */
export interface UpcomingWindow {
  now: Date;
  until: Date;
  /** Bounds the index scan: an opening lasts at most 12 hours. */
  earliestStart: Date;
}

/** The window's bounds in a statement: values for a one-off one, placeholders for a prepared one. */
type WindowSql = Record<keyof UpcomingWindow, SQLWrapper>;

const windowValues = (w: UpcomingWindow): WindowSql => ({
  now: sql`${w.now.toISOString()}`,
  until: sql`${w.until.toISOString()}`,
  earliestStart: sql`${w.earliestStart.toISOString()}`,
});

/** The window's conditions on `o`, shared by the list and the profile's openings so the two agree. */
const inWindow = (w: WindowSql) => sql`o.is_active
        AND o.start_time >= ${w.earliestStart}::timestamptz
        AND o.start_time < ${w.until}::timestamptz
        AND o.end_time > ${w.now}::timestamptz`;

/** The window's conditions on `o` with its values (the public list's, for other modules' statements). */
export const upcomingWindowSql = (w: UpcomingWindow) => inWindow(windowValues(w));

/** The values of UPCOMING_OPENINGS_JSON's placeholders. */
export function upcomingOpeningsParams(window: UpcomingWindow, limit: number) {
  return {
    openingsNow: window.now.toISOString(),
    openingsUntil: window.until.toISOString(),
    openingsEarliestStart: window.earliestStart.toISOString(),
    openingsLimit: limit,
  };
}

/**
 * One provider's first `openingsLimit` upcoming openings as a JSON array of OpeningRow, a column for
 * a statement that already reads the provider from `users` and `provider_profiles`: the public
 * profile reads them with the provider in one round trip. The same rows, order and fields as
 * findUpcomingOpenings with that providerId (and so nothing for a provider who is not listed). Its
 * values are placeholders (upcomingOpeningsParams), so a statement with it can be prepared once.
 */
export const UPCOMING_OPENINGS_JSON = upcomingOpeningsJson();

function upcomingOpeningsJson() {
  const window: WindowSql = {
    now: sql.placeholder('openingsNow'),
    until: sql.placeholder('openingsUntil'),
    earliestStart: sql.placeholder('openingsEarliestStart'),
  };
  return sql<OpeningRow[]>`(
    SELECT coalesce(json_agg(json_build_object(
             'id', o.id, 'provider_id', o.provider_id, 'provider_name', ${users.name},
             'provider_image', ${users.avatarUrl}, 'routing_slug', ${users.routingSlug},
             'service_type', o.service_type, 'price', o.price, 'regular_price', o.regular_price,
             'time_zone', o.time_zone,
             'start_time', to_char(o.start_time AT TIME ZONE 'UTC', ${ISO}),
             'end_time', to_char(o.end_time AT TIME ZONE 'UTC', ${ISO}),
             'note', o.note, 'location_override', o.location_override,
             'booking_link_override', o.booking_link_override, 'is_active', o.is_active,
             'display_location', coalesce(nullif(o.location_override, ''), ${providerProfiles.location}, ''),
             'display_booking_link', coalesce(nullif(o.booking_link_override, ''), ${providerProfiles.bookingLink}, ''),
             'policies', ${policiesJson(providerProfiles)},
             'provider_position', ${positionJson(providerProfiles.latitude, providerProfiles.longitude)}
           ) ORDER BY o.start_time, o.id), '[]'::json)
    FROM (
      SELECT * FROM openings o
      WHERE o.provider_id = ${users.id} AND ${users.listed} AND ${inWindow(window)}
      ORDER BY o.start_time, o.id
      LIMIT ${sql.placeholder('openingsLimit')}
    ) o
  )`;
}

/**
 * Active openings of listed providers that have not ended and start before `until`, soonest first,
 * paged by (start_time, id).
 */
export async function findUpcomingOpenings(
  db: Db,
  opts: UpcomingWindow & {
    limit: number;
    after: { startTime: string; id: string } | null;
    providerId?: string;
    filters?: OpeningFilters;
  },
): Promise<OpeningRow[]> {
  const f = opts.filters ?? {};
  const needsSearchRow = Boolean(f.near || f.area || f.category);
  return rowsOf<OpeningRow>(
    await db.execute(sql`${SELECT_OPENING}
      ${needsSearchRow ? sql`JOIN provider_search ps ON ps.provider_id = o.provider_id` : sql``}
      WHERE ${upcomingWindowSql(opts)}
        AND u.listed
        ${opts.providerId ? sql`AND o.provider_id = ${opts.providerId}` : sql``}
        ${
          f.near
            ? sql`AND earth_box(ll_to_earth(${f.near.latitude}::float8, ${f.near.longitude}::float8), ${f.near.meters}::float8) @> ps.earth_point
              AND earth_distance(ll_to_earth(${f.near.latitude}::float8, ${f.near.longitude}::float8), ps.earth_point) <= ${f.near.meters}::float8`
            : sql``
        }
        ${
          f.area
            ? sql`AND earth_box(ll_to_earth(${f.area.circle.latitude}::float8, ${f.area.circle.longitude}::float8), ${f.area.circle.meters}::float8) @> ps.earth_point
              AND latitude(ps.earth_point::earth) BETWEEN ${f.area.south}::float8 AND ${f.area.north}::float8
              AND longitude(ps.earth_point::earth) BETWEEN ${f.area.west}::float8 AND ${f.area.east}::float8`
            : sql``
        }
        ${f.category ? sql`AND ps.categories @> ARRAY[${f.category}]::text[]` : sql``}
        ${f.reduced ? sql`AND o.regular_price IS NOT NULL` : sql``}
        ${f.words ? sql`AND ${OPENING_TEXT} @@ plainto_tsquery('english', ${f.words})` : sql``}
        ${
          f.day
            ? sql`AND o.start_time >= ${f.day.from.toISOString()}::timestamptz
              AND o.start_time < ${f.day.until.toISOString()}::timestamptz
              AND (o.start_time AT TIME ZONE o.time_zone)::date = ${f.day.date}::date`
            : sql``
        }
        ${opts.after ? sql`AND (o.start_time, o.id) > (${opts.after.startTime}::timestamptz, ${opts.after.id}::uuid)` : sql``}
      ORDER BY o.start_time, o.id
      LIMIT ${opts.limit + 1}`),
  );
}

/** A provider's own openings that have not ended (inactive ones too when asked), soonest first. */
export async function findProviderOpenings(
  db: Db,
  opts: {
    providerId: string;
    now: Date;
    includeInactive: boolean;
    limit: number;
    after: { startTime: string; id: string } | null;
  },
): Promise<OpeningRow[]> {
  return rowsOf<OpeningRow>(
    await db.execute(sql`${SELECT_OWN_OPENING}
      WHERE o.provider_id = ${opts.providerId}
        AND o.end_time > ${opts.now.toISOString()}::timestamptz
        ${opts.includeInactive ? sql`` : sql`AND o.is_active`}
        ${opts.after ? sql`AND (o.start_time, o.id) > (${opts.after.startTime}::timestamptz, ${opts.after.id}::uuid)` : sql``}
      ORDER BY o.start_time, o.id
      LIMIT ${opts.limit + 1}`),
  );
}

/** An opening with its version (the replies to its owner's writes read it). */
export async function findOpeningById(db: Db, id: string): Promise<OpeningRow | undefined> {
  const [row] = rowsOf<OpeningRow>(await db.execute(sql`${SELECT_OWN_OPENING} WHERE o.id = ${id}`));
  return row;
}

export async function countUpcomingOpenings(db: Db, providerId: string, now: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM openings WHERE provider_id = ${providerId} AND end_time > ${now.toISOString()}::timestamptz`,
    ),
  );
  return row?.n ?? 0;
}

/**
 * Opening fields with their times as instants and the zone they were entered in, and the regular
 * price of a reduced one (read by the service from the provider's pricing; null otherwise).
 */
export type StoredOpeningFields = Omit<OpeningFields, 'service' | 'reduced_price'> & {
  time_zone: string;
  regular_price: number | null;
};

const columnsOf = (fields: StoredOpeningFields) => ({
  serviceType: fields.service_type,
  timeZone: fields.time_zone,
  startTime: new Date(fields.start_time),
  endTime: new Date(fields.end_time),
  price: fields.price,
  regularPrice: fields.regular_price,
  note: fields.note,
  locationOverride: fields.location_override,
  bookingLinkOverride: fields.booking_link_override,
});

export async function insertOpening(db: Db, providerId: string, fields: StoredOpeningFields, now: Date) {
  const [row] = await db
    .insert(openings)
    .values({ providerId, ...columnsOf(fields), createdAt: now, updatedAt: now })
    .returning({ id: openings.id });
  return row!.id;
}

/**
 * Updates the provider's own opening while its version is one of `expected` ('*': any); false when
 * there is no such opening of theirs at that version (the service tells the two apart).
 */
export async function updateOpening(
  db: Db,
  id: string,
  providerId: string,
  fields: StoredOpeningFields & { is_active?: boolean | undefined },
  now: Date,
  expected: '*' | readonly string[] = '*',
): Promise<boolean> {
  const rows = await db
    .update(openings)
    .set({
      ...columnsOf(fields),
      ...(fields.is_active === undefined ? {} : { isActive: fields.is_active }),
      updatedAt: nextUpdatedAt(now),
    })
    .where(and(eq(openings.id, id), eq(openings.providerId, providerId), versionIs(expected)))
    .returning({ id: openings.id });
  return rows.length > 0;
}

/** Deactivates the provider's own opening at one of the `expected` versions (moving it on); false otherwise. */
export async function deactivateOpening(
  db: Db,
  id: string,
  providerId: string,
  now: Date,
  expected: '*' | readonly string[] = '*',
) {
  const rows = await db
    .update(openings)
    .set({ isActive: false, updatedAt: nextUpdatedAt(now) })
    .where(and(eq(openings.id, id), eq(openings.providerId, providerId), versionIs(expected)))
    .returning({ id: openings.id });
  return rows.length > 0;
}

/** Deletes the provider's own opening at one of the `expected` versions; false otherwise. */
export async function deleteOpening(
  db: Db,
  id: string,
  providerId: string,
  expected: '*' | readonly string[] = '*',
) {
  const rows = await db
    .delete(openings)
    .where(and(eq(openings.id, id), eq(openings.providerId, providerId), versionIs(expected)))
    .returning({ id: openings.id });
  return rows.length > 0;
}

/** The override links of a provider's openings: clicks on them are real booking clicks too. */
export async function findOpeningBookingLinks(db: Db, providerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ link: openings.bookingLinkOverride })
    .from(openings)
    .where(and(eq(openings.providerId, providerId), sql`${openings.bookingLinkOverride} IS NOT NULL`));
  return rows.map((r) => r.link!).filter(Boolean);
}

/** Announces a provider's new openings at `dueAt`, unless an announcement is already due earlier. */
export async function scheduleAlertDispatch(db: Db, providerId: string, dueAt: Date) {
  await db
    .insert(openingAlertDispatches)
    .values({ providerId, dueAt })
    .onConflictDoUpdate({
      target: openingAlertDispatches.providerId,
      set: { dueAt: sql`least(${openingAlertDispatches.dueAt}, excluded.due_at)` },
    });
}

/** A provider's services (their pricing), as stored; [] without a provider profile. */
export async function findProviderServices(db: Db, providerId: string): Promise<PricingEntry[]> {
  const [row] = await db
    .select({ pricing: providerProfiles.pricing })
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId));
  return row?.pricing ?? [];
}

/** A provider's chosen zone (null: their zip's) and zip; undefined without a provider profile. */
export async function findProviderZone(
  db: Db,
  providerId: string,
): Promise<{ time_zone: string | null; zip: string | null } | undefined> {
  const [row] = rowsOf<{ time_zone: string | null; zip: string | null }>(
    await db.execute(sql`SELECT time_zone, zip FROM provider_profiles WHERE user_id = ${providerId}`),
  );
  return row;
}

/** Sets provider_profiles.time_zone (null: the zip's); false without a provider profile. */
export async function updateProviderZone(db: Db, providerId: string, timeZone: string | null) {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(
      sql`UPDATE provider_profiles SET time_zone = ${timeZone} WHERE user_id = ${providerId} RETURNING user_id`,
    ),
  );
  return rows.length > 0;
}
