import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { GeoBounds } from '#domain/map-options.ts';
import type { ProviderCard } from '#domain/search.ts';
import { MapPanel, type MapPin } from '#web/components/map/MapPanel.tsx';
import { type SearchState, type SetState, searchKey } from '../url-state';

/** The providers with a place on the map, as its pins: the name links to the profile. */
export function providerPins(providers: readonly ProviderCard[]): MapPin[] {
  return providers.flatMap((p) =>
    p.position
      ? [
          {
            id: p.id,
            latitude: p.position.latitude,
            longitude: p.position.longitude,
            name: p.name,
            href: `/${p.routing_slug}`,
            details: [p.location],
          },
        ]
      : [],
  );
}

/**
 * The home page's results with a map (view=map; loaded with the map only): beside the list on a
 * desktop, instead of the cards on a phone (a message such as 'No results' stays above it). The pins
 * are the loaded cards' providers; 'Search this area' searches the map's bounds instead of the zip.
 */
export function SearchMap({
  list,
  hidesList,
  providers,
  settled,
  setState,
}: {
  /** The section's content: the cards with Load more, or the state's message. */
  list: ReactNode;
  /** The list is cards, which the map replaces on a phone. */
  hidesList: boolean;
  providers: readonly ProviderCard[];
  /** The search that was fetched: its area, and its key (a new search fits the map again). */
  settled: SearchState;
  setState: SetState;
}) {
  const navigate = useNavigate();
  const pins = useMemo(() => providerPins(providers), [providers]);
  const handleSearchArea = (bbox: GeoBounds) =>
    setState((s) => ({ ...s, zip: '', bbox, sort: s.sort === 'distance' ? 'relevance' : s.sort }));
  return (
    <div className="lg:grid lg:grid-cols-5 lg:gap-6">
      <div className={`lg:col-span-3 lg:[&>div>ul]:grid-cols-2 ${hidesList ? 'max-lg:hidden' : 'mb-6'}`}>
        {list}
      </div>
      <div className="lg:col-span-2">
        <MapPanel
          pins={pins}
          area={settled.bbox}
          fitKey={searchKey(settled)}
          label="Map of the results"
          onSearchArea={handleSearchArea}
          onNavigate={(href) => void navigate(href)}
        />
      </div>
    </div>
  );
}
