import type { SsrSiteLinks as SiteLinks } from '#domain/ssr.ts';

/**
 * Links the server's configuration hands to the page in meta tags (src/server/plugins/web.ts):
 * SUPPORT_URL ('Support Our Mission' on /about) and INSTAGRAM_URL (the footer). Null when the
 * variable is unset or the value is not an http(s) URL: the page then shows no link.
 */

/** On the server (no document): the same configuration, so server-rendered HTML matches the browser's. */
let serverLinks: SiteLinks = {};

export function setServerSiteLinks(links: SiteLinks): void {
  serverLinks = links;
}

export function siteLink(name: keyof SiteLinks): string | null {
  const url =
    typeof document === 'undefined'
      ? serverLinks[name]?.trim()
      : document.querySelector(`meta[name="glowfind-${name}"]`)?.getAttribute('content')?.trim();
  return url && /^https?:\/\//i.test(url) ? url : null;
}
