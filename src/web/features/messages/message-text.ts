/**
 * How a message's plain text is shown (docs/decisions/028): never as HTML; http(s) addresses become
 * links, everything else stays text. Pure, so it is unit-tested.
 */

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address runs to the next space or angle bracket or quote; punctuation that usually ends a
// sentence around it ('see https://x.com.') is not part of it.
const URL_RE = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The text cut into plain runs and http(s) links, in order; joined, the parts give the text back. */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    // A closing bracket that closes one inside the address stays ('…/Foo_(bar)').
    if (trailing && !(trailing === ')' && address.includes('(')))
      address = address.slice(0, -trailing.length);
    if (!isWebAddress(address)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isWebAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A list's short time: the time today, the day this year, the date before. */
export function shortTime(iso: string, now = new Date(), locale?: string): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString())
    return at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  if (at.getFullYear() === now.getFullYear())
    return at.toLocaleDateString(locale, { month: 'short', day: 'numeric' });
  return at.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A message's time in the conversation: 'Dec 2, 3:04 PM' (with the year when not this one). */
export function messageTime(iso: string, now = new Date(), locale?: string): string {
  const at = new Date(iso);
  return at.toLocaleString(locale, {
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The list's preview of a message: one line, cut at about `max` characters. */
export function previewText(body: string, max = 120): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
