import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { formatBbox, type GeoBounds, parseBbox } from '#domain/map-options.ts';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import type { Opening } from '#domain/openings.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { ViewToggle } from '#web/components/ViewToggle.tsx';
import { logBookingClick } from '#web/features/bookings/api/log-booking-click.ts';
import type { OpeningFilters } from '#web/features/openings/api/get-upcoming-openings.ts';
import { AvailabilityFilters } from '#web/features/openings/components/AvailabilityFilters.tsx';
import { AvailabilityList } from '#web/features/openings/components/AvailabilityList.tsx';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';
import { PageShell } from './page-shell';

// The map (view=map), with Leaflet in a chunk of its own behind it.
const AvailabilityMap = lazy(() =>
  import('#web/features/openings/components/AvailabilityMap.tsx').then((m) => ({
    default: m.AvailabilityMap,
  })),
);

const handleBook = (o: Opening) =>
  logBookingClick({ url: o.display_booking_link, provider_id: o.provider_id, click_token: o.click_token });
const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

const FILTER_KEYS = ['q', 'zip', 'radius', 'category', 'day', 'reduced'] as const;

/**
 * /availability (docs/product.md §2; open to everyone, ADR 012): 'All Available Openings',
 * filtered by words, zip and radius, category, day and reduced price, kept in the URL
 * (?q=&zip=&radius=&category=&day=&reduced=true) so the home page's 'View All Available Openings' can
 * hand its search over. `view=map` shows them on a map too, whose 'Search this area' filters by its
 * bounds (`bbox=s,w,n,e`, instead of the zip).
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
  // The map's area ('Search this area'), when well formed and no zip replaces it.
  const bbox = filters.zip ? null : parseBbox(params.get('bbox'));
  if (bbox) filters.bbox = bbox;

  const isMap = params.get('view') === 'map';

  /** The filters into the URL, keeping the view; a zip replaces the map's area. */
  const writeFilters = (next: OpeningFilters, options: { replace: boolean }) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = next[key]?.trim();
      if (value) search.set(key, value);
    }
    if (next.bbox && !next.zip?.trim()) search.set('bbox', formatBbox(next.bbox));
    if (isMap) search.set('view', 'map');
    setParams(search, options);
  };
  const handleChange = (next: OpeningFilters) => writeFilters(next, { replace: true });
  const handleSearchArea = (area: GeoBounds) => {
    const { zip: _zip, radius: _radius, ...rest } = filters;
    writeFilters({ ...rest, bbox: area }, { replace: false });
  };
  const handleView = (map: boolean) =>
    setParams(
      (p) => {
        map ? p.set('view', 'map') : p.delete('view');
        return p;
      },
      { replace: true },
    );

  const list = (
    <AvailabilityList
      filters={filters}
      isSignedIn={Boolean(session)}
      onBook={handleBook}
      onLoginRequired={handleLoginRequired}
    />
  );

  return (
    <PageShell
      title={OPENING_TEXTS.pageTitle}
      intro={`Short-notice openings from professionals in the next ${OPENING_LIMITS.windowDays} days, soonest first, each in its provider's local time.`}
    >
      <div className="space-y-8">
        <AvailabilityFilters filters={filters} onChange={handleChange} />
        <div className="flex justify-end">
          <ViewToggle isMap={isMap} onChange={handleView} />
        </div>
        {isMap ? (
          <Suspense fallback={list}>
            <AvailabilityMap list={list} filters={filters} onSearchArea={handleSearchArea} />
          </Suspense>
        ) : (
          list
        )}
      </div>
    </PageShell>
  );
}
