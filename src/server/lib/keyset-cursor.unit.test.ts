import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  decodeKeyset,
  decodeOffset,
  encodeKeyset,
  encodeOffset,
  INVALID_CURSOR,
  type Keyset,
  pageOf,
} from './keyset-cursor';

const UUID = '0b8e5d1c-3f4a-4e7b-9c2d-1a2b3c4d5e6f';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const keysetCursor = (createdAt: string, id: string = UUID) => cursorOf({ c: createdAt, i: id });

/** The error a decode throws, or undefined when it does not throw. */
function refusal(decode: () => unknown): AppError | undefined {
  try {
    decode();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

function expectRefused(decode: () => unknown, message = INVALID_CURSOR) {
  const error = refusal(decode);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400, message });
  expect(error?.issues).toEqual([{ path: 'cursor', message }]);
}

describe('keyset cursors', () => {
  it('round-trip the keys exactly, microseconds included', () => {
    const keyset: Keyset = { createdAt: '2026-03-01T09:15:42.123456Z', id: UUID };
    const cursor = encodeKeyset(keyset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeKeyset(cursor)).toEqual(keyset);
    expect(
      decodeKeyset(encodeKeyset({ createdAt: '2026-03-01T09:15:42.123456Z', id: '42' }), 'bigint'),
    ).toEqual({
      createdAt: '2026-03-01T09:15:42.123456Z',
      id: '42',
    });
  });

  it('is null without a cursor', () => {
    expect(decodeKeyset(undefined)).toBeNull();
    expect(decodeKeyset('')).toBeNull();
  });

  it('accepts any real instant PostgreSQL can read: leap days, before 1970, far in the future', () => {
    for (const createdAt of [
      '2024-02-29T00:00:00Z',
      '1969-12-31T23:59:59.999999Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999Z',
    ])
      expect(decodeKeyset(keysetCursor(createdAt))).toEqual({ createdAt, id: UUID });
  });

  it.each([
    ['30 February', '2025-02-30T10:00:00.000000Z'],
    ['29 February of a common year', '2025-02-29T10:00:00Z'],
    ['month 13', '2025-13-01T00:00:00Z'],
    ['day 0', '2025-01-00T00:00:00Z'],
    ['hour 24', '2025-01-01T24:00:00Z'],
    ['minute 60', '2025-01-01T10:60:00Z'],
    ['year 0000 (1 BC to JS, out of range to PostgreSQL)', '0000-01-01T00:00:00Z'],
    ['a negative year', '-000001-01-01T00:00:00Z'],
    ['a six-digit year', '+275760-09-13T00:00:00Z'],
    ['an epoch number', '1700000000000'],
    ['a time zone other than Z', '2025-01-01T10:00:00+02:00'],
    ['nanoseconds', '2025-01-01T10:00:00.123456789Z'],
  ])('refuses %s', (_name, createdAt) => {
    expectRefused(() => decodeKeyset(keysetCursor(createdAt)));
  });

  it.each([
    ['not base64url JSON', 'not-a-cursor'],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80]).toString('base64url')],
    ['a lone surrogate', cursorOf({ c: '\ud800', i: UUID })],
    ['JSON null', cursorOf(null)],
    ['a JSON number', cursorOf(5)],
    ['a JSON array', cursorOf(['2025-01-01T00:00:00Z', UUID])],
    ['a numeric timestamp', cursorOf({ c: 1_700_000_000_000, i: UUID })],
    ['a negative timestamp', cursorOf({ c: -1, i: UUID })],
    ['no id', cursorOf({ c: '2025-01-01T00:00:00Z' })],
    ['an id that is not a uuid', keysetCursor('2025-01-01T00:00:00Z', '42')],
    ['an offset cursor', encodeOffset(24)],
  ])('refuses %s', (_name, cursor) => {
    expectRefused(() => decodeKeyset(cursor));
  });

  it('checks the id against the list’s id column', () => {
    expectRefused(() => decodeKeyset(keysetCursor('2025-01-01T00:00:00Z', UUID), 'bigint'));
    expectRefused(() => decodeKeyset(keysetCursor('2025-01-01T00:00:00Z', '-1'), 'bigint'));
    expectRefused(() => decodeKeyset(keysetCursor('2025-01-01T00:00:00Z', '1'.repeat(19)), 'bigint'));
  });

  it('says a list’s own words when it has them', () => {
    expectRefused(() => decodeKeyset('nope', 'uuid', 'Search again.'), 'Search again.');
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 4 }, (_, n) => ({
    n,
    keyset: { createdAt: `2025-01-0${4 - n}T00:00:00.000000Z`, id: UUID },
  }));

  it('cuts the extra row and points the next cursor at the last row shown', () => {
    const { page, nextCursor } = pageOf(rows, 3);
    expect(page.map((r) => r.n)).toEqual([0, 1, 2]);
    expect(decodeKeyset(nextCursor!)).toEqual(rows[2]!.keyset);
  });

  it('has no next cursor on the last page', () => {
    expect(pageOf(rows, 4).nextCursor).toBeNull();
    expect(pageOf([], 4)).toEqual({ page: [], nextCursor: null });
  });
});

describe('offset cursors', () => {
  it('round-trip an offset up to the cap, and are 0 without a cursor', () => {
    expect(decodeOffset(encodeOffset(0), 100)).toBe(0);
    expect(decodeOffset(encodeOffset(48), 100)).toBe(48);
    expect(decodeOffset(encodeOffset(100), 100)).toBe(100);
    expect(decodeOffset(undefined, 100)).toBe(0);
  });

  it.each([
    ['past the cap', encodeOffset(101)],
    ['negative', cursorOf({ o: -1 })],
    ['fractional', cursorOf({ o: 1.5 })],
    ['a string', cursorOf({ o: '24' })],
    ['huge', cursorOf({ o: 1e308 })],
    ['not base64url JSON', 'bm9wZQ'],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0xfd]).toString('base64url')],
    ['a keyset cursor', keysetCursor('2025-01-01T00:00:00Z')],
  ])('refuses one %s', (_name, cursor) => {
    expectRefused(() => decodeOffset(cursor, 100));
    expectRefused(() => decodeOffset(cursor, 100, 'Search again.'), 'Search again.');
  });
});
