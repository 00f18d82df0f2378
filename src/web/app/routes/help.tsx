import { Info, Mail, MessageCircle, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { FaqAccordion } from '#web/features/help/components/FaqAccordion.tsx';
import { HELP_SECTIONS } from '#web/features/help/help-articles.ts';
import { searchArticles } from '#web/features/help/help-search.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { openSupportDialog } from '#web/lib/support-dialog-store.ts';

const QUICK_LINKS = [
  {
    to: '/',
    icon: Search,
    title: 'Search for Providers',
    text: 'Find a professional by service, zip and price.',
  },
  {
    to: '/account',
    icon: UserPlus,
    title: 'Become a Provider',
    text: 'Publish your profile and post openings.',
  },
  { to: '/about', icon: Info, title: 'About', text: `Why we built ${BRAND.name} and who we are.` },
] as const;

/** The help centre (docs/product.md §2 'Help'): live search over the articles, or the categories. */
export function HelpPage() {
  useDocumentTitle(`Help Center · ${BRAND.name}`);
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const results = searchArticles(trimmed);

  return (
    <>
      <section className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
        <div className="mx-auto max-w-3xl px-4 pt-12 pb-8 text-center sm:pt-16">
          <h1 className="text-3xl font-extrabold tracking-tight text-app sm:text-5xl">
            How Can We Help You?
          </h1>
          <p className="mx-auto mt-3 max-w-xl text-base text-muted sm:text-lg">
            Answers about searching, booking, your account and your provider profile.
          </p>
          <search className="relative mx-auto mt-8 block max-w-xl">
            <label htmlFor="help-search" className="sr-only">
              Search help articles
            </label>
            <Search
              className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <input
              id="help-search"
              type="search"
              value={query}
              maxLength={100}
              placeholder="Search help articles..."
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
              className="h-12 w-full rounded-xl border border-app bg-card pl-12 pr-4 text-base text-app shadow-sm placeholder:text-[color:var(--fg-muted)] focus-visible:outline-2 focus-visible:outline-[color:var(--ring)]"
            />
          </search>
        </div>
      </section>

      <div className="mx-auto max-w-4xl px-4">
        {trimmed ? (
          <section aria-labelledby="help-results-title" className="mt-4">
            <div aria-live="polite">
              <h2 id="help-results-title" className="text-lg font-semibold text-app">
                {results.length} {results.length === 1 ? 'result' : 'results'} for "{trimmed}"
              </h2>
            </div>
            {results.length > 0 ? (
              <ul className="mt-4 space-y-3">
                {results.map((article) => (
                  <li key={article.question}>
                    <Card className="p-5">
                      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
                        {article.category}
                      </p>
                      <h3 className="mt-1 text-base font-semibold text-app">{article.question}</h3>
                      <p className="mt-2 text-sm leading-relaxed text-muted">{article.answer}</p>
                    </Card>
                  </li>
                ))}
              </ul>
            ) : (
              <Card className="mt-4 p-8 text-center">
                <Search className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
                <p className="mt-3 text-lg font-semibold text-app">No results found</p>
                <p className="mt-1 text-sm text-muted">
                  Try different keywords, or ask our support team below.
                </p>
              </Card>
            )}
          </section>
        ) : (
          <>
            <nav aria-label="Quick links" className="mt-4">
              <ul className="grid gap-3 sm:grid-cols-3">
                {QUICK_LINKS.map(({ to, icon: Icon, title, text }) => (
                  <li key={to}>
                    <Link
                      to={to}
                      className="flex h-full items-start gap-3 rounded-2xl border border-app bg-card p-4 shadow-sm transition-colors hover:bg-muted"
                    >
                      <Icon
                        className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-300"
                        aria-hidden="true"
                      />
                      <span>
                        <span className="block font-semibold text-app">{title}</span>
                        <span className="mt-0.5 block text-sm text-muted">{text}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>

            <div className="mt-10 space-y-6">
              {HELP_SECTIONS.map((section) => (
                <Card
                  key={section.category}
                  aria-labelledby={headingId(section.category)}
                  className="px-5 pt-5 sm:px-6"
                >
                  <h2 id={headingId(section.category)} className="text-lg font-semibold text-app">
                    {section.category}
                  </h2>
                  <FaqAccordion items={section.articles} className="mt-1" />
                </Card>
              ))}
            </div>
          </>
        )}

        <section
          aria-labelledby="help-contact-title"
          className="mt-12 rounded-2xl border border-app bg-muted px-5 py-8 text-center"
        >
          <h2 id="help-contact-title" className="text-xl font-bold text-app">
            Still need help?
          </h2>
          <p className="mt-1 text-sm text-muted">Our support team replies within 24 hours.</p>
          <div className="mt-4 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button onClick={openSupportDialog}>
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Contact Support
            </Button>
            <a
              href={`mailto:${BRAND.supportEmail}`}
              className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              <Mail className="mr-1.5 inline h-4 w-4 align-[-3px]" aria-hidden="true" />
              Email us at {BRAND.supportEmail}
            </a>
          </div>
        </section>
      </div>
    </>
  );
}

function headingId(category: string) {
  return `help-${category.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}
