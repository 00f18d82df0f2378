import { describe, expect, it } from 'vitest';
import {
  type AvailabilityState,
  dayIndex,
  emptyAvailability,
  emptyTimeSlots,
  HOUR_SLOTS,
  hourLabel,
  hourOf,
  monFriNineToFive,
} from './availability';
import { formatAvailability, formatTimeSlots, parseAvailability } from './availability-text';

const slots = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `${String(from + i).padStart(2, '0')}:00`);

describe('the grid', () => {
  it('numbers slots by their hour and days from Monday (hourOf, dayIndex: one copy for server and web)', () => {
    expect(HOUR_SLOTS.map(hourOf)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(hourOf('00:00')).toBe(0);
    expect(hourOf('23:00')).toBe(23);
    expect(dayIndex('monday')).toBe(0);
    expect(dayIndex('sunday')).toBe(6);
  });

  it('has 12 hourly slots from 8:00 to 19:00', () => {
    expect(HOUR_SLOTS).toHaveLength(12);
    expect(HOUR_SLOTS[0]).toBe('08:00');
    expect(HOUR_SLOTS[11]).toBe('19:00');
  });

  it("'Mon-Fri 9-5' fills Monday to Friday from 09:00 to 17:00", () => {
    const preset = monFriNineToFive();
    expect(preset.monday).toEqual(slots(9, 17));
    expect(preset.friday).toEqual(slots(9, 17));
    expect(preset.saturday).toEqual([]);
    expect(formatTimeSlots(preset)).toBe('Mon-Fri 9AM-5PM');
  });

  it('labels hours in 12-hour time', () => {
    expect([8, 11, 12, 13, 19, 20].map(hourLabel)).toEqual(['8AM', '11AM', '12PM', '1PM', '7PM', '8PM']);
  });
});

describe('formatAvailability', () => {
  it('writes day ranges with their hours, then the custom text, then the notes after a bar', () => {
    const state: AvailabilityState = {
      timeSlots: { ...monFriNineToFive(), saturday: slots(10, 14) },
      customText: 'Sundays by request',
      additionalDetails: 'Please arrive 5 minutes early',
    };
    expect(formatAvailability(state)).toBe(
      'Mon-Fri 9AM-5PM, Sat 10AM-2PM. Sundays by request | Please arrive 5 minutes early',
    );
  });

  it('groups only consecutive days with the same hours, and splits a day with a break', () => {
    const timeSlots = {
      ...emptyTimeSlots(),
      monday: slots(9, 12),
      wednesday: slots(9, 12),
      thursday: [...slots(9, 12), ...slots(14, 18)],
      sunday: slots(17, 20),
    };
    expect(formatTimeSlots(timeSlots)).toBe(
      'Mon 9AM-12PM, Wed 9AM-12PM, Thu 9AM-12PM, Thu 2PM-6PM, Sun 5PM-8PM',
    );
  });

  it('writes only what is there', () => {
    expect(formatAvailability(emptyAvailability())).toBe('');
    expect(formatAvailability({ ...emptyAvailability(), customText: 'By appointment' })).toBe(
      'By appointment',
    );
    expect(formatAvailability({ ...emptyAvailability(), additionalDetails: 'Cash only' })).toBe(
      '| Cash only',
    );
  });
});

describe('parseAvailability', () => {
  const states: AvailabilityState[] = [
    {
      timeSlots: { ...monFriNineToFive(), saturday: slots(10, 14) },
      customText: 'Sundays by request',
      additionalDetails: 'Arrive early',
    },
    {
      timeSlots: { ...emptyTimeSlots(), tuesday: [...slots(8, 10), ...slots(17, 20)] },
      customText: '',
      additionalDetails: '',
    },
    { timeSlots: emptyTimeSlots(), customText: 'By appointment only. Text me first.', additionalDetails: '' },
    { timeSlots: emptyTimeSlots(), customText: '', additionalDetails: 'Cash only' },
    {
      timeSlots: { ...emptyTimeSlots(), sunday: slots(8, 20) },
      customText: '',
      additionalDetails: 'Notes | with a bar',
    },
  ];

  it.each(states)('reads back what formatAvailability wrote (%#)', (state) => {
    expect(parseAvailability(formatAvailability(state))).toEqual(state);
  });

  it('reads full day names, wrapping ranges, minutes and lower case', () => {
    const state = parseAvailability('friday-monday 9:30am-12:15pm');
    expect(state.timeSlots.friday).toEqual(slots(9, 13));
    expect(state.timeSlots.sunday).toEqual(slots(9, 13));
    expect(state.timeSlots.monday).toEqual(slots(9, 13));
    expect(state.timeSlots.wednesday).toEqual([]);
    expect(state.customText).toBe('');
  });

  it('keeps text it cannot read as custom text, never losing it', () => {
    expect(parseAvailability('Weekends mostly, call me')).toMatchObject({
      customText: 'Weekends mostly, call me',
    });
    expect(parseAvailability('Mon 6AM-10AM')).toMatchObject({
      customText: 'Mon 6AM-10AM',
      timeSlots: emptyTimeSlots(),
    });
    expect(parseAvailability('Mon 5PM-9AM').customText).toBe('Mon 5PM-9AM');
    expect(parseAvailability('Mon-Fri 9AM-5PM, whenever')).toMatchObject({
      customText: 'Mon-Fri 9AM-5PM, whenever',
    });
  });

  it('merges repeated days and handles empty input', () => {
    expect(parseAvailability('Sat 10AM-12PM, Sat 2PM-4PM').timeSlots.saturday).toEqual([
      ...slots(10, 12),
      ...slots(14, 16),
    ]);
    expect(parseAvailability('')).toEqual(emptyAvailability());
    expect(parseAvailability(null)).toEqual(emptyAvailability());
  });
});
