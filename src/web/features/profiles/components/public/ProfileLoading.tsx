import { Spinner } from '#web/components/ui/Spinner.tsx';

/** Holds the hero's place while the profile loads, so the page does not jump when it arrives. */
export function ProfileLoading() {
  return (
    <div aria-busy="true">
      <div className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 pt-10 pb-8 sm:flex-row sm:items-end sm:gap-7">
          <div className="h-24 w-24 shrink-0 animate-pulse rounded-full bg-muted sm:h-32 sm:w-32" />
          <div className="w-full max-w-sm space-y-3">
            <div className="h-9 animate-pulse rounded-lg bg-muted" />
            <div className="h-5 w-2/3 animate-pulse rounded-lg bg-muted" />
          </div>
        </div>
      </div>
      <div className="flex justify-center py-12">
        <Spinner label="Loading profile..." />
      </div>
    </div>
  );
}
