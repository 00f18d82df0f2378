import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import type { Opening } from '#domain/openings.ts';
import { OPENING_STRIP_TEXTS } from '#domain/openings-options.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { hasEnded } from '../opening-time';
import { type BookProps, OpeningItem } from './OpeningItem';

/**
 * 'Upcoming Availability' on a provider's public profile: the openings the profile payload carries,
 * with Book. Renders nothing when there are none (or all have ended since the page loaded).
 */
export function ProfileOpenings({ openings, ...book }: BookProps & { openings: readonly Opening[] }) {
  const titleId = useId();
  const now = new Date();
  const shown = openings.filter((o) => o.is_active && !hasEnded(o, now));
  if (shown.length === 0) return null;
  return (
    <Card aria-labelledby={titleId}>
      <div className="px-5 py-5 sm:px-6">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-app">
          <CalendarClock className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          {OPENING_STRIP_TEXTS.sectionTitle}
        </h2>
        <ul className="mt-4 space-y-3">
          {shown.map((opening) => (
            <li key={opening.id}>
              <OpeningItem opening={opening} layout="row" {...book} />
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
