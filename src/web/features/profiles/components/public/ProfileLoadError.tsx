import { RefreshCw } from 'lucide-react';
import { PROFILE_TEXTS } from '#domain/profiles-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';

/** Anything but a 404: the server or the network failed; trying again may work. */
export function ProfileLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-app">{PROFILE_TEXTS.loadFailed}</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        Something went wrong while loading this profile. Please check your connection and try again.
      </p>
      <Button size="lg" className="mt-8" onClick={onRetry} disabled={retrying}>
        {retrying ? (
          <Spinner label="Retrying..." />
        ) : (
          <>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
          </>
        )}
      </Button>
    </section>
  );
}
