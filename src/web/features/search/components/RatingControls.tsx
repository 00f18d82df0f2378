import { useId } from 'react';
import { MIN_RATING_OPTIONS, type MinRating, type SearchSort } from '#domain/search-options.ts';
import { Select } from '#web/components/ui/Select.tsx';

const SORT_LABELS: Record<SearchSort, string> = { relevance: 'Best match', rating: 'Highest rated' };

/**
 * 'Sort by' and 'Rating' over search results: native selects (the platform's picker, labelled,
 * keyboard and screen-reader friendly). Ratings come from real reviews only (ADR 008).
 */
export function RatingControls({
  sort,
  minRating,
  onChange,
}: {
  sort: SearchSort;
  minRating: MinRating;
  onChange: (change: { sort?: SearchSort; minRating?: MinRating }) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="text-sm font-medium text-app">
          Sort by
        </label>
        <Select
          id={`${id}-sort`}
          value={sort}
          onChange={(e) => onChange({ sort: e.target.value === 'rating' ? 'rating' : 'relevance' })}
          className="w-44"
        >
          {(['relevance', 'rating'] as const).map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-rating`} className="text-sm font-medium text-app">
          Rating
        </label>
        <Select
          id={`${id}-rating`}
          value={String(minRating)}
          onChange={(e) => onChange({ minRating: Number(e.target.value) as MinRating })}
          className="w-40"
        >
          {MIN_RATING_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {value === 0 ? 'Any rating' : `${value}+ stars`}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
