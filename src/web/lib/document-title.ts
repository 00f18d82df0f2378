import { useEffect } from 'react';
import { BRAND } from '#domain/brand.ts';

/** index.html's title; pages that set their own put this back when they are left. */
export const APP_TITLE = `${BRAND.name} · ${BRAND.tagline}`;

/**
 * Sets the tab title while the page is shown (null: leave it). Leaving restores the app's title
 * rather than "the previous one": a page opened directly starts with the server's title for itself.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}
