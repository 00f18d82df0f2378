import { UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/Button.tsx';

/** docs/product.md §2: an unknown slug. */
export function ProfileNotFound({ slug }: { slug: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <UserRoundX className="h-12 w-12 text-brand-700 dark:text-brand-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-extrabold text-app sm:text-4xl">Profile Not Found</h1>
      <p className="mt-4 text-lg text-muted">
        The profile you're looking for doesn't exist or has been removed.
      </p>
      <p className="mt-2 text-sm break-all text-muted">Could not find user {slug}</p>
      <Link to="/" className={`${buttonVariants({ size: 'lg' })} mt-8`}>
        Return home
      </Link>
    </section>
  );
}
