import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { GeoBounds } from '#domain/map-options.ts';
import { formatOpeningRange } from '#domain/opening-time.ts';
import type { Opening } from '#domain/openings.ts';
import { MapPanel, type MapPin } from '#web/components/map/MapPanel.tsx';
import { type OpeningFilters, useUpcomingOpenings } from '../api/get-upcoming-openings';
import { hasEnded } from '../opening-time';

/** The openings whose provider has a place on the map: each popup names the provider, the service and the time. */
export function openingPins(openings: readonly Opening[]): MapPin[] {
  return openings.flatMap((o) =>
    o.provider_position
      ? [
          {
            id: o.id,
            latitude: o.provider_position.latitude,
            longitude: o.provider_position.longitude,
            name: o.provider_name,
            href: `/${o.routing_slug}`,
            details: [
              o.service_type,
              formatOpeningRange(o.start_time, o.end_time, {
                timeZone: o.time_zone,
                viewerZone: o.time_zone,
              }),
            ],
          },
        ]
      : [],
  );
}

/**
 * /availability with a map (view=map; loaded with the map only): beside the list on a desktop,
 * instead of the openings on a phone (a message such as 'No openings match' stays above it). The pins
 * are the list's loaded openings (the same query, so the same cache); 'Search this area' filters by
 * the map's bounds instead of the zip.
 */
export function AvailabilityMap({
  list,
  filters,
  onSearchArea,
}: {
  /** AvailabilityList for the same filters. */
  list: ReactNode;
  filters: OpeningFilters;
  onSearchArea: (area: GeoBounds) => void;
}) {
  const navigate = useNavigate();
  const query = useUpcomingOpenings(undefined, filters);
  const pages = query.data?.pages;
  const openings = useMemo(() => {
    const now = new Date();
    return (pages?.flatMap((p) => p.openings) ?? []).filter((o) => !hasEnded(o, now));
  }, [pages]);
  const pins = useMemo(() => openingPins(openings), [openings]);
  const hidesList = openings.length > 0;
  return (
    <div className="lg:grid lg:grid-cols-5 lg:gap-6">
      <div className={`lg:col-span-3 lg:[&_ul]:grid-cols-1 ${hidesList ? 'max-lg:hidden' : 'mb-6'}`}>
        {list}
      </div>
      <div className="lg:col-span-2">
        <MapPanel
          pins={pins}
          area={filters.zip ? null : (filters.bbox ?? null)}
          fitKey={JSON.stringify(filters)}
          label="Map of the openings"
          onSearchArea={onSearchArea}
          onNavigate={(href) => void navigate(href)}
        />
      </div>
    </div>
  );
}
