import { plainAmount } from '#domain/opening-price.ts';
import {
  findOpeningService,
  instantToWallTime,
  isReducible,
  type Opening,
  type OpeningFields,
  OpeningFieldsSchema,
  type OpeningService,
  openingTimeIssues,
  reductionOf,
  serviceMinutes,
  wallTimeToInstant,
} from '#domain/openings.ts';
import { isoToZoneInput } from './opening-time';

/** The create/edit dialog's values: every field a string, the times as datetime-local values. */
export interface OpeningFormValues {
  service_type: string;
  start_time: string;
  end_time: string;
  price: string;
  note: string;
  location_override: string;
  booking_link_override: string;
  /** The name of the provider's service it is from; '' for a typed-in opening. */
  service: string;
  /** An amount below the service's price, as typed; '' for not reduced. */
  reduced_price: string;
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
  'service',
  'reduced_price',
] as const satisfies readonly (keyof OpeningFormValues)[];

/**
 * Blank for a new opening; the stored values (times on the provider's clocks) for an edit, with the
 * service of its name when the provider has one, and a reduced one's amount while that service can
 * still be reduced.
 */
export function formValuesOf(
  opening: Opening | null,
  timeZone: string,
  services: readonly OpeningService[] = [],
): OpeningFormValues {
  const service = opening ? findOpeningService(services, opening.service_type) : undefined;
  // Still reducible: a service whose price became a range has no 'was' to show, and saving clears it.
  const reduced =
    opening?.regular_price != null && service && isReducible(service)
      ? plainAmount(opening.price ?? '')
      : null;
  return {
    service_type: opening?.service_type ?? '',
    start_time: opening ? isoToZoneInput(opening.start_time, timeZone) : '',
    end_time: opening ? isoToZoneInput(opening.end_time, timeZone) : '',
    price: opening?.price ?? '',
    note: opening?.note ?? '',
    location_override: opening?.location_override ?? '',
    booking_link_override: opening?.booking_link_override ?? '',
    service: service?.service ?? '',
    reduced_price: reduced === null ? '' : String(reduced),
  };
}

/**
 * What picking a service fills in: its name, its price (none for 'contact'), and, with a duration
 * and a start, the end (the start plus the duration, the longest of a range).
 */
export function valuesFromService(
  service: OpeningService,
  start: string,
  timeZone: string,
): Pick<OpeningFormValues, 'service_type' | 'price'> & { end_time?: string } {
  const end = endAfter(service, start, timeZone);
  return {
    service_type: service.service,
    price: service.priceType === 'contact' ? '' : service.price,
    ...(end ? { end_time: end } : {}),
  };
}

/** The service's end for a start (a datetime-local value on the provider's clocks); null without one. */
export function endAfter(service: OpeningService, start: string, timeZone: string): string | null {
  const minutes = serviceMinutes(service);
  const ms = start ? wallTimeToInstant(start, timeZone) : null;
  if (minutes === null || ms === null) return null;
  return instantToWallTime(ms + minutes * 60_000, timeZone);
}

/** The reduced price as the schema takes it: null when blank, NaN (refused) when no number. */
const reducedOf = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** A time input's instant on the provider's clocks ('' when blank or no date). */
function instantOf(value: string, timeZone: string): string {
  const ms = value ? wallTimeToInstant(value, timeZone) : null;
  return ms === null ? '' : new Date(ms).toISOString();
}

/** What the API gets for a time: the stored instant while the input still shows it, else the wall clock. */
function sentOf(value: string, timeZone: string, stored: string | undefined): string {
  return stored && value === isoToZoneInput(stored, timeZone) ? stored : value;
}

/**
 * The server's rules on the browser's clock: OpeningFieldsSchema (required fields, bounds, links)
 * and openingTimeIssues (30 minutes ahead, end after start, at most 12 hours, within 60 days),
 * the times read on the provider's clocks (`timeZone`). The body sends the wall-clock times with
 * the zone they were shown in, for the server to convert (an unchanged time stays the stored
 * instant), and blank optional fields as null. On an edit
 * (`stored`), an unchanged start is not judged again, as on the server: an opening that starts
 * soon can still get a new note.
 */
export function validateOpeningForm(
  values: OpeningFormValues,
  now: Date,
  timeZone: string,
  stored?: Pick<Opening, 'start_time' | 'end_time'> | null,
  services: readonly OpeningService[] = [],
): { ok: true; body: OpeningFields } | { ok: false; errors: OpeningFormErrors } {
  const unchanged = (key: 'start_time' | 'end_time') =>
    stored && values[key] === isoToZoneInput(stored[key], timeZone) ? stored[key] : undefined;
  const input = {
    ...values,
    start_time: unchanged('start_time') ?? instantOf(values.start_time, timeZone),
    end_time: unchanged('end_time') ?? instantOf(values.end_time, timeZone),
    reduced_price: reducedOf(values.reduced_price),
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
  // The server's check of the reduced price against the service's own (it reads the stored one).
  const service = values.service ? findOpeningService(services, values.service) : undefined;
  if (service && typeof input.reduced_price === 'number' && input.reduced_price > 0) {
    const reduction = reductionOf(service, input.reduced_price);
    if ('error' in reduction) errors.reduced_price ??= reduction.error;
  }
  if (input.start_time && input.end_time) {
    for (const issue of openingTimeIssues(input.start_time, input.end_time, now)) {
      if (issue.path === 'start_time' && !startChanged) continue;
      errors[issue.path] ??= issue.message;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0)
    return {
      ok: true,
      body: {
        ...parsed.data,
        start_time: sentOf(values.start_time, timeZone, stored?.start_time),
        end_time: sentOf(values.end_time, timeZone, stored?.end_time),
        time_zone: timeZone,
      },
    };
  return { ok: false, errors };
}
