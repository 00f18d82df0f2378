import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import type { ProviderTimeZone } from '#domain/openings.ts';
import { US_TIME_ZONES, zoneLabel } from '#domain/openings-options.ts';
import { Field } from '#web/components/ui/Field.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSetTimeZone } from '../api/set-time-zone';

const toast = toastFor('time-zone');

const FROM_ZIP = '';

/** 'Central Time (Austin)': the zone people know, and the zip's city when it comes from the zip. */
export function describeZone(zone: ProviderTimeZone): string {
  const label = zoneLabel(zone.effective);
  return zone.chosen === null && zone.city ? `${label} (${zone.city})` : label;
}

/**
 * The openings manager's time-zone select (ADR 012): the zone of the zip, or a US zone for
 * a provider whose zip says otherwise. New and changed openings are read on its clocks.
 */
export function TimeZonePicker({ zone }: { zone: ProviderTimeZone }) {
  const save = useSetTimeZone();
  const value = save.isPending ? (save.variables.time_zone ?? FROM_ZIP) : (zone.chosen ?? FROM_ZIP);
  const fromZip = `From my zip (${zoneLabel(zone.zip_time_zone)}${zone.zip ? `, ${zone.zip}` : ''})`;

  const handleChange = (next: string) =>
    save.mutate(
      { time_zone: next === FROM_ZIP ? null : (next as (typeof US_TIME_ZONES)[number]['id']) },
      {
        onSuccess: () => toast.success(OPENING_TEXTS.timeZoneSaved),
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
              ? error.message
              : OPENING_TEXTS.timeZoneFailed,
          ),
      },
    );

  return (
    <Field label="Time zone of your openings" hint={`Times are in ${describeZone(zone)}`}>
      <Select
        value={value}
        disabled={save.isPending}
        onChange={(event) => handleChange(event.target.value)}
        className="sm:max-w-xs"
      >
        <option value={FROM_ZIP}>{fromZip}</option>
        {US_TIME_ZONES.map((z) => (
          <option key={z.id} value={z.id}>
            {z.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
