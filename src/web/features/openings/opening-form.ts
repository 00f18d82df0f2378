import {
  type Opening,
  type OpeningFields,
  OpeningFieldsSchema,
  openingTimeIssues,
} from '#domain/openings.ts';
import { isoToLocalInput, localInputToIso } from './opening-time';

/** The create/edit dialog's values: every field a string, the times as datetime-local values. */
export interface OpeningFormValues {
  service_type: string;
  start_time: string;
  end_time: string;
  price: string;
  note: string;
  location_override: string;
  booking_link_override: string;
}

export type OpeningFormErrors = Partial<Record<keyof OpeningFormValues, string>>;

export const OPENING_FORM_FIELDS = [
  'service_type',
  'start_time',
  'end_time',
  'price',
  'note',
  'location_override',
  'booking_link_override',
] as const satisfies readonly (keyof OpeningFormValues)[];

/** Blank for a new opening; the stored values (times in the viewer's zone) for an edit. */
export function formValuesOf(opening: Opening | null): OpeningFormValues {
  return {
    service_type: opening?.service_type ?? '',
    start_time: opening ? isoToLocalInput(opening.start_time) : '',
    end_time: opening ? isoToLocalInput(opening.end_time) : '',
    price: opening?.price ?? '',
    note: opening?.note ?? '',
    location_override: opening?.location_override ?? '',
    booking_link_override: opening?.booking_link_override ?? '',
  };
}

/** A time input's instant: the stored one while the input still shows it (it has no seconds). */
function instantOf(value: string, stored: string | undefined): string {
  return stored && value === isoToLocalInput(stored) ? stored : localInputToIso(value);
}

/**
 * The server's rules on the browser's clock: OpeningFieldsSchema (required fields, bounds, links)
 * and openingTimeIssues (30 minutes ahead, end after start, at most 12 hours, within 60 days).
 * The times become ISO instants and blank optional fields null, as the API takes them. On an edit
 * (`stored`), an unchanged start is not judged again, as on the server: an opening that starts
 * soon can still get a new note.
 */
export function validateOpeningForm(
  values: OpeningFormValues,
  now: Date,
  stored?: Pick<Opening, 'start_time' | 'end_time'> | null,
): { ok: true; body: OpeningFields } | { ok: false; errors: OpeningFormErrors } {
  const input = {
    ...values,
    start_time: instantOf(values.start_time, stored?.start_time),
    end_time: instantOf(values.end_time, stored?.end_time),
  };
  const startChanged = !stored || Date.parse(input.start_time) !== Date.parse(stored.start_time);
  const errors: OpeningFormErrors = {};
  const parsed = OpeningFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof OpeningFormValues;
      errors[key] ??= issue.message;
    }
  }
  if (input.start_time && input.end_time) {
    for (const issue of openingTimeIssues(input.start_time, input.end_time, now)) {
      if (issue.path === 'start_time' && !startChanged) continue;
      errors[issue.path] ??= issue.message;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
