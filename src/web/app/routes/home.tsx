import { Search } from 'lucide-react';
import { BRAND } from '../../../domain/brand';
import { SERVICE_CATEGORIES } from '../../../domain/options';

/** The home page; search, results, openings and the FAQ arrive with the search issue. */
export function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-app sm:text-6xl">{BRAND.hero}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
            Find independent hair stylists, barbers, massage therapists, nail techs and estheticians, and book
            them on their own page.
          </p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-app bg-card px-4 py-2 text-sm text-muted">
            <Search className="h-4 w-4" aria-hidden="true" /> Search by service and zip code is coming next.
          </p>
        </div>
      </section>
      <section aria-labelledby="categories" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="categories" className="text-2xl font-bold text-app">
          Popular services
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {SERVICE_CATEGORIES.map((c) => (
            <li key={c.id} className="rounded-xl border border-app bg-card p-4">
              <h3 className="font-semibold text-app">{c.label}</h3>
              <p className="mt-1 text-sm text-muted">{c.services.join(' · ')}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default HomePage;
