import { BellOff, CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useUnsubscribeFromAlerts } from '#web/features/openings/api/unsubscribe-from-alerts.ts';
import { useUnsubscribeFromSavedSearch } from '#web/features/search/api/unsubscribe-saved-search.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/**
 * /unsubscribe?token=: the one-click link of an opening-alert email, and with `list=saved-search`
 * of a saved search's alert email. Opening the page turns those alerts off (mail scanners
 * that fetch links do not run it); no login needed.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isSavedSearch = params.get('list') === 'saved-search';
  const fromFollowing = useUnsubscribeFromAlerts();
  const fromSavedSearch = useUnsubscribeFromSavedSearch();
  const unsubscribe = isSavedSearch ? fromSavedSearch : fromFollowing;
  const { mutate } = unsubscribe;
  useDocumentTitle(`${isSavedSearch ? 'Saved search alerts' : 'Opening alerts'} · ${BRAND.name}`);

  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const failed = !token || unsubscribe.isError;
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardContent>
          <div className="space-y-4 py-3 text-center" aria-live="polite">
            {unsubscribe.isSuccess ? (
              <>
                <BellOff
                  className="mx-auto h-10 w-10 text-brand-700 dark:text-brand-300"
                  aria-hidden="true"
                />
                <h1 className="text-2xl font-bold text-app">You're unsubscribed</h1>
                <p className="text-muted">
                  {isSavedSearch
                    ? 'You will no longer get emails about new openings for this saved search. You can turn them back on in your account.'
                    : 'You will no longer get emails when saved providers post openings. You can turn them back on in your account.'}
                </p>
              </>
            ) : failed ? (
              <>
                <CircleAlert
                  className="mx-auto h-10 w-10 text-red-700 dark:text-red-400"
                  aria-hidden="true"
                />
                <h1 className="text-2xl font-bold text-app">This link did not work</h1>
                <p className="text-muted">
                  It may be incomplete or too old. You can turn opening alerts off in your account instead.
                </p>
              </>
            ) : (
              <Spinner label="Turning off opening alerts..." />
            )}
            <div className="flex flex-wrap justify-center gap-3 pt-2 [&>a]:whitespace-nowrap">
              <Link to="/account" className={buttonVariants({ variant: 'outline' })}>
                Account settings
              </Link>
              <Link to="/" className={buttonVariants()}>
                Explore Providers
              </Link>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
