import { BRAND } from '#domain/brand.ts';
import { type FeedbackType, FORM_TEXTS, HONEYPOT_FIELD } from '#domain/forms-options.ts';
import type { AppContext } from '#server/context.ts';
import { decodeKeyset, pageOf } from '#server/lib/keyset-cursor.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { formNoticeMail, supportAckMail } from '#server/mail/templates.ts';
import * as q from './forms.queries';

interface FeedbackInput {
  name: string | null;
  email: string | null;
  subject: string | null;
  message: string;
  type: FeedbackType;
  urgency: string | null;
  [HONEYPOT_FIELD]?: string | undefined;
}

interface InvestorInput {
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  [HONEYPOT_FIELD]?: string | undefined;
}

const KIND_LABEL: Record<FeedbackType, string> = {
  feedback: 'feedback',
  bug: 'bug report',
  feature: 'feature request',
  support: 'support request',
};

const inbox = (ctx: AppContext) => ctx.config.supportEmail ?? BRAND.supportEmail;

/** A bot filled in the field people never see: answer as if it worked, keep nothing. */
const isBot = (body: { [HONEYPOT_FIELD]?: string | undefined }) => Boolean(body[HONEYPOT_FIELD]?.trim());

/**
 * Stores a feedback post (or support request) and emails it to SUPPORT_EMAIL; a support request's
 * sender also gets an acknowledgement. One transaction: the row and its emails, or nothing.
 */
export async function submitFeedback(ctx: AppContext, body: FeedbackInput): Promise<string> {
  const done = body.type === 'support' ? FORM_TEXTS.supportSent : FORM_TEXTS.feedbackSent;
  if (isBot(body)) return done;
  await ctx.db.transaction(async (tx) => {
    await q.insertSubmission(tx, {
      kind: 'feedback',
      type: body.type,
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      urgency: body.urgency,
    });
    await enqueueMail(ctx, tx, {
      kind: 'form-notice',
      to: inbox(ctx),
      ...(body.email ? { replyTo: body.email } : {}),
      ...formNoticeMail({
        kind: KIND_LABEL[body.type],
        fields: [
          ['From', body.name],
          ['Email', body.email],
          ['Subject', body.subject],
          ['Urgency', body.urgency],
        ],
        message: body.message,
      }),
    });
    if (body.type === 'support' && body.email) {
      await enqueueMail(ctx, tx, {
        kind: 'support-ack',
        to: body.email,
        // Replies reach the support inbox, as the acknowledgement says they do.
        replyTo: inbox(ctx),
        ...supportAckMail(),
      });
    }
  });
  ctx.kickMail();
  return done;
}

/** Stores an investor inquiry and emails it to SUPPORT_EMAIL. */
export async function submitInvestorInquiry(ctx: AppContext, body: InvestorInput): Promise<string> {
  if (isBot(body)) return FORM_TEXTS.investorSent;
  await ctx.db.transaction(async (tx) => {
    await q.insertSubmission(tx, {
      kind: 'investor',
      type: 'investor',
      name: body.name,
      email: body.email,
      phone: body.phone,
      message: body.message,
    });
    await enqueueMail(ctx, tx, {
      kind: 'form-notice',
      to: inbox(ctx),
      replyTo: body.email,
      ...formNoticeMail({
        kind: 'investor inquiry',
        fields: [
          ['From', body.name],
          ['Email', body.email],
          ['Phone', body.phone],
        ],
        message: body.message,
      }),
    });
  });
  ctx.kickMail();
  return FORM_TEXTS.investorSent;
}

/** A page of submissions for the admin dashboard, with the total. */
export async function listSubmissions(
  ctx: AppContext,
  query: { limit: number; cursor?: string | undefined },
) {
  const [rows, total] = await Promise.all([
    q.findSubmissions(ctx.db, query.limit, decodeKeyset(query.cursor)),
    q.countSubmissions(ctx.db),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { submissions: page.map(({ keyset: _k, ...row }) => row), total, nextCursor };
}
