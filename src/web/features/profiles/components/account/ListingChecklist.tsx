import { CheckCircle2, Circle } from 'lucide-react';
import type { AccountProfile } from '#domain/profiles.ts';
import {
  LISTING_ITEMS,
  LISTING_TEXTS,
  type ListingItem,
  missingForListing,
} from '#domain/profiles-options.ts';
import { cn } from '#web/lib/cn.ts';
import type { AccountSectionId } from './account-sections';

/** Where each checklist item is filled in on this page. */
const ITEM_SECTION: Record<ListingItem, AccountSectionId> = {
  name: 'account',
  location: 'provider-profile',
  service: 'pricing',
};

/**
 * Whether the provider is listed, from their saved profile (ADR 013): until it has a name, a
 * location with a zip and a priced service, nobody else can find or open it, and this says what is
 * missing, each item a link to its section. Unsaved edits do not count: only saving lists a profile.
 */
export function ListingChecklist({ profile }: { profile: AccountProfile }) {
  const missing = missingForListing(profile);
  if (missing.length === 0) {
    return (
      <section
        aria-labelledby="listing-title"
        className="flex flex-col gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-emerald-800 dark:bg-emerald-950/50"
      >
        <div className="flex items-start gap-3">
          <CheckCircle2
            className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700 dark:text-emerald-400"
            aria-hidden="true"
          />
          <div>
            <h2 id="listing-title" className="font-semibold text-app">
              {LISTING_TEXTS.listedTitle}
            </h2>
            <p className="text-sm text-muted">{LISTING_TEXTS.listedBody}</p>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="listing-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/50"
    >
      <h2 id="listing-title" className="font-semibold text-app">
        {LISTING_TEXTS.unlistedTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{LISTING_TEXTS.unlistedBody}</p>
      <ul className="mt-3 space-y-2">
        {LISTING_ITEMS.map((item) => {
          const done = !missing.includes(item);
          const Icon = done ? CheckCircle2 : Circle;
          return (
            <li key={item} className="flex items-center gap-2 text-sm">
              <Icon
                className={cn(
                  'h-4 w-4 shrink-0',
                  done ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-300',
                )}
                aria-hidden="true"
              />
              {done ? (
                <span className="text-muted">
                  {LISTING_TEXTS[item]}
                  <span className="sr-only"> (done)</span>
                </span>
              ) : (
                <a
                  href={`#${ITEM_SECTION[item]}`}
                  className="font-medium text-app underline focus-visible:outline-2 focus-visible:outline-[color:var(--ring)]"
                >
                  {LISTING_TEXTS[item]}
                  <span className="sr-only"> (missing)</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
