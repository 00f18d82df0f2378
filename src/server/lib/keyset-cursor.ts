import { fieldError } from './app-error';

/**
 * The one cursor library: every paged list hands out opaque cursors (base64url JSON) made and read
 * here, so every list refuses a cursor it did not make with the same 400 on the `cursor` field.
 *
 * - Keyset cursors, for lists ordered newest first by (created_at, id): the last row's keys.
 *   created_at travels as text with microseconds, so equal-looking timestamps still page exactly (a
 *   JS Date would round to milliseconds).
 * - Offset cursors, for ranked lists (search) that cannot page by keys: the next row's position,
 *   bounded by the list's cap.
 */
export interface Keyset {
  createdAt: string;
  id: string;
}

/** What a refused cursor says, unless the list has its own words (search has). */
export const INVALID_CURSOR = 'Invalid page cursor';

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const IDS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  bigint: /^\d{1,18}$/,
} as const;

/**
 * A real instant PostgreSQL accepts: Feb 30, month 13 or hour 24 match the pattern but would fail
 * the SQL cast (a 500), and so would year 0000, which JS takes as 1 BC but PostgreSQL refuses.
 */
function isRealInstant(iso: string): boolean {
  const ms = Date.parse(iso);
  return (
    !iso.startsWith('0000') &&
    Number.isFinite(ms) &&
    new Date(ms).toISOString().slice(0, 19) === iso.slice(0, 19)
  );
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The JSON object in a cursor; null when it is not base64url JSON of an object. */
function decodeObject(cursor: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function encodeKeyset(keyset: Keyset): string {
  return encode({ c: keyset.createdAt, i: keyset.id });
}

/**
 * The keyset in a cursor, null without one; a 400 on the `cursor` field when it is not one of ours
 * for this list (`idKind`: the type of the list's id column).
 */
export function decodeKeyset(
  cursor: string | undefined,
  idKind: keyof typeof IDS = 'uuid',
  message = INVALID_CURSOR,
): Keyset | null {
  if (!cursor) return null;
  const value = decodeObject(cursor);
  const createdAt = value?.c;
  const id = value?.i;
  if (
    typeof createdAt !== 'string' ||
    !ISO_MICROS.test(createdAt) ||
    !isRealInstant(createdAt) ||
    typeof id !== 'string' ||
    !IDS[idKind].test(id)
  )
    throw fieldError('cursor', message);
  return { createdAt, id };
}

/** Rows of one page plus the cursor of the next (null when this is the last page). Fetch limit + 1. */
export function pageOf<T extends { keyset: Keyset }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeKeyset(last.keyset) : null };
}

export function encodeOffset(offset: number): string {
  return encode({ o: offset });
}

/**
 * The offset in a cursor, 0 without one; a 400 on the `cursor` field when it is not one of ours or
 * points past `max` (the list's cap).
 */
export function decodeOffset(cursor: string | undefined, max: number, message = INVALID_CURSOR): number {
  if (!cursor) return 0;
  const offset = decodeObject(cursor)?.o;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > max)
    throw fieldError('cursor', message);
  return offset;
}

/** A keyset led by a small integer score: lists ordered by (score DESC, created_at DESC, id DESC). */
export interface ScoredKeyset extends Keyset {
  score: number;
}

export function encodeScoredKeyset(keyset: ScoredKeyset): string {
  return encode({ s: keyset.score, c: keyset.createdAt, i: keyset.id });
}

/** The scored keyset in a cursor, null without one; a 400 on `cursor` when it is not one of ours. */
export function decodeScoredKeyset(
  cursor: string | undefined,
  maxScore: number,
  message = INVALID_CURSOR,
): ScoredKeyset | null {
  if (!cursor) return null;
  const score = decodeObject(cursor)?.s;
  if (typeof score !== 'number' || !Number.isInteger(score) || score < 0 || score > maxScore)
    throw fieldError('cursor', message);
  const keyset = decodeKeyset(cursor, 'uuid', message);
  return keyset && { score, ...keyset };
}
