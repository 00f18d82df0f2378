/**
 * Edits never overwrite each other silently: an opening and a saved search each carry a `version`
 * (an entity tag, `"o…"` / `"s…"`) in the owner's list, and a change or a delete sent with
 * `If-Match: <that version>` is refused with 412 PRECONDITION_FAILED, changing nothing, once another
 * tab or device has changed it meanwhile. Without the header a write goes through as before (older
 * clients). The account profile does the same with its own ETag (profile-versions.ts).
 *
 * No zod and no schemas here: the web app's openings and saved-search pieces load these words.
 */

/** What the 412 says, and the page's words around it. */
export const VERSION_TEXTS = {
  openingChanged: 'This opening was changed in another tab or device.',
  savedSearchChanged: 'This saved search was changed in another tab or device.',
  reloadHint: 'Reload to see the latest.',
  reload: 'Reload',
  /** After the reload, in a dialog that kept the person's edits. */
  reloadedKeepingEdits:
    'The latest version is loaded. Fields you had not touched now show it; your changes are kept: save to apply them.',
  openingGone: 'This opening is no longer there: it was deleted in another tab or device.',
  savedSearchGone: 'This saved search is no longer there: it was deleted in another tab or device.',
} as const;

/**
 * The entity tags an If-Match header names (RFC 9110 §13.1.1): `'*'` for any current version,
 * else the quoted tags of its list. Compared strongly: a weak `W/"…"` tag, an unquoted word or an
 * empty header names nothing, so it never matches (412).
 */
export function ifMatchTags(ifMatch: string): '*' | string[] {
  const value = ifMatch.trim();
  if (value === '*') return '*';
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => /^"[^"]*"$/.test(tag));
}
