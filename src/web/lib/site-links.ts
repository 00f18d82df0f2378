/**
 * Links the server's configuration hands to the page in meta tags (src/server/plugins/web.ts):
 * SUPPORT_URL ('Support Our Mission' on /about) and INSTAGRAM_URL (the footer). Null when the
 * variable is unset or the value is not an http(s) URL: the page then shows no link.
 */
export function siteLink(name: 'support-url' | 'instagram-url'): string | null {
  if (typeof document === 'undefined') return null;
  const url = document.querySelector(`meta[name="glowfind-${name}"]`)?.getAttribute('content')?.trim();
  return url && /^https?:\/\//i.test(url) ? url : null;
}
