import { z } from 'zod';
import { OpeningReplySchema, OpeningSchema, OpeningsReplySchema } from './openings';

/**
 * An opening as its owner gets it: with `version`, the entity tag of this state of the row (moved
 * on by every change, deactivation and activation), to send back as If-Match (versions.ts).
 */
export const OwnOpeningSchema = OpeningSchema.extend({
  version: z
    .string()
    .optional()
    .describe(
      'In the owner’s list and the replies to their changes: the version of this opening, to send as If-Match when changing or removing it.',
    ),
});
export type OwnOpening = z.infer<typeof OwnOpeningSchema>;

/** GET /api/last-minute-openings: the public list, or with provider_id the owner's, whose openings carry their version. */
export const VersionedOpeningsReplySchema = OpeningsReplySchema.extend({
  openings: z.array(OwnOpeningSchema),
});
export type VersionedOpeningsReply = z.infer<typeof VersionedOpeningsReplySchema>;

/** POST and PUT /api/last-minute-openings: the saved opening with its (new) version. */
export const VersionedOpeningReplySchema = OpeningReplySchema.extend({ opening: OwnOpeningSchema });
export type VersionedOpeningReply = z.infer<typeof VersionedOpeningReplySchema>;
