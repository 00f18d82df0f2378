import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { LANDING_TEXTS, landingIntroduction } from '#domain/landing-texts.ts';
import type { LandingReply } from '#domain/places.ts';
import type { ProviderCard } from '#domain/search.ts';
import { LandingLinks } from './LandingLinks';

/**
 * A landing page ('Balayage in Austin, TX'): the heading, the introduction made from the reply's
 * figures, the providers (the route passes the grid), Load more, and links to nearby places and
 * related services. Renders from its props alone, so the server can render it too.
 */
export function LandingPageView({
  reply,
  providers,
  renderProviders,
  loadMore,
}: {
  /** The first page's reply: heading, figures and links. */
  reply: LandingReply;
  /** Every provider loaded so far (the first page and those 'Load more' added). */
  providers: readonly ProviderCard[];
  renderProviders: (providers: readonly ProviderCard[]) => ReactNode;
  /** The 'Load more' button, while there is a next page. */
  loadMore?: ReactNode;
}) {
  const intro = landingIntroduction(reply);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl">
        <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="underline-offset-2 hover:underline">
                {BRAND.name}
              </Link>
            </li>
            <li aria-hidden="true">›</li>
            <li aria-current="page" className="text-app">
              {reply.heading}
            </li>
          </ol>
        </nav>
        <h1 className="text-3xl font-extrabold text-app sm:text-4xl">{reply.heading}</h1>
        <div className="mt-3 space-y-1 text-lg text-muted">
          {intro.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      </header>
      <section aria-labelledby="landing-providers" className="mt-8 space-y-6">
        {/* The cards' names are h3: this keeps the outline in order (h1, h2, h3). */}
        <h2 id="landing-providers" className="sr-only">
          {LANDING_TEXTS.providers}
        </h2>
        {renderProviders(providers)}
        {loadMore}
      </section>
      {(reply.nearby.length > 0 || reply.related.length > 0) && (
        <div className="mt-12 grid gap-8 border-t border-app pt-8 sm:grid-cols-2">
          <LandingLinks title={LANDING_TEXTS.nearby} links={reply.nearby} />
          <LandingLinks title={LANDING_TEXTS.related} links={reply.related} />
        </div>
      )}
    </div>
  );
}
