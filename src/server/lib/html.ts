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

/** JSON inside <script> (JSON-LD): it must not be able to close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** A site path ('/uploads/…') as an absolute URL on PUBLIC_URL; absolute URLs stay as they are. */
export const absoluteUrl = (publicUrl: string, url: string) =>
  url.startsWith('/') ? `${publicUrl}${url}` : url;

/** Text on one line, at most `max` characters, cut at a word with '…' (descriptions, JSON-LD). */
export const clip = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};
