import { describe, expect, it } from 'vitest';
import { htmlDateTime, utcDateLabel, utcMonthLabel } from './utc-dates';

describe('UTC calendar labels', () => {
  it('names the day and month in UTC, whatever the clock of the machine', () => {
    // 02:00 UTC on 27 November is still the 26th in the Americas: the label says the 27th everywhere.
    const date = new Date('2026-11-27T02:00:00Z');
    expect(utcDateLabel(date)).toBe('November 27, 2026');
    expect(utcMonthLabel(date)).toBe('November 2026');
    expect(utcDateLabel(new Date('2027-01-01T00:00:00Z'))).toBe('January 1, 2027');
  });

  it('writes what Intl writes in UTC for every day of a year', () => {
    const long = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day, 23, 30));
      expect(utcDateLabel(date)).toBe(long.format(date));
    }
  });
});

describe('htmlDateTime', () => {
  // HTML's valid global date and time string: at most three fraction digits.
  const VALID = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

  it("writes the API's microsecond timestamps with milliseconds, the same instant", () => {
    expect(htmlDateTime('2026-11-27T02:00:08.420000Z')).toBe('2026-11-27T02:00:08.420Z');
    expect(htmlDateTime('2026-11-27T02:00:08.000001Z')).toBe('2026-11-27T02:00:08.000Z');
    expect(htmlDateTime('2026-11-24T15:00:00.000Z')).toBe('2026-11-24T15:00:00.000Z');
    for (const value of ['2026-11-27T02:00:08.420000Z', '2026-11-24T15:00:00Z']) {
      expect(htmlDateTime(value)).toMatch(VALID);
      expect(Date.parse(htmlDateTime(value))).toBe(Date.parse(value.replace(/(\.\d{3})\d+Z$/, '$1Z')));
    }
  });
});
