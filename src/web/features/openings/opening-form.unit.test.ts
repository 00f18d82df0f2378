import { describe, expect, it } from 'vitest';
import { OPENING_SERVICE_TEXTS } from '#domain/opening-services.ts';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import { dayKey, formatDayHeading, formatOpeningRange } from '#domain/opening-time.ts';
import type { Opening } from '#domain/openings.ts';
import { endAfter, formValuesOf, validateOpeningForm, valuesFromService } from './opening-form';
import { minInputValue, nextDays } from './opening-time';

// The provider is in Austin (Central Time); the tests do not depend on the machine's zone.
const ZONE = 'America/Chicago';
/** Nov 24 2026, 12:00 CST. */
const now = new Date('2026-11-24T18:00:00Z');
const at = (h: number, m = 0, day = 24) =>
  `2026-11-${day}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
const valid = {
  service_type: ' Balayage ',
  start_time: at(15),
  end_time: at(16, 30),
  price: '',
  note: '',
  location_override: '',
  booking_link_override: '',
  service: '',
  reduced_price: '',
};
const SERVICES = [
  { service: 'Balayage', price: '$180', priceType: 'fixed', minPrice: 180, durationMin: 120 },
  { service: 'Cut', price: '$40 - $60', priceType: 'range', minPrice: 40, durationMin: 30, durationMax: 45 },
] as const;
const norm = (s: string) => s.replace(/[\u202f\u2009]/g, ' ');

describe('validateOpeningForm', () => {
  it('sends the wall-clock times with the zone they were shown in, blank optional fields as null', () => {
    const result = validateOpeningForm(valid, now, ZONE);
    expect(result).toEqual({
      ok: true,
      body: {
        service_type: 'Balayage',
        start_time: '2026-11-24T15:00',
        end_time: '2026-11-24T16:30',
        price: null,
        note: null,
        location_override: null,
        booking_link_override: null,
        service: null,
        reduced_price: null,
        time_zone: ZONE,
      },
    });
  });

  it("sends a service's name and a reduced price, checked against the service's own price", () => {
    const reduced = validateOpeningForm(
      { ...valid, service: 'Balayage', reduced_price: ' 140 ' },
      now,
      ZONE,
      null,
      SERVICES,
    );
    expect(reduced).toMatchObject({ ok: true, body: { service: 'Balayage', reduced_price: 140 } });
    const notBelow = validateOpeningForm(
      { ...valid, service: 'Balayage', reduced_price: '180' },
      now,
      ZONE,
      null,
      SERVICES,
    );
    expect(notBelow).toEqual({
      ok: false,
      errors: { reduced_price: OPENING_SERVICE_TEXTS.reducedNotBelow('$180') },
    });
    const range = validateOpeningForm(
      { ...valid, service: 'Cut', reduced_price: '30' },
      now,
      ZONE,
      null,
      SERVICES,
    );
    expect(range).toEqual({ ok: false, errors: { reduced_price: OPENING_SERVICE_TEXTS.notReducible } });
    const words = validateOpeningForm(
      { ...valid, service: 'Balayage', reduced_price: 'cheap' },
      now,
      ZONE,
      null,
      SERVICES,
    );
    expect(words).toEqual({
      ok: false,
      errors: { reduced_price: OPENING_SERVICE_TEXTS.reducedPriceInvalid },
    });
    const alone = validateOpeningForm({ ...valid, reduced_price: '30' }, now, ZONE, null, SERVICES);
    expect(alone).toEqual({
      ok: false,
      errors: { reduced_price: OPENING_SERVICE_TEXTS.reducedWithoutService },
    });
  });

  it("fills a picked service's name, price and end (the longest of a range of durations)", () => {
    expect(valuesFromService(SERVICES[0], at(15), ZONE)).toEqual({
      service_type: 'Balayage',
      price: '$180',
      end_time: at(17),
    });
    expect(valuesFromService(SERVICES[1], at(15), ZONE).end_time).toBe(at(15, 45));
    expect(valuesFromService(SERVICES[1], '', ZONE)).toEqual({ service_type: 'Cut', price: '$40 - $60' });
    expect(endAfter(SERVICES[0], at(23), ZONE)).toBe(at(1, 0, 25));
  });

  it('asks for the service and both times', () => {
    const result = validateOpeningForm(
      { ...valid, service_type: '  ', start_time: '', end_time: '' },
      now,
      ZONE,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        service_type: OPENING_TEXTS.serviceTypeRequired,
        start_time: OPENING_TEXTS.startRequired,
        end_time: OPENING_TEXTS.endRequired,
      },
    });
  });

  it('applies the time rules on the provider’s clocks, whatever the browser’s zone', () => {
    const past = validateOpeningForm({ ...valid, start_time: at(11), end_time: at(13) }, now, ZONE);
    expect(past).toMatchObject({ ok: false, errors: { start_time: OPENING_TEXTS.startInPast } });
    const soon = validateOpeningForm({ ...valid, start_time: at(12, 20), end_time: at(13) }, now, ZONE);
    expect(soon).toMatchObject({ ok: false, errors: { start_time: OPENING_TEXTS.startTooSoon } });
    const backwards = validateOpeningForm({ ...valid, end_time: at(14) }, now, ZONE);
    expect(backwards).toEqual({ ok: false, errors: { end_time: OPENING_TEXTS.endBeforeStart } });
    const long = validateOpeningForm({ ...valid, end_time: at(4, 0, 25) }, now, ZONE);
    expect(long).toEqual({ ok: false, errors: { end_time: OPENING_TEXTS.tooLong } });
    // 11 AM Austin time is past; 11 AM Pacific (1 PM in Austin) is not.
    const pacific = validateOpeningForm(
      { ...valid, start_time: at(11), end_time: at(12) },
      now,
      'America/Los_Angeles',
    );
    expect(pacific.ok).toBe(true);
    const central = validateOpeningForm({ ...valid, start_time: at(11), end_time: at(12) }, now, ZONE);
    expect(central).toMatchObject({ ok: false, errors: { start_time: OPENING_TEXTS.startInPast } });
    const eastern = validateOpeningForm(
      { ...valid, start_time: at(13, 15), end_time: at(14) },
      now,
      'America/New_York',
    );
    expect(eastern).toMatchObject({ ok: false, errors: { start_time: OPENING_TEXTS.startTooSoon } });
  });

  it('refuses links that are not http(s), and still checks the times', () => {
    const result = validateOpeningForm(
      { ...valid, booking_link_override: 'javascript:alert(1)', end_time: at(14) },
      now,
      ZONE,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(['booking_link_override', 'end_time']);
    }
  });

  it('edits start from the stored values on the provider’s clocks', () => {
    const opening = {
      service_type: 'Cut',
      start_time: '2026-11-25T15:30:00.000Z',
      end_time: '2026-11-25T16:00:00.000Z',
      price: '$40',
      note: null,
      location_override: null,
      booking_link_override: 'https://example.com/book',
    } as Opening;
    expect(formValuesOf(opening, ZONE)).toEqual({
      service_type: 'Cut',
      start_time: '2026-11-25T09:30',
      end_time: '2026-11-25T10:00',
      price: '$40',
      note: '',
      location_override: '',
      booking_link_override: 'https://example.com/book',
      service: '',
      reduced_price: '',
    });
  });

  it('edits a reduced opening with its service and amount; without a reducible service, it is not reduced', () => {
    const opening = {
      service_type: 'Balayage',
      start_time: '2026-11-25T15:30:00.000Z',
      end_time: '2026-11-25T17:30:00.000Z',
      price: '$140',
      regular_price: 180,
      note: null,
      location_override: null,
      booking_link_override: null,
    } as Opening;
    expect(formValuesOf(opening, ZONE, SERVICES)).toMatchObject({
      service: 'Balayage',
      reduced_price: '140',
      price: '$140',
    });
    expect(formValuesOf(opening, ZONE, [])).toMatchObject({ service: '', reduced_price: '' });
  });
});

describe('validateOpeningForm on an edit', () => {
  // 12:10:42 and 13:00 CST.
  const stored = { start_time: '2026-11-24T18:10:42.000Z', end_time: '2026-11-24T19:00:00.000Z' };

  it('keeps an unchanged start as stored and does not judge it again, like the server', () => {
    const values = { ...valid, start_time: '2026-11-24T12:10', end_time: '2026-11-24T13:00' };
    const result = validateOpeningForm(values, now, ZONE, stored);
    expect(result).toMatchObject({
      ok: true,
      body: { start_time: stored.start_time, end_time: stored.end_time },
    });
  });

  it('judges a changed start', () => {
    const values = { ...valid, start_time: '2026-11-24T12:15', end_time: '2026-11-24T13:00' };
    const result = validateOpeningForm(values, now, ZONE, stored);
    expect(result).toEqual({ ok: false, errors: { start_time: OPENING_TEXTS.startTooSoon } });
  });
});

describe('opening times', () => {
  it('sets the inputs minimum 30 minutes ahead on the provider’s clocks, rounded up to the minute', () => {
    expect(minInputValue(now, ZONE)).toBe('2026-11-24T12:30');
    expect(minInputValue(new Date(now.getTime() + 1000), ZONE)).toBe('2026-11-24T12:31');
    expect(minInputValue(now, 'America/New_York')).toBe('2026-11-24T13:30');
  });

  const start = '2026-11-24T21:00:00.000Z'; // 3 PM CST
  const end = '2026-11-24T22:30:00.000Z';

  it('reads "Tue, Nov 24 · 3:00 – 4:30 PM CST" for a viewer in the provider’s zone', () => {
    const opts = { timeZone: ZONE, locale: 'en-US', viewerZone: ZONE };
    expect(norm(formatOpeningRange(start, end, opts))).toBe('Tue, Nov 24 · 3:00 – 4:30 PM CST');
    expect(norm(formatOpeningRange(start, end, { ...opts, showDate: false }))).toBe('3:00 – 4:30 PM CST');
    const overnight = formatOpeningRange('2026-11-25T05:00:00.000Z', '2026-11-25T07:00:00.000Z', opts);
    expect(norm(overnight)).toBe('Tue, Nov 24 · 11:00 PM – 1:00 AM CST');
  });

  it('adds the viewer’s time only when it reads differently', () => {
    const opts = { timeZone: ZONE, locale: 'en-US' };
    expect(norm(formatOpeningRange(start, end, { ...opts, viewerZone: 'America/New_York' }))).toBe(
      'Tue, Nov 24 · 3:00 – 4:30 PM CST (4:00 – 5:30 PM your time)',
    );
    expect(norm(formatOpeningRange(start, end, { ...opts, viewerZone: 'UTC' }))).toBe(
      'Tue, Nov 24 · 3:00 – 4:30 PM CST (9:00 – 10:30 PM your time)',
    );
    // Another day where the viewer is: the weekday says so.
    expect(norm(formatOpeningRange(start, end, { ...opts, viewerZone: 'Asia/Tokyo' }))).toBe(
      'Tue, Nov 24 · 3:00 – 4:30 PM CST (Wed 6:00 – 7:30 AM your time)',
    );
    // Same clocks under another name: nothing added.
    expect(norm(formatOpeningRange(start, end, { ...opts, viewerZone: 'America/Winnipeg' }))).toBe(
      'Tue, Nov 24 · 3:00 – 4:30 PM CST',
    );
  });

  it('cuts days on the provider’s calendar and names them', () => {
    // 11 PM Pacific on the 24th is already the 25th in UTC and New York.
    expect(dayKey('2026-11-25T07:00:00.000Z', 'America/Los_Angeles')).toBe('2026-11-24');
    expect(dayKey('2026-11-25T07:00:00.000Z', 'America/New_York')).toBe('2026-11-25');
    expect(formatDayHeading('2026-11-24', 'en-US')).toBe('Tuesday, November 24');
    expect(nextDays(now, 3, ZONE)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
  });
});
