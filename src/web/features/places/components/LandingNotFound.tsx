import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import { LANDING_TEXTS } from '#domain/landing-texts.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';

/**
 * A known service in a known place with no providers yet: never an empty list. An unknown service or
 * place is the app's not-found page (NotFoundPage).
 */
export function LandingNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <MapPinOff className="h-12 w-12 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-extrabold text-app sm:text-4xl">{LANDING_TEXTS.notFoundTitle}</h1>
      <p className="mt-4 text-lg text-muted">{LANDING_TEXTS.notFoundBody}</p>
      <Link to="/" className={`${buttonVariants({ size: 'lg' })} mt-8`}>
        {LANDING_TEXTS.searchAll}
      </Link>
    </section>
  );
}
