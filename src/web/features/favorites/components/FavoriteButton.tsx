import { useSession } from '#web/lib/session.ts';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useToggleFavorite } from '../api/toggle-favorite';
import { askToLogInToSave, FavoriteHeart } from './FavoriteHeart';

/**
 * The save toggle on cards and profiles (SPEC.md §4 'Favourite toggle'): a heart that is pressed
 * when saved. Visitors get the login dialog with the reason; signed-in users see it flip at once.
 */
export function FavoriteButton({
  providerId,
  providerName,
  size = 'sm',
}: {
  providerId: string;
  providerName: string;
  size?: 'sm' | 'lg';
}) {
  const session = useSession();
  const ids = useFavoriteIds();
  const toggle = useToggleFavorite();
  const isSaved = ids.data?.has(providerId) ?? false;

  const handleClick = () => {
    if (!session) {
      askToLogInToSave();
      return;
    }
    toggle.mutate({ providerId, save: !isSaved });
  };

  return (
    <FavoriteHeart
      providerName={providerName}
      size={size}
      isSaved={isSaved}
      isPressed={session ? isSaved : undefined}
      onClick={handleClick}
    />
  );
}
