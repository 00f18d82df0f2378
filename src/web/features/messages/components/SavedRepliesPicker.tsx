/**
 * A provider's saved replies in the reply box: a button that lists them; choosing one inserts its text.
 * (Being built.)
 */
export function SavedRepliesPicker(_props: { onInsert: (text: string) => void }) {
  return null;
}
