import type { SearchState } from '../url-state';
import { AvailabilityFilter } from './AvailabilityFilter';
import { ExperienceFilter } from './ExperienceFilter';
import { PriceSlider } from './PriceSlider';
import { RatingFilter } from './RatingFilter';

/**
 * Price, availability, experience and minimum rating: each change refines the URL's search, and
 * any of them alone is a search (the results follow them without text or a zip).
 */
export function FilterBar({
  state,
  refine,
}: {
  state: SearchState;
  refine: (patch: Partial<SearchState>) => void;
}) {
  return (
    <div className="grid items-end gap-4 md:grid-cols-[minmax(0,1fr)_auto]">
      <PriceSlider value={state.price} onChange={(price) => refine({ price })} />
      <div className="grid grid-cols-2 gap-2 md:flex">
        <AvailabilityFilter
          value={state}
          onChange={({ when, days, times }) => refine({ when, days, times })}
        />
        <ExperienceFilter value={state.experience} onChange={(experience) => refine({ experience })} />
        <RatingFilter value={state.minRating} onChange={(minRating) => refine({ minRating })} />
      </div>
    </div>
  );
}
