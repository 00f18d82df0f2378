import { ArrowRight, BellRing } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { matchesSavedSearch, NEW_FOR_YOU_TEXTS } from '#domain/new-for-you-options.ts';
import { badgeVariants } from '#web/components/ui/Badge.tsx';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useSession } from '#web/lib/session.ts';
import { useOpeningsForYou } from '../api/get-openings-for-you';
import { hasEnded } from '../opening-time';
import { type BookProps, OpeningItem } from './OpeningItem';

/**
 * 'New for you' on the home page: for a signed-in client, the openings of the
 * next 5 days that match their saved searches, each labelled with the search it matches, before
 * anything else below the search panel (the route renders it only with a session). Hidden while
 * loading, on error and when nothing matches.
 */
export function NewForYouSection({ onBook }: Pick<BookProps, 'onBook'>) {
  const titleId = useId();
  const query = useOpeningsForYou(useSession()?.user.id ?? '');
  const now = new Date();
  const openings = (query.data ?? []).filter((o) => !hasEnded(o, now));
  if (openings.length === 0) return null;

  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-6xl px-4 pt-2 pb-8">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="flex items-center gap-2 text-2xl font-bold text-app sm:text-3xl">
            <BellRing className="h-6 w-6 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            {NEW_FOR_YOU_TEXTS.title}
          </h2>
          <p className="mt-1 text-muted">{NEW_FOR_YOU_TEXTS.intro}</p>
        </div>
        <Link
          to="/account#saved-searches"
          className={cn(buttonVariants({ variant: 'outline' }), 'shrink-0 self-start sm:self-auto')}
        >
          {NEW_FOR_YOU_TEXTS.manageSaved}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {openings.map((opening) => (
          <li key={opening.id}>
            <OpeningItem
              opening={opening}
              showProvider
              isSignedIn
              badge={
                <span className={cn(badgeVariants({ variant: 'brand' }), 'max-w-full break-words')}>
                  {matchesSavedSearch(opening.saved_search.name)}
                </span>
              }
              onBook={onBook}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
