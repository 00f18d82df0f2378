import { useEffect } from 'react';
import { FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { takePendingAction } from '#web/lib/pending-action.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useToggleFavorite } from '../api/toggle-favorite';
import { askToLogInToSave, FavoriteHeart } from './FavoriteHeart';

const toast = toastFor('favorite');

/**
 * The save toggle on cards and profiles (docs/product.md §4 'Favourite toggle'): a heart that is pressed
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
  const savedIds = ids.data;
  const { mutate } = toggle;

  // A visitor pressed this heart, then logged in: save it now (once the saved ids are known, so
  // the optimistic update starts from them), on the page they were on.
  useEffect(() => {
    if (!session || !savedIds || !takePendingAction(providerId, ['favorite'])) return;
    if (savedIds.has(providerId)) toast.success(FAVORITE_TEXTS.saved);
    else mutate({ providerId, providerName, save: true });
  }, [session, savedIds, providerId, providerName, mutate]);

  const handleClick = () => {
    if (!session) {
      askToLogInToSave(providerId);
      return;
    }
    toggle.mutate({ providerId, providerName, save: !isSaved });
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
