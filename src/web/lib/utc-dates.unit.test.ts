import { describe, expect, it } from 'vitest';
import { utcDateLabel, utcMonthLabel } from './utc-dates';

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
