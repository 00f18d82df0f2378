import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { OPENING_SERVICE_TEXTS } from '#domain/opening-services.ts';
import { SERVICE_CATEGORIES } from '#domain/options.ts';
import { RADIUS_OPTIONS, SEARCH_LIMITS } from '#domain/search-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { ZipInput } from '#web/components/ui/ZipInput.tsx';
import type { OpeningFilters } from '../api/get-upcoming-openings';
import { nextDays } from '../opening-time';

/** 'Today', 'Tomorrow', then 'Fri, Nov 27', for the day filter. */
function dayLabel(day: string, index: number): string {
  if (index === 0) return 'Today';
  if (index === 1) return 'Tomorrow';
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * /availability's filters: words and zip apply with Search (or Enter); radius, category, day and
 * 'Reduced price' at once, together with the words and zip as typed (the results follow what the
 * boxes show). The route keeps them in the URL.
 */
export function AvailabilityFilters({
  filters,
  onChange,
}: {
  filters: OpeningFilters;
  onChange: (next: OpeningFilters) => void;
}) {
  const [q, setQ] = useState(filters.q ?? '');
  const [zip, setZip] = useState(filters.zip ?? '');
  // Back or a new link changed the URL's words or zip: the boxes show them.
  const [shown, setShown] = useState({ q: filters.q ?? '', zip: filters.zip ?? '' });
  if (shown.q !== (filters.q ?? '') || shown.zip !== (filters.zip ?? '')) {
    setShown({ q: filters.q ?? '', zip: filters.zip ?? '' });
    setQ(filters.q ?? '');
    setZip(filters.zip ?? '');
  }
  const days = nextDays(new Date(), 6);

  const apply = (patch: OpeningFilters = {}) => onChange({ ...filters, q: q.trim(), zip, ...patch });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };

  return (
    <search aria-label="Filter openings">
      <form
        onSubmit={handleSubmit}
        className="grid gap-3 rounded-2xl border border-app bg-card p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1.4fr_1.2fr]"
      >
        <Field label="Service">
          <Input
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="e.g. balayage"
            maxLength={100}
            autoComplete="off"
          />
        </Field>
        <Field label="Zip code">
          <ZipInput value={zip} onChange={(e) => setZip(e.target.value)} placeholder="e.g. 78701" />
        </Field>
        <Field label="Within">
          <Select
            value={filters.radius ?? String(SEARCH_LIMITS.radiusDefaultMiles)}
            disabled={zip.length !== SEARCH_LIMITS.zipLength}
            onChange={(e) => apply({ radius: e.target.value })}
          >
            {RADIUS_OPTIONS.map((miles) => (
              <option key={miles} value={String(miles)}>
                {miles} miles
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Category">
          <Select value={filters.category ?? ''} onChange={(e) => apply({ category: e.target.value })}>
            <option value="">All categories</option>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Day">
          <Select value={filters.day ?? ''} onChange={(e) => apply({ day: e.target.value })}>
            <option value="">Any day</option>
            {days.map((day, i) => (
              <option key={day} value={day}>
                {dayLabel(day, i)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex flex-wrap items-end justify-between gap-3 sm:col-span-2 lg:col-span-5">
          <label className="flex min-h-11 items-center gap-2 text-sm text-app">
            <input
              type="checkbox"
              checked={filters.reduced === 'true'}
              onChange={(e) => apply({ reduced: e.target.checked ? 'true' : '' })}
              className="h-4 w-4 accent-brand-700"
            />
            {OPENING_SERVICE_TEXTS.reducedFilter}
          </label>
          <Button type="submit">
            <Search className="h-4 w-4" aria-hidden="true" />
            Search openings
          </Button>
        </div>
      </form>
    </search>
  );
}
