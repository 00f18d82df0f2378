import { describe, expect, it } from 'vitest';
import { instantToWallTime, wallTimeToInstant } from '#domain/openings-options.ts';
import { openingTimeInEmail } from '#server/modules/openings/opening-alerts.service.ts';
import { timeZoneOfZip } from './time-zones';

/**
 * Wall-clock times on the provider's clocks ⇄ instants, across the daylight-saving
 * changes: 2026-03-08 (2:00 AM → 3:00 AM) and 2026-11-01 (2:00 AM → 1:00 AM) in the US.
 */
const iso = (wall: string, zone: string) => {
  const ms = wallTimeToInstant(wall, zone);
  return ms === null ? null : new Date(ms).toISOString();
};
const norm = (s: string) => s.replace(/[\u202f\u2009]/g, ' ');

describe('wallTimeToInstant', () => {
  it('reads an ordinary time on the zone’s clocks (3 PM in Austin is 21:00 UTC in November)', () => {
    expect(iso('2026-11-24T15:00', 'America/Chicago')).toBe('2026-11-24T21:00:00.000Z');
    expect(iso('2026-07-04T15:00', 'America/Chicago')).toBe('2026-07-04T20:00:00.000Z');
    expect(iso('2026-11-24T15:00', 'America/Phoenix')).toBe('2026-11-24T22:00:00.000Z');
    expect(iso('2026-07-04T15:00', 'America/Phoenix')).toBe('2026-07-04T22:00:00.000Z');
    expect(iso('2026-11-24T15:00', 'Pacific/Honolulu')).toBe('2026-11-25T01:00:00.000Z');
  });

  it('on the March night, just before and after the skipped hour', () => {
    expect(iso('2026-03-08T01:59', 'America/Chicago')).toBe('2026-03-08T07:59:00.000Z'); // CST
    expect(iso('2026-03-08T03:00', 'America/Chicago')).toBe('2026-03-08T08:00:00.000Z'); // CDT
    expect(iso('2026-03-08T03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('moves a time the clocks skip forward by the gap (2:30 AM → 3:30 AM daylight time)', () => {
    expect(iso('2026-03-08T02:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z');
    expect(instantToWallTime('2026-03-08T08:30:00.000Z', 'America/Chicago')).toBe('2026-03-08T03:30');
    expect(iso('2026-03-08T02:00', 'America/Los_Angeles')).toBe('2026-03-08T10:00:00.000Z');
  });

  it('on the November night, takes the first (daylight) 1:30 AM of the two', () => {
    expect(iso('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z'); // CDT
    expect(iso('2026-11-01T00:59', 'America/Chicago')).toBe('2026-11-01T05:59:00.000Z');
    expect(iso('2026-11-01T02:00', 'America/Chicago')).toBe('2026-11-01T08:00:00.000Z'); // CST
    // Both 1:30s read back as 1:30.
    expect(instantToWallTime('2026-11-01T06:30:00.000Z', 'America/Chicago')).toBe('2026-11-01T01:30');
    expect(instantToWallTime('2026-11-01T07:30:00.000Z', 'America/Chicago')).toBe('2026-11-01T01:30');
  });

  it('keeps an opening across the November change its real length (1 AM → 3 AM is 3 hours)', () => {
    const start = wallTimeToInstant('2026-11-01T01:00', 'America/New_York')!;
    const end = wallTimeToInstant('2026-11-01T03:00', 'America/New_York')!;
    expect((end - start) / 3_600_000).toBe(3);
    const springStart = wallTimeToInstant('2026-03-08T01:00', 'America/New_York')!;
    const springEnd = wallTimeToInstant('2026-03-08T04:00', 'America/New_York')!;
    expect((springEnd - springStart) / 3_600_000).toBe(2);
  });

  it('is null for what is no date', () => {
    expect(wallTimeToInstant('2026-02-30T10:00', 'America/Chicago')).toBeNull();
    expect(wallTimeToInstant('2026-11-24T24:00', 'America/Chicago')).toBeNull();
    expect(wallTimeToInstant('2026-11-24 10:00', 'America/Chicago')).toBeNull();
    expect(wallTimeToInstant('', 'America/Chicago')).toBeNull();
  });

  it('round-trips every hour of both change days in every picker zone', () => {
    for (const zone of ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']) {
      for (const day of ['2026-03-08', '2026-11-01']) {
        for (let h = 0; h < 24; h++) {
          if (day === '2026-03-08' && h === 2) continue; // skipped
          const wall = `${day}T${String(h).padStart(2, '0')}:15`;
          expect(instantToWallTime(wallTimeToInstant(wall, zone)!, zone), `${zone} ${wall}`).toBe(wall);
        }
      }
    }
  });
});

describe('alert email times', () => {
  it('write the zone the opening is in, with daylight or standard time as on that day', () => {
    const zone = timeZoneOfZip('78701');
    expect(zone).toBe('America/Chicago');
    const email = (start_time: string, end_time: string) =>
      norm(openingTimeInEmail({ start_time, end_time, time_zone: zone }));
    // The night clocks go back: 1:30 CDT to 2:30 CST is two hours.
    expect(email('2026-11-01T06:30:00.000Z', '2026-11-01T08:30:00.000Z')).toBe(
      'Sun, Nov 1 · 1:30 – 2:30 AM CST',
    );
    expect(email('2026-11-24T21:00:00.000Z', '2026-11-24T22:00:00.000Z')).toBe(
      'Tue, Nov 24 · 3:00 – 4:00 PM CST',
    );
  });
});
