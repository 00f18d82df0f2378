import { MIN_RATING_OPTIONS, type MinRating, type SearchSort } from '../../../../domain/reviews-options';
import { Select } from '../../../components/ui/select';

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
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-app">
        Sort by
        <Select
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
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-app">
        Rating
        <Select
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
      </label>
    </div>
  );
}
