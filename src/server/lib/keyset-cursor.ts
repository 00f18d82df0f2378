import { fieldError } from './app-error';

/**
 * Opaque cursors for lists ordered newest first by (created_at, id): base64url JSON of the last
 * row's keys. created_at travels as text with microseconds, so equal-looking timestamps still page
 * exactly (a JS Date would round to milliseconds).
 */
export interface Keyset {
  createdAt: string;
  id: string;
}

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const IDS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  bigint: /^\d{1,18}$/,
} as const;

/** A real instant: Feb 30 or month 13 match the pattern but would fail the SQL cast (a 500). */
function isRealInstant(iso: string): boolean {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19) === iso.slice(0, 19);
}

export function encodeKeyset(keyset: Keyset): string {
  return Buffer.from(JSON.stringify({ c: keyset.createdAt, i: keyset.id })).toString('base64url');
}

/**
 * The keyset in a cursor, null without one; a 400 on the `cursor` field when it is not one of ours
 * for this list (`idKind`: the type of the list's id column).
 */
export function decodeKeyset(cursor: string | undefined, idKind: keyof typeof IDS = 'uuid'): Keyset | null {
  if (!cursor) return null;
  let value: { c?: unknown; i?: unknown } | null = null;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const createdAt = value?.c;
  const id = value?.i;
  if (
    typeof createdAt !== 'string' ||
    !ISO_MICROS.test(createdAt) ||
    !isRealInstant(createdAt) ||
    typeof id !== 'string' ||
    !IDS[idKind].test(id)
  )
    throw fieldError('cursor', 'Invalid page cursor');
  return { createdAt, id };
}

/** Rows of one page plus the cursor of the next (null when this is the last page). Fetch limit + 1. */
export function pageOf<T extends { keyset: Keyset }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeKeyset(last.keyset) : null };
}
