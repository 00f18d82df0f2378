import type { VersionedSavedSearch } from '#domain/saved-search-versions.ts';
import {
  alreadySaved,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
  type SavedSearchQuery,
} from '#domain/saved-searches.ts';
import type { CreateSavedSearchInput } from '#domain/saved-searches-body.ts';
import type { SearchFilters } from '#domain/search.ts';
import { ifMatchTags, VERSION_TEXTS } from '#domain/versions.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { chordOfDistance, cubeLiteral, llToEarth, METERS_PER_MILE } from '#server/lib/geo.ts';
import { type SearchMatch, searchMatchOf } from '../search/search.service';
import { ANYWHERE, cellsAround, savedSearchKeys } from './grid';
import { deleteAlertHistory as deleteAlertHistoryRows } from './saved-search-alerts.queries';
import * as q from './saved-searches.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', SAVED_SEARCH_TEXTS.notFound);

/** The search as it is kept: POST /api/search's parsed body without its page, size and session. */
function storedSearch(filters: SearchFilters): SavedSearchQuery {
  const { sessionId: _session, cursor: _cursor, limit: _limit, ...search } = filters;
  return search;
}

function toSavedSearch(row: q.ListedSavedSearch): VersionedSavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.params as SavedSearchQuery,
    alert: row.alert,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The versions an If-Match header accepts ('*': any, as without the header). */
const expectedVersions = (ifMatch: string | undefined) =>
  ifMatch === undefined ? '*' : ifMatchTags(ifMatch);

/**
 * After a write that matched no row: the search is still the account's, so it changed since the
 * version sent (412, nothing changed), or it is not theirs, or gone (404).
 */
async function refusalOf(ctx: AppContext, userId: string, id: string) {
  return (await q.hasSavedSearch(ctx.db, userId, id))
    ? new AppError('PRECONDITION_FAILED', VERSION_TEXTS.savedSearchChanged)
    : notFound();
}

/** One change of the account's saved search, at the If-Match version when one is sent. */
async function changeSavedSearch(
  ctx: AppContext,
  userId: string,
  id: string,
  change: { name: string } | { alert: boolean },
  ifMatch: string | undefined,
): Promise<VersionedSavedSearch> {
  if (!UUID.test(id)) throw notFound();
  const row = await q.updateSavedSearch(ctx.db, userId, id, change, expectedVersions(ifMatch));
  if (!row) throw await refusalOf(ctx, userId, id);
  return toSavedSearch(row);
}

/** The place columns: the grid cells the radius touches (or ANYWHERE), the centre and the radius as a chord. */
export function placeColumns(center: { latitude: number; longitude: number } | null, radiusMiles: number) {
  return {
    matchCells: center ? cellsAround(center.latitude, center.longitude, radiusMiles) : [ANYWHERE],
    matchLatitude: center?.latitude ?? null,
    matchLongitude: center?.longitude ?? null,
    matchPoint: center ? cubeLiteral(llToEarth(center.latitude, center.longitude)) : null,
    matchChord: center ? chordOfDistance(radiusMiles * METERS_PER_MILE) : null,
  };
}

/** The other columns a new opening is matched by (search's rules, see searchMatchOf). */
export function ruleColumns(match: SearchMatch) {
  return {
    matchTsquery: match.tsquery,
    matchServiceTsquery: match.serviceTsquery,
    matchCategory: match.category,
    matchStems: match.stems,
    matchPriceMin: match.price?.min ?? null,
    matchPriceMax: match.price?.max ?? null,
    matchHours: match.hours,
    matchDate: match.date,
    matchAmenities: match.amenities,
    matchMinRating: match.minRating,
  };
}

/** The rule and place columns with the index keys they make (grid.ts savedSearchKeys). */
export function matchRowColumns(
  rules: ReturnType<typeof ruleColumns>,
  place: ReturnType<typeof placeColumns>,
) {
  return {
    ...rules,
    ...place,
    matchKeys: savedSearchKeys(place.matchCells, rules.matchStems, rules.matchCategory),
  };
}

/** The columns a new opening is matched by, from the filters. */
async function matchColumns(ctx: AppContext, filters: SearchFilters) {
  const match = await searchMatchOf(ctx, filters);
  return matchRowColumns(ruleColumns(match), placeColumns(match.center, filters.radiusMiles));
}

/** The account's saved searches, newest first, each with its version. */
export async function listSavedSearches(ctx: AppContext, userId: string): Promise<VersionedSavedSearch[]> {
  return (await q.findSavedSearches(ctx.db, userId)).map(toSavedSearch);
}

/** Saves a search (at most SAVED_SEARCH_LIMITS.perAccount per account, each search once; the 21st and a repeat are refused). */
export async function createSavedSearch(
  ctx: AppContext,
  userId: string,
  body: CreateSavedSearchInput,
): Promise<VersionedSavedSearch> {
  const columns = await matchColumns(ctx, body.search);
  return ctx.db.transaction(async (tx) => {
    await q.lockAccount(tx, userId);
    const params: SavedSearchQuery = {
      ...storedSearch(body.search),
      ...(body.reduced_only ? { reducedOnly: true } : {}),
    };
    const same = await q.findSameSearch(tx, userId, params);
    if (same) throw new AppError('CONFLICT', alreadySaved(same.name));
    if ((await q.countSavedSearches(tx, userId)) >= SAVED_SEARCH_LIMITS.perAccount) {
      throw new AppError('CONFLICT', SAVED_SEARCH_TEXTS.tooMany);
    }
    const row = await q.insertSavedSearch(tx, {
      userId,
      name: body.name,
      params,
      alert: body.alert,
      createdAt: ctx.now(),
      ...columns,
    });
    return toSavedSearch(row);
  });
}

/**
 * Renames one of the account's saved searches (someone else's is not found). With `ifMatch` (the
 * If-Match header: the version the list showed), only while it is still that version: otherwise
 * 412 and nothing changes. So for the switch and the delete below.
 */
export function renameSavedSearch(
  ctx: AppContext,
  userId: string,
  id: string,
  name: string,
  ifMatch?: string,
): Promise<VersionedSavedSearch> {
  return changeSavedSearch(ctx, userId, id, { name }, ifMatch);
}

/** Turns one saved search's alert emails on or off. */
export function setSavedSearchAlert(
  ctx: AppContext,
  userId: string,
  id: string,
  alert: boolean,
  ifMatch?: string,
): Promise<VersionedSavedSearch> {
  return changeSavedSearch(ctx, userId, id, { alert }, ifMatch);
}

/** Deletes one of the account's saved searches (with its pending matches). */
export async function deleteSavedSearch(
  ctx: AppContext,
  userId: string,
  id: string,
  ifMatch?: string,
): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  if (!(await q.deleteSavedSearch(ctx.db, userId, id, expectedVersions(ifMatch))))
    throw await refusalOf(ctx, userId, id);
}

/** Deletes the account's saved-search alert history. */
export async function deleteAlertHistory(ctx: AppContext, userId: string): Promise<void> {
  await deleteAlertHistoryRows(ctx.db, userId);
}

/** Saved-search alert emails a day at most, across the account's saved searches. */
export async function getDailyCap(ctx: AppContext, userId: string): Promise<number> {
  return (await q.findDailyCap(ctx.db, userId)) ?? SAVED_SEARCH_LIMITS.dailyCapDefault;
}

export async function setDailyCap(ctx: AppContext, userId: string, dailyCap: number): Promise<number> {
  await q.upsertDailyCap(ctx.db, userId, dailyCap);
  return dailyCap;
}
