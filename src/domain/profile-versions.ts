import { z } from 'zod';
import { AccountProfileReplySchema } from './profiles';

/**
 * Edits never overwrite each other silently: GET /api/auth/profile answers with an `ETag` naming the
 * profile's version, and PUT /api/auth/profile with `If-Match: <that ETag>` is refused (412) once any
 * other write (another tab, another device, an upload) has moved the version on. Without the header a
 * write goes through as before (older clients).
 */
export const IF_MATCH_HEADER = 'if-match';

/** The longest If-Match accepted: a handful of ETags, never a body smuggled in a header. */
export const IF_MATCH_MAX_LENGTH = 512;

export const IfMatchHeadersSchema = z.object({
  [IF_MATCH_HEADER]: z.string().max(IF_MATCH_MAX_LENGTH, 'If-Match is too long.').optional(),
});

export const PROFILE_VERSION_TEXTS = {
  /** The 412's message, and the account page's alert. */
  changedElsewhere: 'This profile was changed in another tab or device.',
  explainConflict:
    'Your changes were not saved, so nothing was overwritten. Reload the latest version or compare it with yours.',
  reload: 'Reload the latest',
  confirmReload: 'Reload the latest version? Your unsaved changes on this page will be lost.',
  review: 'Review both versions',
  reviewTitle: 'Compare the two versions',
  reviewDescription:
    'These fields are saved differently from what you have on this page. Keep yours to save them over the other version, or use the saved one.',
  theirs: 'Saved version',
  yours: 'Your version',
  keepMine: 'Keep mine',
  useTheirs: 'Use theirs',
  noDifferences: 'The saved version now matches yours: nothing to choose.',
  empty: '(empty)',
} as const;

/**
 * GET and PUT /api/auth/profile's reply: the profile and, beside it, its version's ETag (the same
 * value as the `ETag` header, for clients that read bodies only, as the web app's API client does).
 */
export const VersionedProfileReplySchema = AccountProfileReplySchema.extend({
  version: z
    .string()
    .describe('The ETag of this version of the profile: send it as If-Match to save over it.'),
});
export type VersionedProfileReply = z.infer<typeof VersionedProfileReplySchema>;
