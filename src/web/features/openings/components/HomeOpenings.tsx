import { NewForYouSection } from './NewForYouSection';
import type { BookProps } from './OpeningItem';
import { UpcomingAvailabilitySection } from './UpcomingAvailabilitySection';

/**
 * Where on the home page: 'for-you' first (a signed-in client's 'New for you'), 'top' the phone's
 * strip above the professionals, 'bottom' below them on a phone, 'list' below them on a desktop.
 */
export type HomeOpeningsPlace = 'for-you' | 'top' | 'bottom' | 'list';

/**
 * The home page's openings, in one chunk for all their places (so the route that places them stays
 * small; docs/performance.md 'Budgets'): 'New for you', or 'Upcoming Availability'.
 */
export function HomeOpenings({ place, ...props }: BookProps & { place: HomeOpeningsPlace }) {
  if (place === 'for-you') return <NewForYouSection onBook={props.onBook} />;
  return <UpcomingAvailabilitySection {...props} phoneSlot={place === 'list' ? undefined : place} />;
}
