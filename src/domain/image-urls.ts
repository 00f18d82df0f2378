/** Image URL rules without zod, so the home page's first-load bundle can use them (uploads.ts re-exports). */

/**
 * Every stored image has a small sibling for cards: '/uploads/u/abc.webp' → '/uploads/u/abc.thumb.webp'.
 * Links we did not make (no '.webp' ending) have no thumbnail and are returned unchanged.
 */
export function thumbnailUrl(url: string): string {
  if (!url.endsWith('.webp') || url.endsWith('.thumb.webp')) return url;
  return `${url.slice(0, -'.webp'.length)}.thumb.webp`;
}
