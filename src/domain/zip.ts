/** Finds a US 5-digit zip (optionally ZIP+4) standing alone in free text, e.g. 'Austin, TX 78701'. */
export function extractZip(textValue: string): string | null {
  const match = /(?:^|[^\d])(\d{5})(?:-\d{4})?(?!\d)/.exec(textValue);
  return match ? match[1]! : null;
}

/** The text without the zip that extractZip found in it ('balayage 78701' → 'balayage'). */
export function withoutZip(textValue: string, zip: string): string {
  return textValue
    .replace(new RegExp(`(^|[^\\d])${zip}(?:-\\d{4})?(?!\\d)`), '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a zip box keeps of its text after typing or a paste (docs/product.md §5): the zip in the text
 * just pasted, else the zip standing in the whole text ('Austin, TX 78704' → '78704', '78704-1234' →
 * '78704'), else its digits, at most 5. The pasted text counts only while the box still holds it: a
 * paste that changed nothing is not taken for the next keystroke's.
 */
export function sanitizeZipInput(value: string, pasted = ''): string {
  // A one-line box drops the line breaks of what is pasted into it.
  const pastedZip = value.includes(pasted.replace(/[\r\n]/g, '')) ? extractZip(pasted) : null;
  return pastedZip ?? extractZip(value) ?? value.replace(/\D/g, '').slice(0, 5);
}
