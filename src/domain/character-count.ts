/**
 * The character counter of the long text boxes (docs/product.md §5 'Long texts'): its texts, and when
 * it speaks. No zod, so pages load it cheaply.
 */

const n = (value: number) => value.toLocaleString('en-US');

/** What the counter shows under the box: '1,234 / 5,000'. */
export function characterCountText(length: number, max: number): string {
  return `${n(length)} / ${n(max)}`;
}

/**
 * What a screen reader is told, politely, as the text nears the limit: nothing until the last tenth,
 * then once at each step (fewer than 500, 100, 10 characters left for 5,000) and once when it is over,
 * rather than at every keystroke.
 */
export function characterCountAnnouncement(length: number, max: number): string {
  const left = max - length;
  if (left < 0) return `Over the limit of ${n(max)} characters`;
  const step = [10, Math.round(max / 50), Math.round(max / 10)].find((s) => left < s);
  return step === undefined ? '' : `Fewer than ${n(step)} characters left`;
}
