import { z } from 'zod';
import { EmailSchema, text } from './fields';
import { FEEDBACK_TYPES, FORM_LIMITS, FORM_TEXTS, HONEYPOT_FIELD, URGENCIES } from './forms-options';
import { OptionalPhoneSchema } from './phone';

export * from './forms-options';

const optionalEmail = z
  .union([z.literal(''), EmailSchema])
  .optional()
  .transform((v) => v || null);

/**
 * A form's message (feedback, support, investor): over FORM_LIMITS.messageMax it is refused with
 * FORM_TEXTS.messageTooLong, never cut; the forms count the characters as the person types.
 */
export const FormMessageSchema = z.string().trim().max(FORM_LIMITS.messageMax, FORM_TEXTS.messageTooLong);
const message = FormMessageSchema.min(1, FORM_TEXTS.messageRequired);
const honeypot = { [HONEYPOT_FIELD]: z.string().max(500).optional() };

/**
 * POST /api/feedback (docs/product.md §7 'Forms'): the about page sends {type, message, email}; the
 * Contact Support dialog sends {name, email, subject, message, type:'support', urgency}, where
 * email and subject are required (docs/product.md §5 'Support form').
 */
export const FeedbackBodySchema = z
  .object({
    name: text(FORM_LIMITS.nameMax, 'Name')
      .optional()
      .transform((v) => v || null),
    email: optionalEmail,
    subject: text(FORM_LIMITS.subjectMax, 'Subject')
      .optional()
      .transform((v) => v || null),
    message,
    type: z.enum(FEEDBACK_TYPES).default('feedback'),
    urgency: z
      .enum(URGENCIES)
      .optional()
      .transform((v) => v ?? null),
    ...honeypot,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.type !== 'support') return;
    if (!body.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
    if (!body.subject)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: FORM_TEXTS.supportMissing });
  });
export type FeedbackBody = z.input<typeof FeedbackBodySchema>;

/**
 * POST /api/investor-signup (docs/product.md §5 'Investor inquiry'): name and email required; a phone,
 * when given, is a phone number (phone.ts, the one phone rule).
 */
export const InvestorBodySchema = z
  .object({
    name: text(FORM_LIMITS.nameMax, 'Name').min(1, FORM_TEXTS.investorRequired),
    email: z
      .string({ error: FORM_TEXTS.investorRequired })
      .trim()
      .min(1, FORM_TEXTS.investorRequired)
      .pipe(EmailSchema),
    phone: OptionalPhoneSchema.optional().transform((v) => v || null),
    message: FormMessageSchema.optional().transform((v) => v || null),
    ...honeypot,
  })
  .strict();
export type InvestorBody = z.input<typeof InvestorBodySchema>;

export const FormReplySchema = z.object({ success: z.literal(true), message: z.string() });

// The admin's view of the submissions is in submissions.ts: the pages with a form do not load it.
export type { Submission, SubmissionReply, SubmissionsReply } from './submissions';
