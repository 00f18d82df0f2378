/**
 * What a person wrote in an emailed reply, without what their mail program added: the quoted history
 * ('> …' lines, and everything after an 'On … wrote:' header, an '-----Original Message-----' line,
 * Gmail's forwarded block or Outlook's 'From: … Sent: …' block), the signature (after '-- ') and the
 * 'Sent from my iPhone' lines. Text only; the caller trims and bounds it.
 */

/** Where the quoted history starts: everything from this line on is dropped. */
const HISTORY_LINES = [
  /^-{2,}\s*original message\s*-{2,}$/i,
  /^-{2,}\s*forwarded message\s*-{2,}$/i,
  /^_{10,}$/,
  /^begin forwarded message:?$/i,
];

/** A reply header's first line, in the languages mail programs write most; it may wrap onto more lines. */
const WROTE_START = /^(on|le|am|el|il|op|em)\s.+/i;
const WROTE_END = /(wrote|a écrit|schrieb|escribió|ha scritto|schreef|escreveu)\s*:$/i;
/** How many lines a wrapped 'On … wrote:' header may span. */
const WROTE_MAX_LINES = 4;

/** Outlook's header block: 'From:' then, within the next lines, 'Sent:' or 'Date:'. */
const OUTLOOK_FROM = /^\*?from:\*?\s/i;
const OUTLOOK_NEXT = /^\*?(sent|date|to|subject|cc):\*?\s/i;

/** The signature delimiter ('-- ', also without its space, which many programs drop). */
const SIGNATURE = /^--\s?$/;

/** Lines mobile and desktop programs append. */
const SENT_FROM = [
  /^sent from my \S.*$/i,
  /^sent from (mail|outlook) for \S.*$/i,
  /^get outlook for \S.*$/i,
  /^sent from yahoo mail\b.*$/i,
  /^sent with proton ?mail\b.*$/i,
];

function isWroteHeader(lines: string[], index: number): boolean {
  const first = lines[index]!.trim();
  if (!WROTE_START.test(first)) return false;
  let joined = first;
  for (let i = index; i < Math.min(lines.length, index + WROTE_MAX_LINES); i++) {
    if (i > index) {
      const next = lines[i]!.trim();
      if (next === '') return false;
      joined += ` ${next}`;
    }
    if (WROTE_END.test(joined)) return true;
  }
  return false;
}

function isOutlookHeader(lines: string[], index: number): boolean {
  if (!OUTLOOK_FROM.test(lines[index]!.trim())) return false;
  const next = lines.slice(index + 1, index + 4).map((l) => l.trim());
  return next.some((l) => OUTLOOK_NEXT.test(l));
}

/** The reply's own text: quoted history, signature and 'Sent from' lines removed; blank lines collapsed. */
export function stripQuotedText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (
      HISTORY_LINES.some((re) => re.test(trimmed)) ||
      isWroteHeader(lines, i) ||
      isOutlookHeader(lines, i) ||
      SIGNATURE.test(line)
    )
      break;
    if (trimmed.startsWith('>')) continue;
    if (SENT_FROM.some((re) => re.test(trimmed))) continue;
    kept.push(line.replace(/\s+$/, ''));
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
