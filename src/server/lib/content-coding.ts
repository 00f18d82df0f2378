/** The compressed codings replies are sent in, best first. */
export type ContentCoding = 'br' | 'gzip';

/** The coding to send: brotli, else gzip, else none (an explicit q=0 refuses one). */
export function codingFor(acceptEncoding: string | undefined): ContentCoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
