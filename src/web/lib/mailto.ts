/**
 * A `mailto:` link to one address (RFC 6068), every part percent-encoded: a stored address such as
 * `a@b.co?bcc=spy@evil.example` or `alias1,victim@example.com` stays one (invalid) recipient in the
 * mail client instead of adding recipients or headers. `@` is left readable, as the RFC allows.
 */
export function mailtoHref(address: string, fields: { subject?: string; body?: string } = {}): string {
  const to = encodeURIComponent(address.trim()).replaceAll('%40', '@');
  const query = (['subject', 'body'] as const)
    .filter((name) => fields[name])
    .map((name) => `${name}=${encodeURIComponent(fields[name]!)}`)
    .join('&');
  return `mailto:${to}${query ? `?${query}` : ''}`;
}
