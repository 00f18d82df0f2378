import {
  type AvailabilityState,
  emptyAvailability,
  FIRST_HOUR,
  hourLabel,
  hourOf,
  LAST_HOUR,
  type TimeSlots,
  WEEKDAY_SHORT,
  WEEKDAYS,
  type Weekday,
} from './availability';

/**
 * The stored text form of the weekly grid ('Mon-Fri 9AM-5PM, Sat 10AM-2PM. custom | notes'): written
 * by the account page, read back into the editor and shown on profiles. Apart from the grid's
 * vocabulary in availability.ts so the home page's search filters do not load the parser.
 */

/** Consecutive hour slots → [start, end) ranges. */
function rangesOf(slots: readonly string[]): [number, number][] {
  const hours = [...new Set(slots.map(hourOf))]
    .filter((h) => h >= FIRST_HOUR && h <= LAST_HOUR)
    .sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const h of hours) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === h) last[1] = h + 1;
    else ranges.push([h, h + 1]);
  }
  return ranges;
}

/** 'Mon-Fri 9AM-5PM, Sat 10AM-2PM': runs of consecutive days with the same hours share a segment. */
export function formatTimeSlots(timeSlots: Partial<TimeSlots>): string {
  const keyed = WEEKDAYS.map((day) => {
    const ranges = rangesOf(timeSlots[day] ?? []);
    return { day, ranges, key: ranges.map(([a, b]) => `${a}-${b}`).join(',') };
  });
  const segments: string[] = [];
  let i = 0;
  while (i < keyed.length) {
    const start = keyed[i]!;
    let j = i;
    while (j + 1 < keyed.length && keyed[j + 1]!.key === start.key) j++;
    if (start.key) {
      const days =
        i === j ? WEEKDAY_SHORT[start.day] : `${WEEKDAY_SHORT[start.day]}-${WEEKDAY_SHORT[keyed[j]!.day]}`;
      for (const [a, b] of start.ranges) segments.push(`${days} ${hourLabel(a)}-${hourLabel(b)}`);
    }
    i = j + 1;
  }
  return segments.join(', ');
}

/** The stored text: slots, then '. custom text', then ' | additional notes'. */
export function formatAvailability(state: AvailabilityState): string {
  const slots = formatTimeSlots(state.timeSlots);
  // A '|' would start the notes when read back, so the custom text never keeps one.
  const custom = oneLine(state.customText.replace(/\|/g, '/'));
  const notes = oneLine(state.additionalDetails);
  const main = [slots, custom].filter(Boolean).join('. ');
  if (!notes) return main;
  return main ? `${main} | ${notes}` : `| ${notes}`;
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const DAY_NAMES: Record<string, Weekday> = {};
for (const day of WEEKDAYS) {
  DAY_NAMES[day] = day;
  DAY_NAMES[WEEKDAY_SHORT[day].toLowerCase()] = day;
}
Object.assign(DAY_NAMES, { tues: 'tuesday', weds: 'wednesday', thur: 'thursday', thurs: 'thursday' });

const DAY =
  '(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:s|nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)';
const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?`;
const SEGMENT = new RegExp(String.raw`^${DAY}(?:\s*[-–]\s*${DAY})?\s+${TIME}\s*[-–]\s*${TIME}$`, 'i');

function to24(hour: string, minutes: string | undefined, meridiem: string, roundUp: boolean): number | null {
  const h = Number(hour);
  const m = Number(minutes ?? 0);
  if (h < 1 || h > 12 || m > 59) return null;
  let value = (h % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  if (roundUp && m > 0) value += 1;
  return value;
}

/** Days of 'Mon' or 'Fri-Mon' (wrapping past Sunday). */
function daysOf(from: string, to: string | undefined): Weekday[] {
  const a = WEEKDAYS.indexOf(DAY_NAMES[from.toLowerCase()]!);
  if (!to) return [WEEKDAYS[a]!];
  const b = WEEKDAYS.indexOf(DAY_NAMES[to.toLowerCase()]!);
  const days: Weekday[] = [];
  for (let i = a; ; i = (i + 1) % 7) {
    days.push(WEEKDAYS[i]!);
    if (i === b) break;
  }
  return days;
}

/** Parses one 'Mon-Fri 9AM-5PM' segment into slots, or null if it is not one (or leaves the grid). */
function parseSegment(segment: string): { days: Weekday[]; slots: string[] } | null {
  const m = SEGMENT.exec(segment.trim());
  if (!m) return null;
  const start = to24(m[3]!, m[4], m[5]!, false);
  let end = to24(m[6]!, m[7], m[8]!, true);
  if (end === 0) end = 24;
  if (start === null || end === null || end <= start) return null;
  if (start < FIRST_HOUR || end > LAST_HOUR + 1) return null;
  const slots: string[] = [];
  for (let h = start; h < end; h++) slots.push(`${String(h).padStart(2, '0')}:00`);
  return { days: daysOf(m[1]!, m[2]), slots };
}

/**
 * Reads the stored text back into the editor's state. Leading segments that parse fill the grid;
 * whatever follows (or a text that does not parse at all) is kept as custom text, never lost.
 */
export function parseAvailability(textValue: string | null | undefined): AvailabilityState {
  const state = emptyAvailability();
  const value = (textValue ?? '').trim();
  if (!value) return state;

  const bar = value.indexOf('|');
  const main = (bar === -1 ? value : value.slice(0, bar)).trim();
  state.additionalDetails = bar === -1 ? '' : oneLine(value.slice(bar + 1));

  // The segments end at the first '. ' (or at the end); the rest is custom text.
  const dot = main.search(/\.(\s|$)/);
  const head = dot === -1 ? main : main.slice(0, dot);
  const tail = dot === -1 ? '' : main.slice(dot + 1).trim();
  const parsed = head.split(',').map(parseSegment);
  if (head && parsed.every((p) => p !== null)) {
    for (const p of parsed) {
      for (const day of p!.days)
        state.timeSlots[day] = [...new Set([...state.timeSlots[day], ...p!.slots])].sort();
    }
    state.customText = oneLine(tail);
  } else {
    state.customText = oneLine(main);
  }
  return state;
}
