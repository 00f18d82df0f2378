import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';
import { useSession } from '#web/lib/session.ts';
import { favoriteServicesQuery } from '../api/favorite-services';

/**
 * A signed-in person's favourite services as quick choices in the home search (docs/product.md §2
 * 'Home'): one press searches that service near the zip in the box, pressing the chosen one again
 * takes it away, as the popular categories do. Nothing while they load, fail, or when there are none.
 */
export function FavoriteServiceChoices({
  query,
  onSelect,
}: {
  query: string;
  onSelect: (word: string | null) => void;
}) {
  const userId = useSession()?.user.id ?? '';
  const services = useQuery({ ...favoriteServicesQuery(userId), enabled: Boolean(userId) }).data ?? [];
  if (!userId || services.length === 0) return null;
  const current = query.trim().toLowerCase();
  return (
    <fieldset className="min-w-0">
      <legend className="float-left mr-2 inline-flex items-center gap-1.5 text-sm leading-9 font-medium text-muted">
        <Heart className="h-3.5 w-3.5" aria-hidden="true" />
        {FAVORITE_TEXTS.quickChoices}
      </legend>
      <div className="flex flex-wrap gap-2">
        {services.map((name) => {
          const isSelected = current === name.toLowerCase();
          return (
            <button
              key={name}
              type="button"
              aria-pressed={isSelected}
              className={toggleChipClass(isSelected)}
              onClick={() => onSelect(isSelected ? null : name)}
            >
              {name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
