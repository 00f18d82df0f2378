import { Heart } from 'lucide-react';
import { FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { cn } from '#web/lib/cn.ts';

/** A visitor pressed a heart: the login dialog says why, and saves it once they have logged in. */
export const askToLogInToSave = (providerId?: string) =>
  openAuthDialog('login', {
    notice: `${FAVORITE_TEXTS.loginRequired}: ${FAVORITE_TEXTS.loginToSave}`,
    afterLogin: providerId ? { kind: 'favorite', providerId } : undefined,
  });

/**
 * The heart itself, without the favourites queries: FavoriteButton draws it with the saved state,
 * and the home page's cards draw it alone for visitors (pressing it asks them to log in), so a
 * first visit does not load the toggle's code (docs/performance.md 'Budgets').
 */
export function FavoriteHeart({
  providerName,
  providerId,
  size = 'sm',
  isSaved = false,
  isPressed,
  onClick,
  isDisabled = false,
}: {
  providerName: string;
  /** For a visitor's heart: the provider to save once they have logged in. */
  providerId?: string | undefined;
  size?: 'sm' | 'lg' | undefined;
  isSaved?: boolean | undefined;
  /** aria-pressed: only for a signed-in user, for whom the heart is a toggle. */
  isPressed?: boolean | undefined;
  onClick?: (() => void) | undefined;
  /** While a signed-in user's toggle loads: shown, but not yet a button that does something. */
  isDisabled?: boolean | undefined;
}) {
  // One name whatever the state ('Save Ana Braids'), as the WAI-ARIA toggle-button pattern asks:
  // aria-pressed says whether it is saved ('Save Ana Braids, toggle button, pressed'). The large
  // button's visible text reads 'Saved' once saved; it begins with the name's word 'Save', so voice
  // control ('click Save') still finds it. The card's small heart stays an icon, filled when saved.
  return (
    <button
      type="button"
      aria-label={`Save ${providerName}`}
      onClick={onClick ?? (() => askToLogInToSave(providerId))}
      disabled={isDisabled}
      aria-pressed={isPressed}
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
      {size === 'lg' && (isSaved ? 'Saved' : 'Save')}
    </button>
  );
}
