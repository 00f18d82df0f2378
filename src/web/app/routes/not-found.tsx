import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/** An address that names nothing (404; the server renders it too, at that address). */
export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle(`Page not found · ${BRAND.name}`);
  useEffect(() => {
    console.warn(`404: no page at ${location.pathname}`);
  }, [location.pathname]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-5xl font-extrabold text-app">Oops!</h1>
      <p className="mt-4 text-lg text-muted">We couldn't find the page you're looking for!</p>
      <Link
        to="/"
        className="mt-8 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return home
      </Link>
    </section>
  );
}
