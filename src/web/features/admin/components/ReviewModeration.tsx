import { Eye, EyeOff, RotateCcw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { AdminDateRange, AdminReviewRow } from '#domain/admin.ts';
import { adminTimestamp } from '#domain/admin-options.ts';
import { HELD_REASON_LABELS, REPORT_REASON_LABELS, REVIEW_TEXTS } from '#domain/reviews-options.ts';
import { Stars } from '#web/components/Stars.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { exportCsv } from '../api/export-csv';
import { type ModerationStatus, useAdminReviews } from '../api/get-admin-reviews';
import { useModerateReview } from '../api/moderate-review';
import { type LogColumn, LogTable } from './LogTable';
import { PersonLink } from './PersonLink';
import { TableToolbar } from './TableToolbar';

const toast = toastFor('review-moderation');

const VIEWS: { status: ModerationStatus; label: string }[] = [
  { status: 'reported', label: 'Reported' },
  { status: 'held', label: 'Held' },
  { status: 'hidden', label: 'Hidden' },
];

const CAPTIONS: Record<ModerationStatus, string> = {
  reported: 'Reported reviews, latest report first',
  held: 'Held reviews, waiting for a moderator before they are shown; latest first',
  hidden: 'Hidden reviews, latest hidden first; they do not count towards ratings',
};

type Action = 'hide' | 'restore' | 'dismiss';

/** The buttons each list offers, in order; a held review is published with 'restore'. */
const ACTIONS: Record<
  ModerationStatus,
  { action: Action; label: string; Icon: typeof Eye; variant: 'outline' | 'danger'; srPrefix?: string }[]
> = {
  reported: [
    { action: 'hide', label: 'Hide', Icon: EyeOff, variant: 'danger' },
    {
      action: 'dismiss',
      label: 'Dismiss reports',
      Icon: ShieldCheck,
      variant: 'outline',
      srPrefix: ' on the review by',
    },
  ],
  held: [
    { action: 'restore', label: 'Publish', Icon: Eye, variant: 'outline' },
    { action: 'hide', label: 'Hide', Icon: EyeOff, variant: 'danger' },
  ],
  hidden: [{ action: 'restore', label: 'Restore', Icon: RotateCcw, variant: 'outline' }],
};

const EMPTY: Record<ModerationStatus, string> = {
  reported: REVIEW_TEXTS.noReported,
  held: REVIEW_TEXTS.noHeld,
  hidden: 'No hidden reviews',
};

/**
 * The 'Reviews' tab: reported reviews (latest report first), held ones (waiting for a first look:
 * publish or hide; ADR 008) or hidden ones, with hide/restore/dismiss.
 */
export function ReviewModeration({ userId }: { userId: string }) {
  const [status, setStatus] = useState<ModerationStatus>('reported');
  const [range, setRange] = useState<AdminDateRange>({});
  const reviews = useAdminReviews(userId, status, range);
  const moderate = useModerateReview();

  const act = async (review: AdminReviewRow, action: Action) => {
    try {
      toast.success((await moderate.mutateAsync({ id: review.id, action })).message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : REVIEW_TEXTS.loadFailed);
    }
  };

  const columns: LogColumn<AdminReviewRow>[] = [
    {
      header: 'Review',
      cell: (row) => (
        <div className="space-y-1 md:w-[22rem]">
          <div className="flex flex-wrap items-center gap-2">
            <Stars value={row.rating} />
            <span className="font-medium">
              <PersonLink name={row.client_name} slug={row.client_slug} id={row.client_id} />
            </span>
          </div>
          <p className="text-xs text-muted">
            for <PersonLink name={row.provider_name} slug={row.provider_slug} id={row.provider_id} />
            {row.service ? ` · ${row.service}` : ''} · {adminTimestamp(row.created_at)}
          </p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{row.text || '(stars only)'}</p>
          {row.held_reason && (
            <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
              Held: {HELD_REASON_LABELS[row.held_reason]}
            </p>
          )}
          {row.reply && (
            <p className="text-xs text-muted [overflow-wrap:anywhere]">Reply: {row.reply.text}</p>
          )}
        </div>
      ),
    },
    {
      header: 'Reports',
      cell: (row) =>
        row.report_count === 0 ? (
          <span className="text-muted">None</span>
        ) : (
          <div className="space-y-1 md:w-[12rem]">
            <p className="font-medium">
              {row.report_count} {row.report_count === 1 ? 'report' : 'reports'}
            </p>
            <ul className="space-y-0.5 text-xs text-muted">
              {row.reasons.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: reports have no id of their own; the list is fixed per row
                <li key={i} className="[overflow-wrap:anywhere]">
                  {REPORT_REASON_LABELS[r.reason]}
                  {r.details ? `: ${r.details}` : ''}
                </li>
              ))}
            </ul>
          </div>
        ),
    },
    {
      header: status === 'hidden' ? 'Hidden' : status === 'held' ? 'Held since' : 'Last reported',
      cell: (row) => {
        const at = status === 'reported' ? row.last_reported_at : row.hidden_at;
        return at ? <time dateTime={htmlDateTime(at)}>{adminTimestamp(at)}</time> : '–';
      },
      className: 'whitespace-nowrap text-muted',
    },
    {
      header: 'Actions',
      cell: (row) => (
        <div className="flex flex-wrap gap-1.5 md:flex-col">
          {ACTIONS[status].map(({ action, label, Icon, variant, srPrefix = ' review by' }) => (
            <Button
              key={action}
              size="sm"
              variant={variant}
              disabled={moderate.isPending}
              onClick={() => void act(row, action)}
            >
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
              <span className="sr-only">
                {srPrefix} {row.reviewer_name}
              </span>
            </Button>
          ))}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Which reviews</legend>
        {VIEWS.map((view) => (
          <Button
            key={view.status}
            size="sm"
            variant={status === view.status ? 'primary' : 'outline'}
            aria-pressed={status === view.status}
            onClick={() => setStatus(view.status)}
          >
            {view.label}
          </Button>
        ))}
      </fieldset>
      <TableToolbar
        name={`${VIEWS.find((v) => v.status === status)?.label} reviews`}
        range={range}
        onRangeChange={setRange}
        total={reviews.data?.pages.at(-1)?.total ?? null}
        onExport={() => exportCsv('reviews', { ...range, reviewStatus: status })}
      />
      <Card className="overflow-hidden">
        <LogTable
          caption={CAPTIONS[status]}
          columns={columns}
          query={reviews}
          emptyText={EMPTY[status]}
          minWidthClass="min-w-[46rem]"
        />
      </Card>
    </div>
  );
}
