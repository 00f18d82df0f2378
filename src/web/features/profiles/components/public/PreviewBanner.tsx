import { Link } from 'react-router';
import { LISTING_TEXTS, type ListingItem } from '#domain/profiles-options.ts';

/** The owner's preview of a profile nobody else can see yet, with what it still needs. */
export function PreviewBanner({ missing }: { missing: readonly ListingItem[] }) {
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/60"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:text-amber-100">
        <div>
          <p className="font-semibold">{LISTING_TEXTS.previewBanner}</p>
          <p>
            {LISTING_TEXTS.previewMissing} {missing.map((m) => LISTING_TEXTS[m].toLowerCase()).join('; ')}.
          </p>
        </div>
        <Link
          to="/account"
          className="shrink-0 font-semibold underline focus-visible:outline-2 focus-visible:outline-[color:var(--ring)]"
        >
          {LISTING_TEXTS.finish}
        </Link>
      </div>
    </div>
  );
}
