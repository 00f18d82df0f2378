import { Heart } from 'lucide-react';
import { FAVORITE_TEXTS } from '../../../../domain/favorites-options';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { openAuthDialog } from '../../auth/auth-dialog-store';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useToggleFavorite } from '../api/toggle-favorite';

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
      openAuthDialog('login', { notice: `${FAVORITE_TEXTS.loginRequired}: ${FAVORITE_TEXTS.loginToSave}` });
      return;
    }
    toggle.mutate({ providerId, save: !isSaved });
  };

  // One name whatever the state ('Save Ana Braids'); aria-pressed says whether it is saved.
  return (
    <button
      type="button"
      onClick={handleClick}
      aria-pressed={session ? isSaved : undefined}
      title={isSaved ? 'Saved: select to remove' : 'Save to your favorites'}
      className={cn(
        buttonVariants({ variant: 'outline', size: size === 'sm' ? 'icon' : 'lg' }),
        size === 'sm' ? 'h-9 w-9 rounded-full' : 'w-full',
        isSaved && 'border-rose-300 dark:border-rose-800',
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn(
          'h-4 w-4',
          isSaved && 'fill-rose-600 text-rose-600 dark:fill-rose-400 dark:text-rose-400',
        )}
      />
      {size === 'lg' ? 'Save' : <span className="sr-only">Save</span>}
      <span className="sr-only"> {providerName}</span>
    </button>
  );
}
