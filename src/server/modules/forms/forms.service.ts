import { ADMIN_LIMITS, ADMIN_TEXTS, dateRangeBounds, type SubmissionStatus, toCsv } from '#domain/admin.ts';
import { BRAND } from '#domain/brand.ts';
import { type FeedbackType, FORM_TEXTS, HONEYPOT_FIELD } from '#domain/forms-options.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from '#server/lib/app-error.ts';
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

type SubmissionFilters = { status: SubmissionStatus; from?: string | undefined; to?: string | undefined };

const filterOf = (query: SubmissionFilters): q.SubmissionFilter => ({
  status: query.status,
  ...dateRangeBounds(query),
});

const withoutKeyset = <T extends { keyset: unknown }>({ keyset: _k, ...row }: T) => row;

/** A page of submissions for the admin dashboard (open, handled or both, within dates), with the total. */
export async function listSubmissions(
  ctx: AppContext,
  query: SubmissionFilters & { limit: number; cursor?: string | undefined },
) {
  const filter = filterOf(query);
  const after = decodeKeyset(query.cursor);
  const [rows, total] = await Promise.all([
    q.findSubmissions(ctx.db, filter, query.limit, after),
    q.countSubmissions(ctx.db, filter),
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { submissions: page.map(withoutKeyset), total, nextCursor };
}

/** Marks a submission handled or open again (admins); 404 when there is no such submission. */
export async function setSubmissionHandled(ctx: AppContext, id: string, handled: boolean) {
  const submission = await q.updateSubmissionHandled(ctx.db, id, handled, ctx.now());
  if (!submission) throw new AppError('NOT_FOUND', ADMIN_TEXTS.submissionNotFound);
  return { message: handled ? ADMIN_TEXTS.markedHandled : ADMIN_TEXTS.markedOpen, submission };
}

const CSV_HEADER = [
  'id',
  'created_at',
  'type',
  'status',
  'handled_at',
  'name',
  'email',
  'phone',
  'subject',
  'urgency',
  'message',
] as const;

/**
 * The filtered submissions as CSV, newest first, at most ADMIN_LIMITS.exportMaxRows of them
 * (`truncated` when more matched). Cells are formula-safe (`toCsv`).
 */
export async function exportSubmissionsCsv(ctx: AppContext, query: SubmissionFilters) {
  const max = ADMIN_LIMITS.exportMaxRows;
  const rows = await q.findSubmissions(ctx.db, filterOf(query), max, null);
  const page = rows.slice(0, max);
  const csv = toCsv(
    CSV_HEADER,
    page.map((r) => [
      r.id,
      r.created_at,
      r.type,
      r.handled_at ? 'handled' : 'open',
      r.handled_at,
      r.name,
      r.email,
      r.phone,
      r.subject,
      r.urgency,
      r.message,
    ]),
  );
  return { csv, rows: page.length, truncated: rows.length > max };
}
