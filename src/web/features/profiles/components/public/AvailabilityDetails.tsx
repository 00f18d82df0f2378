import { Info } from 'lucide-react';
import { PUBLIC_DEFAULTS } from '#domain/profiles-options.ts';
import { availabilityDisplay } from './profile-view';

/** The availability text split into days and hours, free text and notes. */
export function AvailabilityDetails({ text }: { text: string }) {
  const { rows, custom, notes } = availabilityDisplay(text);
  const nothing = rows.length === 0 && !custom && !notes;
  return (
    <div className="space-y-3 text-sm">
      {rows.length > 0 && (
        <dl className="divide-y divide-[color:var(--border)] rounded-xl border border-app">
          {rows.map((row) => (
            <div key={row.days} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2.5">
              <dt className="font-medium text-app">{row.days}</dt>
              <dd className="text-muted">{row.hours.join(', ')}</dd>
            </div>
          ))}
        </dl>
      )}
      {(custom || nothing) && <p className="text-app">{custom || PUBLIC_DEFAULTS.availability}</p>}
      {notes && (
        <p className="flex items-start gap-2 rounded-xl border border-app bg-muted px-4 py-3 text-app">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <span>{notes}</span>
        </p>
      )}
    </div>
  );
}
