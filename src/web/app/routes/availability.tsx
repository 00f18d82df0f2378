import { useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import type { Opening } from '#domain/openings.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { logBookingClick } from '#web/features/bookings/api/log-booking-click.ts';
import type { OpeningFilters } from '#web/features/openings/api/get-upcoming-openings.ts';
import { AvailabilityFilters } from '#web/features/openings/components/AvailabilityFilters.tsx';
import { AvailabilityList } from '#web/features/openings/components/AvailabilityList.tsx';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';
import { PageShell } from './page-shell';

const handleBook = (o: Opening) =>
  logBookingClick({ url: o.display_booking_link, provider_id: o.provider_id, click_token: o.click_token });
const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

const FILTER_KEYS = ['q', 'zip', 'radius', 'category', 'day', 'reduced'] as const;

/**
 * /availability (docs/product.md §2; open to everyone, ADR 012): 'All Available Openings',
 * filtered by words, zip and radius, category, day and reduced price, kept in the URL
 * (?q=&zip=&radius=&category=&day=&reduced=true)
 * so the home page's 'View All Available Openings' can hand its search over.
 */
export function AvailabilityPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(`${OPENING_TEXTS.pageTitle} · ${BRAND.name}`);
  const filters: OpeningFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }

  const handleChange = (next: OpeningFilters) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = next[key]?.trim();
      if (value) search.set(key, value);
    }
    setParams(search, { replace: true });
  };

  return (
    <PageShell
      title={OPENING_TEXTS.pageTitle}
      intro={`Short-notice openings from professionals in the next ${OPENING_LIMITS.windowDays} days, soonest first, each in its provider's local time.`}
    >
      <div className="space-y-8">
        <AvailabilityFilters filters={filters} onChange={handleChange} />
        <AvailabilityList
          filters={filters}
          isSignedIn={Boolean(session)}
          onBook={handleBook}
          onLoginRequired={handleLoginRequired}
        />
      </div>
    </PageShell>
  );
}
