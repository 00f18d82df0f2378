/**
 * HTML the server writes itself: the head of the web app's pages (plugins/web.ts, filled by
 * modules/profiles/profiles.seo.ts) and the emails (mail/templates.ts). One escape for all of them.
 */

/** Text for an HTML element or a quoted attribute value: the five characters that could end either are escaped. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** What the server puts in <head> for a page, before any JavaScript runs. */
export interface PageHead {
  title: string;
  description: string;
  /** Extra tags, already escaped. */
  tags: string;
}
