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

/** The zip box keeps digits only, at most 5 (docs/product.md §5). */
export function sanitizeZipInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 5);
}
