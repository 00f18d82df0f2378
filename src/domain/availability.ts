/**
 * The weekly availability grid (docs/product.md §3): days, hour slots and the editor's state. A slot is the
 * hour starting at 'HH:00'; the grid has 12 of them, 8:00 to 19:00. Its stored text form
 * ('Mon-Fri 9AM-5PM, Sat 10AM-2PM. custom text | additional notes', docs/product.md §5 'Availability
 * parsing') is in availability-text.ts.
 */

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_SHORT: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

export const WEEKDAY_LABEL: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const FIRST_HOUR = 8;
export const LAST_HOUR = 19;
/** '08:00' … '19:00'. */
export const HOUR_SLOTS: readonly string[] = Array.from(
  { length: LAST_HOUR - FIRST_HOUR + 1 },
  (_, i) => `${String(FIRST_HOUR + i).padStart(2, '0')}:00`,
);
export const EVENING_SLOTS = ['17:00', '18:00', '19:00'] as const;

export const AVAILABILITY_MAX = 1000;
export const NO_AVAILABILITY = 'No availability set';

export type TimeSlots = Record<Weekday, string[]>;

export interface AvailabilityState {
  timeSlots: TimeSlots;
  customText: string;
  additionalDetails: string;
}

export function emptyTimeSlots(): TimeSlots {
  return { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
}

export function emptyAvailability(): AvailabilityState {
  return { timeSlots: emptyTimeSlots(), customText: '', additionalDetails: '' };
}

/** The 'Mon-Fri 9-5' preset: Monday to Friday, the slots from 09:00 up to (not including) 17:00. */
export function monFriNineToFive(): TimeSlots {
  const day = HOUR_SLOTS.filter((s) => s >= '09:00' && s < '17:00');
  return {
    ...emptyTimeSlots(),
    monday: [...day],
    tuesday: [...day],
    wednesday: [...day],
    thursday: [...day],
    friday: [...day],
  };
}

/** The hour a slot starts at: '09:00' → 9. */
export const hourOf = (slot: string): number => Number(slot.slice(0, 2));

/** Monday = 0 … Sunday = 6. */
export const dayIndex = (day: Weekday): number => WEEKDAYS.indexOf(day);

/** 9 → '9AM', 12 → '12PM', 17 → '5PM', 20 → '8PM'. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
}
