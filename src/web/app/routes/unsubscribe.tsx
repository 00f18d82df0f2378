import { BellOff, CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useUnsubscribeFromAlerts } from '#web/features/openings/api/unsubscribe-from-alerts.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/**
 * /unsubscribe?token=: the one-click link of an opening-alert email. Opening the page turns the
 * alerts off (mail scanners that fetch links do not run it); no login needed.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeFromAlerts();
  const { mutate } = unsubscribe;
  useDocumentTitle(`Opening alerts · ${BRAND.name}`);

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
                  You will no longer get emails when saved providers post openings. You can turn them back on
                  in your account.
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
