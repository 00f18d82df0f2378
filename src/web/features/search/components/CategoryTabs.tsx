import { SERVICE_CATEGORIES } from '#domain/options.ts';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';

/**
 * The popular categories (docs/product.md §2, §9). Choosing one searches its word; choosing the chosen one
 * again takes the word away. Toggle buttons rather than ARIA tabs: they search, they do not switch panels.
 */
export function CategoryTabs({
  query,
  onSelect,
}: {
  query: string;
  onSelect: (word: string | null) => void;
}) {
  const current = query.trim().toLowerCase();
  return (
    <fieldset className="min-w-0">
      <legend className="float-left mr-2 text-sm leading-9 font-medium text-muted">Popular:</legend>
      <div className="flex flex-wrap gap-2">
        {SERVICE_CATEGORIES.map((category) => {
          const isSelected = current === category.label.toLowerCase();
          return (
            <button
              key={category.id}
              type="button"
              aria-pressed={isSelected}
              className={toggleChipClass(isSelected)}
              onClick={() => onSelect(isSelected ? null : category.label)}
            >
              {category.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
