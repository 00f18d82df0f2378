import { z } from 'zod';

/**
 * The form submissions as admins see them (docs/product.md §2 'Admin', Submissions). Apart from
 * forms.ts, so the pages with a public form do not load the admin's schemas.
 */

/** GET /api/admin/submissions (admins): feedback, support requests and investor inquiries, newest first. */
export const SubmissionSchema = z.object({
  id: z.string(),
  kind: z.enum(['feedback', 'investor']),
  type: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string().nullable(),
  urgency: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  /** When an admin marked it handled; null while it is open. */
  handled_at: z.string().nullable(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const SubmissionsReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    submissions: z.array(SubmissionSchema),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
});
export type SubmissionsReply = z.infer<typeof SubmissionsReplySchema>;

/** PUT /api/admin/submissions/:id: the submission as it now stands. */
export const SubmissionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  submission: SubmissionSchema,
});
export type SubmissionReply = z.infer<typeof SubmissionReplySchema>;
