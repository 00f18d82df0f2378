import { randomUUID } from 'node:crypto';
import type { JsonSchema, RefResolver } from './json-schema';
import type { FuzzRequest, Operation } from './requests';

/**
 * Page cursors no list made: each paged route must refuse the impossible ones
 * with 400 VALIDATION_ERROR, and answer the extreme but real ones without a 5xx. A cursor of ours is
 * base64url JSON: { c: created_at, i: id } (keyset lists) or { o: offset } (search).
 */
export interface HostileCursor {
  name: string;
  /** The cursor as the client sends it: a JS string, URL-encoded on the way (query) or JSON (body). */
  value?: string;
  /** Already URL-encoded, for bytes a JS string cannot hold (invalid UTF-8); query cursors only. */
  encoded?: string;
  /** true: every list refuses it (400); false: a list may take it (200) but must not fail. */
  impossible: boolean;
}

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const bytes = (...b: number[]) => Buffer.from(b).toString('base64url');

/** Both id kinds of our lists, so each date reaches the date check of every list. */
const IDS = [
  ['uuid', randomUUID()],
  ['bigint', '1'],
] as const;

const IMPOSSIBLE_DATES = [
  ['30 February', '2025-02-30T10:00:00.000000Z'],
  ['29 February of a common year', '2023-02-29T00:00:00.000000Z'],
  ['month 13', '2025-13-01T00:00:00.000000Z'],
  ['day 0', '2025-01-00T00:00:00.000000Z'],
  ['hour 24', '2025-01-01T24:00:00.000000Z'],
  ['year 0000', '0000-01-01T00:00:00.000000Z'],
  ['year 10000', '10000-01-01T00:00:00.000000Z'],
  ['past the last JS date', '+275760-09-13T00:00:00.001Z'],
  ['a negative year', '-000001-01-01T00:00:00.000000Z'],
] as const;

const REAL_DATES = [
  ['the last microsecond of 9999', '9999-12-31T23:59:59.999999Z'],
  ['year 1', '0001-01-01T00:00:00.000000Z'],
  ['before 1970 (a negative epoch)', '1969-12-31T23:59:59.999999Z'],
  ['a leap day', '2024-02-29T12:00:00.000000Z'],
] as const;

export const HOSTILE_CURSORS: HostileCursor[] = [
  ...IMPOSSIBLE_DATES.flatMap(([name, c]) =>
    IDS.map(([kind, i]) => ({ name: `${name} (${kind} id)`, value: cursorOf({ c, i }), impossible: true })),
  ),
  ...REAL_DATES.flatMap(([name, c]) =>
    IDS.map(([kind, i]) => ({ name: `${name} (${kind} id)`, value: cursorOf({ c, i }), impossible: false })),
  ),
  ...IDS.flatMap(([kind, i]) => [
    { name: `a negative epoch number (${kind} id)`, value: cursorOf({ c: -1, i }), impossible: true },
    {
      name: `an epoch number far in the future (${kind} id)`,
      value: cursorOf({ c: 8.64e15 + 1, i }),
      impossible: true,
    },
    {
      name: `an epoch number far in the past (${kind} id)`,
      value: cursorOf({ c: -8.64e15 - 1, i }),
      impossible: true,
    },
  ]),
  { name: 'a negative offset', value: cursorOf({ o: -1 }), impossible: true },
  { name: 'a fractional offset', value: cursorOf({ o: 0.5 }), impossible: true },
  { name: 'a huge offset', value: cursorOf({ o: 1e308 }), impossible: true },
  { name: 'offset 0', value: cursorOf({ o: 0 }), impossible: false },
  {
    name: 'base64url of bytes that are not UTF-8',
    value: bytes(0xff, 0xfe, 0xc3, 0x28, 0x80),
    impossible: true,
  },
  {
    name: 'base64url of a truncated UTF-8 sequence',
    value: bytes(0x7b, 0x22, 0x63, 0xe2, 0x82),
    impossible: true,
  },
  { name: 'JSON with a lone surrogate', value: cursorOf({ c: '\ud800', i: '1' }), impossible: true },
  { name: 'percent-encoded bytes that are not UTF-8', encoded: '%FF%FE%FD', impossible: true },
  { name: 'a percent-encoded overlong NUL', encoded: '%C0%80', impossible: true },
  { name: 'a percent-encoded lone surrogate', encoded: '%ED%A0%80', impossible: true },
];

/** Where an operation takes a page cursor: a `cursor` query parameter or a `cursor` body key. */
export function cursorPlace(op: Operation, resolve: RefResolver): 'query' | 'body' | null {
  if ((op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor')) return 'query';
  let schema: JsonSchema | undefined = op.requestBody?.content['application/json']?.schema;
  if (schema?.$ref) schema = resolve(schema.$ref);
  return schema?.properties?.cursor ? 'body' : null;
}

/** The request without a cursor (the first page), or null when its body is not a JSON object. */
export function withoutCursor(request: FuzzRequest): FuzzRequest | null {
  const [path, query = ''] = request.url.split('?');
  const params = new URLSearchParams(query);
  params.delete('cursor');
  const search = params.toString();
  let payload = request.payload;
  if (payload !== undefined) {
    const body: unknown = JSON.parse(payload);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    delete (body as Record<string, unknown>).cursor;
    payload = JSON.stringify(body);
  }
  return {
    ...request,
    kind: 'first page',
    url: search ? `${path}?${search}` : path!,
    ...(payload === undefined ? {} : { payload }),
  };
}

/** A first-page request with `cursor` added where the operation takes it; null when it cannot go there. */
export function withCursor(
  firstPage: FuzzRequest,
  place: 'query' | 'body',
  cursor: HostileCursor,
): FuzzRequest | null {
  const kind = `cursor: ${cursor.name}`;
  if (place === 'query') {
    const encoded = cursor.encoded ?? encodeURIComponent(cursor.value!);
    const separator = firstPage.url.includes('?') ? '&' : '?';
    return { ...firstPage, kind, url: `${firstPage.url}${separator}cursor=${encoded}` };
  }
  if (cursor.value === undefined) return null;
  const body = JSON.parse(firstPage.payload!) as Record<string, unknown>;
  return { ...firstPage, kind, payload: JSON.stringify({ ...body, cursor: cursor.value }) };
}
