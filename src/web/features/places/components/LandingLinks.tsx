import { Link } from 'react-router';
import type { LandingLink } from '#domain/places.ts';

/** A titled list of other landing pages ('Nearby', 'Related services'), each with its provider count. */
export function LandingLinks({ title, links }: { title: string; links: readonly LandingLink[] }) {
  if (links.length === 0) return null;
  const id = `landing-links-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-app">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              to={link.path}
              className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {link.label}
            </Link>{' '}
            <span className="text-sm text-muted">({link.count.toLocaleString('en-US')})</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
