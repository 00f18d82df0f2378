import { describe, expect, it } from 'vitest';
import type { Opening } from '#domain/openings.ts';
import { OPENING_TEXTS } from '#domain/openings-options.ts';
import { formValuesOf, validateOpeningForm } from './opening-form';
import { formatOpeningRange, minInputValue, toLocalInputValue } from './opening-time';

const now = new Date(2026, 10, 24, 12, 0, 0);
const at = (h: number, m = 0, day = 24) => toLocalInputValue(new Date(2026, 10, day, h, m));
const valid = {
  service_type: ' Balayage ',
  start_time: at(15),
  end_time: at(16, 30),
  price: '',
  note: '',
  location_override: '',
  booking_link_override: '',
};

describe('validateOpeningForm', () => {
  it('turns local times into instants and blank optional fields into null', () => {
    const result = validateOpeningForm(valid, now);
    expect(result).toEqual({
      ok: true,
      body: {
        service_type: 'Balayage',
        start_time: new Date(2026, 10, 24, 15).toISOString(),
        end_time: new Date(2026, 10, 24, 16, 30).toISOString(),
        price: null,
        note: null,
        location_override: null,
        booking_link_override: null,
      },
    });
  });

  it('asks for the service and both times', () => {
    const result = validateOpeningForm({ ...valid, service_type: '  ', start_time: '', end_time: '' }, now);
    expect(result).toEqual({
      ok: false,
      errors: {
        service_type: OPENING_TEXTS.serviceTypeRequired,
        start_time: OPENING_TEXTS.startRequired,
        end_time: OPENING_TEXTS.endRequired,
      },
    });
  });

  it('applies the time rules with the given clock', () => {
    const past = validateOpeningForm({ ...valid, start_time: at(11), end_time: at(13) }, now);
    expect(past).toMatchObject({ ok: false, errors: { start_time: OPENING_TEXTS.startInPast } });
    const soon = validateOpeningForm({ ...valid, start_time: at(12, 20), end_time: at(13) }, now);
    expect(soon).toMatchObject({ ok: false, errors: { start_time: OPENING_TEXTS.startTooSoon } });
    const backwards = validateOpeningForm({ ...valid, end_time: at(14) }, now);
    expect(backwards).toEqual({ ok: false, errors: { end_time: OPENING_TEXTS.endBeforeStart } });
    const long = validateOpeningForm({ ...valid, end_time: at(4, 0, 25) }, now);
    expect(long).toEqual({ ok: false, errors: { end_time: OPENING_TEXTS.tooLong } });
  });

  it('refuses links that are not http(s), and still checks the times', () => {
    const result = validateOpeningForm(
      { ...valid, booking_link_override: 'javascript:alert(1)', end_time: at(14) },
      now,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['booking_link_override', 'end_time']);
    }
  });

  it('edits start from the stored values in local time', () => {
    const opening = {
      service_type: 'Cut',
      start_time: new Date(2026, 10, 25, 9, 30).toISOString(),
      end_time: new Date(2026, 10, 25, 10).toISOString(),
      price: '$40',
      note: null,
      location_override: null,
      booking_link_override: 'https://example.com/book',
    } as Opening;
    expect(formValuesOf(opening)).toEqual({
      service_type: 'Cut',
      start_time: '2026-11-25T09:30',
      end_time: '2026-11-25T10:00',
      price: '$40',
      note: '',
      location_override: '',
      booking_link_override: 'https://example.com/book',
    });
  });
});

describe('validateOpeningForm on an edit', () => {
  const stored = {
    start_time: new Date(2026, 10, 24, 12, 10, 42).toISOString(),
    end_time: new Date(2026, 10, 24, 13, 0, 0).toISOString(),
  };

  it('keeps an unchanged start as stored and does not judge it again, like the server', () => {
    const values = { ...valid, start_time: '2026-11-24T12:10', end_time: '2026-11-24T13:00' };
    const result = validateOpeningForm(values, now, stored);
    expect(result).toMatchObject({
      ok: true,
      body: { start_time: stored.start_time, end_time: stored.end_time },
    });
  });

  it('judges a changed start', () => {
    const values = { ...valid, start_time: '2026-11-24T12:15', end_time: '2026-11-24T13:00' };
    const result = validateOpeningForm(values, now, stored);
    expect(result).toEqual({ ok: false, errors: { start_time: OPENING_TEXTS.startTooSoon } });
  });
});

describe('opening times', () => {
  it('sets the inputs minimum 30 minutes ahead, rounded up to the minute', () => {
    expect(minInputValue(new Date(2026, 10, 24, 12, 0, 0))).toBe('2026-11-24T12:30');
    expect(minInputValue(new Date(2026, 10, 24, 12, 0, 1))).toBe('2026-11-24T12:31');
  });

  it('reads like "Tue, Nov 24 · 3:00 – 4:30 PM"', () => {
    const start = new Date(2026, 10, 24, 15).toISOString();
    const end = new Date(2026, 10, 24, 16, 30).toISOString();
    const norm = (s: string) => s.replace(/[\u202f\u2009]/g, ' ');
    expect(norm(formatOpeningRange(start, end, { locale: 'en-US' }))).toBe('Tue, Nov 24 · 3:00 – 4:30 PM');
    expect(norm(formatOpeningRange(start, end, { locale: 'en-US', showDate: false }))).toBe('3:00 – 4:30 PM');
    const late = new Date(2026, 10, 24, 23).toISOString();
    const overnight = formatOpeningRange(late, new Date(2026, 10, 25, 1).toISOString(), { locale: 'en-US' });
    expect(norm(overnight)).toBe('Tue, Nov 24 · 11:00 PM – 1:00 AM');
  });
});
