import { Link } from 'react-router';

/**
 * A person in an admin table: their name, linked to their public profile when they have one (a
 * listed provider's /{slug}); the id stays in the tooltip for looking them up elsewhere.
 */
export function PersonLink({ name, slug, id }: { name: string; slug: string | null; id: string }) {
  const label = name || 'Unnamed';
  return slug ? (
    <Link to={`/${slug}`} title={id} className="font-medium text-brand-700 underline dark:text-brand-300">
      {label}
    </Link>
  ) : (
    <span title={id}>{label}</span>
  );
}
