import { BellOff, CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { isSwitchableKind, NOTIFICATION_TEXTS, notificationKind } from '#domain/notification-kinds.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useUnsubscribeFromAlerts } from '#web/features/openings/api/unsubscribe-from-alerts.ts';
import { useUnsubscribeFromSavedSearch } from '#web/features/search/api/unsubscribe-saved-search.ts';
import { useUnsubscribeFromNotification } from '#web/features/settings/api/notifications-unsubscribe.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/**
 * /unsubscribe?token=: the one-click link of an opening-alert email; with `list=saved-search`, of a
 * saved search's alert email; with `list=<kind>` (a kind of src/domain/notifications.ts a person can
 * turn off), of any other email that kind's switch in the notification settings covers. Opening the
 * page turns those emails off (mail scanners that fetch links do not run it); no login needed.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const list = params.get('list') ?? '';
  const isSavedSearch = list === 'saved-search';
  const kind = isSwitchableKind(list) ? list : null;
  const fromFollowing = useUnsubscribeFromAlerts();
  const fromSavedSearch = useUnsubscribeFromSavedSearch();
  const fromKind = useUnsubscribeFromNotification();
  const unsubscribe = kind ? fromKind : isSavedSearch ? fromSavedSearch : fromFollowing;
  const { mutate } = unsubscribe;
  const what = kind ? notificationKind(kind).label : isSavedSearch ? 'Saved search alerts' : 'Opening alerts';
  useDocumentTitle(`${what} · ${BRAND.name}`);

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
                  {kind
                    ? `${NOTIFICATION_TEXTS.unsubscribedPage[fromKind.data?.kind ?? kind]} You can turn them back on in your settings.`
                    : isSavedSearch
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
                  {kind
                    ? 'It may be incomplete or too old. You can turn these emails off in your settings instead.'
                    : 'It may be incomplete or too old. You can turn opening alerts off in your account instead.'}
                </p>
              </>
            ) : (
              <Spinner label={`Turning off ${what.toLowerCase()}...`} />
            )}
            <div className="flex flex-wrap justify-center gap-3 pt-2 [&>a]:whitespace-nowrap">
              <Link
                to={kind ? '/settings#notifications' : '/account'}
                className={buttonVariants({ variant: 'outline' })}
              >
                {kind ? 'Notification settings' : 'Account settings'}
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
