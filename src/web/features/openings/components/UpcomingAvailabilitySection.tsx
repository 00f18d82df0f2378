import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OPENING_LIMITS, OPENING_STRIP_TEXTS } from '#domain/openings-options.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useUpcomingOpenings } from '../api/get-upcoming-openings';
import { hasEnded } from '../opening-time';
import { type BookProps, OpeningItem } from './OpeningItem';

/**
 * /availability with the home search's words and zip (the home URL's q and zip, see
 * features/search/url-state.ts), so 'View All' continues the search a visitor started.
 */
export function availabilityHref(home: URLSearchParams): string {
  const params = new URLSearchParams();
  const q = home.get('q')?.trim();
  const zip = home.get('zip')?.trim();
  if (q) params.set('q', q);
  if (zip && /^\d{5}$/.test(zip)) {
    params.set('zip', zip);
    const radius = home.get('radius');
    if (radius && ['5', '10', '25', '50'].includes(radius)) params.set('radius', radius);
  }
  const query = params.toString();
  return query ? `/availability?${query}` : '/availability';
}

/** On a phone, openings starting this soon put the section before the list of professionals. */
const SOON_MS = 48 * 3_600_000;

/**
 * The home page's 'Upcoming Availability' (docs/product.md §2): the soonest openings of the next 5 days with
 * Book, and 'View All Available Openings'. Hidden while loading, on error and when there are none,
 * so a quiet week leaves no empty box on the home page.
 *
 * On a phone the home page renders it in two places: `phoneSlot` 'top', above the
 * professionals, shown as a horizontally scrolling strip only when an opening starts within 48
 * hours; 'bottom', below them, only when none does. Both read the same cached query.
 */
export function UpcomingAvailabilitySection({
  phoneSlot,
  ...props
}: BookProps & { phoneSlot?: 'top' | 'bottom' | undefined }) {
  const titleId = useId();
  const allHref = availabilityHref(useSearchParams()[0]);
  const query = useUpcomingOpenings(OPENING_LIMITS.homeCount);
  const now = new Date();
  const openings = (query.data?.pages[0]?.openings ?? [])
    .filter((o) => !hasEnded(o, now))
    .slice(0, OPENING_LIMITS.homeCount);

  if (query.isError || openings.length === 0) return null;
  if (phoneSlot) {
    const hasSoon = openings.some((o) => Date.parse(o.start_time) - now.getTime() <= SOON_MS);
    if (hasSoon !== (phoneSlot === 'top')) return null;
  }
  const isStrip = phoneSlot === 'top';

  return (
    <section
      aria-labelledby={titleId}
      className={cn('mx-auto max-w-6xl px-4', isStrip ? 'pt-2 pb-6' : 'py-10')}
    >
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-2xl font-bold text-app sm:text-3xl">
            {OPENING_STRIP_TEXTS.sectionTitle}
          </h2>
          <p className="mt-1 text-muted">
            Short-notice openings from professionals in the next {OPENING_LIMITS.windowDays} days.
          </p>
        </div>
        <Link
          to={allHref}
          className={cn(buttonVariants({ variant: 'outline' }), 'hidden shrink-0 sm:inline-flex')}
        >
          {OPENING_STRIP_TEXTS.viewAll}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {/* The strip scrolls inside itself: relative, so the cards' visually hidden (absolute) texts are
          held in it too, not placed past the screen's edge where they widened the page (to 1,750 px
          with the demo's openings, and a phone then drew the page zoomed out or, with the account
          menu open, squeezed into a narrow column). */}
      <ul
        className={
          isStrip
            ? 'relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2'
            : 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'
        }
      >
        {openings.map((opening) => (
          <li key={opening.id} className={isStrip ? 'w-[85%] max-w-xs shrink-0 snap-start' : undefined}>
            <OpeningItem opening={opening} showProvider {...props} />
          </li>
        ))}
      </ul>
      <div className="mt-6 sm:hidden">
        <Link to={allHref} className={cn(buttonVariants({ variant: 'outline' }), 'w-full')}>
          {OPENING_STRIP_TEXTS.viewAll}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
