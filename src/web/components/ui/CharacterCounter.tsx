import { characterCountAnnouncement, characterCountText } from '#domain/character-count.ts';

interface CharacterCounterProps {
  /** The id the text box names in aria-describedby. */
  id: string;
  length: number;
  max: number;
}

/**
 * '1,234 / 5,000' under a long text box (docs/product.md §5 'Long texts'), red past the limit. It
 * describes the box (read with it on focus); a separate polite live region speaks only near the limit.
 */
export function CharacterCounter({ id, length, max }: CharacterCounterProps) {
  return (
    <div className="flex justify-end text-xs">
      <p id={id} className={length > max ? 'font-medium text-red-700 dark:text-red-300' : 'text-muted'}>
        {characterCountText(length, max)}
        <span className="sr-only"> characters</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {characterCountAnnouncement(length, max)}
      </p>
    </div>
  );
}
