import { useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2,
  Inbox,
  LogOut,
  MessageSquareWarning,
  MousePointerClick,
  RefreshCw,
  RotateCcw,
  Search,
  ShieldAlert,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminBookingLog, AdminDateRange, SubmissionStatus } from '#domain/admin.ts';
import { ADMIN_TEXTS, adminTimestamp } from '#domain/admin-options.ts';
import type { Submission } from '#domain/forms.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { mailtoHref } from '#web/lib/mailto.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { isAdminAccessRequired } from '../api/admin-request';
import { exportCsv } from '../api/export-csv';
import { dropAdminLogs, lockAdminAccess } from '../api/get-admin-access';
import { useAllBookingLogs } from '../api/get-all-booking-logs';
import { type SearchLogFilters, useSearchLogs } from '../api/get-search-logs';
import { useSubmissions } from '../api/get-submissions';
import { useSetSubmissionHandled } from '../api/set-submission-handled';
import { AccountDeletionsCard } from './AccountDeletionsCard';
import { type LogColumn, LogTable } from './LogTable';
import { PersonLink } from './PersonLink';
import { SearchLogsPanel } from './SearchLogsPanel';
import { TableToolbar } from './TableToolbar';

type Tab = 'search' | 'bookings' | 'submissions' | 'reviews' | 'messages';

// The moderation tabs (reviews, messages) load when first opened, not with the dashboard.
const ReviewModeration = lazy(() =>
  import('./ReviewModeration').then((m) => ({ default: m.ReviewModeration })),
);
const MessageModeration = lazy(() =>
  import('./MessageModeration').then((m) => ({ default: m.MessageModeration })),
);

const tabLoading = (
  <div className="flex justify-center py-12">
    <Spinner label="Loading..." />
  </div>
);

const timestampColumn = {
  header: 'Timestamp',
  cell: (row: { created_at: string }) => (
    <time dateTime={htmlDateTime(row.created_at)}>{adminTimestamp(row.created_at)}</time>
  ),
  className: 'whitespace-nowrap text-muted',
};

const bookingColumns: LogColumn<AdminBookingLog>[] = [
  {
    header: 'URL',
    cell: (row) => (
      // Clamped rather than truncated: a word-breaking line lets the column shrink to fit the table.
      <span className="line-clamp-1 [overflow-wrap:anywhere]" title={row.url}>
        {row.url}
      </span>
    ),
  },
  {
    header: 'Provider',
    cell: (row) => <PersonLink name={row.provider_name} slug={row.provider_slug} id={row.provider_id} />,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Client',
    cell: (row) => (
      <PersonLink
        name={row.client_name ?? ADMIN_TEXTS.deletedAccount}
        slug={row.client_slug}
        id={row.client_id ?? ''}
      />
    ),
    className: 'whitespace-nowrap',
  },
  timestampColumn,
];

const SUBMISSION_VIEWS: { status: SubmissionStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'handled', label: 'Handled' },
  { status: 'all', label: 'All' },
];

const KIND_LABELS: Record<string, string> = {
  feedback: 'Feedback',
  bug: 'Bug Report',
  feature: 'Feature Request',
  support: 'Support',
  investor: 'Investor',
};

const baseSubmissionColumns: LogColumn<Submission>[] = [
  {
    header: 'Type',
    cell: (row) => {
      const type = row.kind === 'investor' ? 'investor' : row.type;
      return <Badge variant="brand">{KIND_LABELS[type] ?? type}</Badge>;
    },
    className: 'whitespace-nowrap',
  },
  {
    header: 'From',
    cell: (row) => (
      <div className="[overflow-wrap:anywhere] md:w-[12rem] lg:w-[14rem]">
        <p className="font-medium [overflow-wrap:normal]">{row.name || 'Anonymous'}</p>
        {row.email && (
          <a href={mailtoHref(row.email)} className="text-xs text-muted hover:underline">
            {row.email}
          </a>
        )}
        {row.phone && <p className="text-xs text-muted">{row.phone}</p>}
      </div>
    ),
  },
  {
    header: 'Subject/Message',
    cell: (row) => {
      const full = [row.subject, row.message].filter(Boolean).join(': ');
      return (
        <div className="md:max-w-[28rem]" title={full}>
          {row.subject && <p className="line-clamp-1 font-medium [overflow-wrap:anywhere]">{row.subject}</p>}
          <p className="line-clamp-2 text-muted [overflow-wrap:anywhere]">{row.message || '–'}</p>
        </div>
      );
    },
  },
  timestampColumn,
];

/** The submissions table: its columns, then the status and the button that flips it. */
function submissionColumns(onToggle: (row: Submission) => void, busy: boolean): LogColumn<Submission>[] {
  return [
    ...baseSubmissionColumns,
    {
      header: 'Status',
      cell: (row) => (
        <div className="flex flex-col items-start gap-1.5">
          {/* The badge and its time may break apart: a two-digit hour must not widen the table at 1024 px. */}
          {row.handled_at ? (
            <Badge className="flex-wrap">
              Handled{' '}
              <time className="whitespace-nowrap" dateTime={htmlDateTime(row.handled_at)}>
                {adminTimestamp(row.handled_at)}
              </time>
            </Badge>
          ) : (
            <Badge variant="brand">Open</Badge>
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onToggle(row)}>
            {row.handled_at ? (
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            )}
            {row.handled_at ? 'Reopen' : 'Mark handled'}
            <span className="sr-only"> the submission from {row.name || 'Anonymous'}</span>
          </Button>
        </div>
      ),
    },
  ];
}

function StatCard({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Search;
  label: string;
  value: number | null;
}) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:flex dark:bg-brand-900/60 dark:text-brand-200">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-muted">{label}</h2>
        <p className="text-3xl font-bold text-app">{value === null ? '–' : value.toLocaleString('en-US')}</p>
      </div>
    </Card>
  );
}

const triggerClass =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-2 py-2 sm:px-4 text-sm font-medium text-muted transition-colors cursor-pointer data-[state=inactive]:hover:text-app data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=active]:shadow-sm sm:flex-none dark:data-[state=active]:bg-brand-600';

/**
 * 'Analytics Dashboard' (docs/product.md §2 'Admin'): totals, then search logs and booking clicks in tabs,
 * paged 50 at a time. Logout forgets the admin token and the loaded logs (docs/product.md §4 'Admin page').
 */
export function AdminDashboard({ userId, passwordRequired }: { userId: string; passwordRequired: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('search');
  const [searchFilters, setSearchFilters] = useState<SearchLogFilters>({ results: 'all' });
  const [bookingRange, setBookingRange] = useState<AdminDateRange>({});
  const [submissionRange, setSubmissionRange] = useState<AdminDateRange>({});
  const [submissionStatus, setSubmissionStatus] = useState<SubmissionStatus>('open');
  const submissionFilters = { ...submissionRange, status: submissionStatus };
  const searchLogs = useSearchLogs(userId, searchFilters);
  const bookingLogs = useAllBookingLogs(userId, bookingRange);
  const submissions = useSubmissions(userId, submissionFilters);
  const setHandled = useSetSubmissionHandled();

  const handleToggleHandled = async (row: Submission) => {
    try {
      const reply = await setHandled.mutateAsync({ id: row.id, handled: !row.handled_at });
      toastFor('admin-submission').success(reply.message);
    } catch (error) {
      toastFor('admin-submission').error(ADMIN_TEXTS.loadFailedTitle, {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  // Set when the dashboard is locked (Logout, a refused token): its logs go as it unmounts.
  const locked = useRef(false);
  useEffect(
    () => () => {
      if (locked.current) dropAdminLogs(queryClient);
    },
    [queryClient],
  );

  const accessLost =
    isAdminAccessRequired(searchLogs.error) ||
    isAdminAccessRequired(bookingLogs.error) ||
    isAdminAccessRequired(submissions.error);
  const failedAt = Math.max(
    searchLogs.isError ? searchLogs.errorUpdatedAt : 0,
    bookingLogs.isError ? bookingLogs.errorUpdatedAt : 0,
    submissions.isError ? submissions.errorUpdatedAt : 0,
  );

  // The token expired or the password changed: back to the password step.
  useEffect(() => {
    if (!accessLost) return;
    toastFor('admin-access').error(ADMIN_TEXTS.accessDenied, { description: ADMIN_TEXTS.passwordRequired });
    locked.current = true;
    lockAdminAccess(queryClient, userId);
  }, [accessLost, queryClient, userId]);

  // One toast however many lists failed (one action); each table says so inline too.
  useEffect(() => {
    if (failedAt === 0 || accessLost) return;
    toastFor('admin-data').error(ADMIN_TEXTS.loadFailedTitle, { description: ADMIN_TEXTS.loadFailed });
  }, [failedAt, accessLost]);

  const total = (query: { data?: { pages: { total: number }[] } | undefined }) =>
    query.data?.pages.at(-1)?.total ?? null;
  const refreshing = searchLogs.isRefetching || bookingLogs.isRefetching || submissions.isRefetching;

  const handleRefresh = () => {
    void searchLogs.refetch();
    void bookingLogs.refetch();
    void submissions.refetch();
  };

  const handleLogout = () => {
    setTab('search');
    locked.current = true;
    lockAdminAccess(queryClient, userId);
    toastFor('admin-access').success(ADMIN_TEXTS.loggedOut);
    // Without a password step there is nothing to come back to here.
    if (!passwordRequired) navigate('/');
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 pt-8 pb-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold text-app">Analytics Dashboard</h1>
          <p className="text-muted">Searches and booking-link clicks across the marketplace.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={handleRefresh} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            Refresh
          </Button>
          <Button variant="outline" onClick={handleLogout}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>

      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <StatCard
          icon={Search}
          label={searchFilters.results === 'zero' ? 'Zero-result Searches' : 'Total Searches'}
          value={total(searchLogs)}
        />
        <StatCard icon={MousePointerClick} label="Booking Clicks" value={total(bookingLogs)} />
      </div>

      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="space-y-4">
        <Tabs.List
          aria-label="Analytics logs"
          className="flex w-full flex-wrap gap-1 rounded-lg border border-app bg-muted p-1 sm:inline-flex sm:w-auto"
        >
          <Tabs.Trigger value="search" className={triggerClass}>
            <Search className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Search Logs
          </Tabs.Trigger>
          <Tabs.Trigger value="bookings" className={triggerClass}>
            <MousePointerClick className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Booking Logs
          </Tabs.Trigger>
          <Tabs.Trigger value="submissions" className={triggerClass}>
            <Inbox className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Submissions
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={triggerClass}>
            <MessageSquareWarning className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Reviews
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={triggerClass}>
            <ShieldAlert className="hidden h-4 w-4 sm:block" aria-hidden="true" />
            Messages
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="search" className="space-y-3">
          <SearchLogsPanel filters={searchFilters} onFiltersChange={setSearchFilters} query={searchLogs} />
        </Tabs.Content>
        <Tabs.Content value="bookings" className="space-y-3">
          <TableToolbar
            name="Booking logs"
            range={bookingRange}
            onRangeChange={setBookingRange}
            total={total(bookingLogs)}
            onExport={() => exportCsv('booking-logs', bookingRange)}
          />
          <Card className="overflow-hidden">
            <LogTable
              caption="Booking clicks, newest first"
              columns={bookingColumns}
              query={bookingLogs}
              emptyText={ADMIN_TEXTS.noBookingLogs}
              minWidthClass="min-w-[44rem]"
            />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="submissions" className="space-y-3">
          <TableToolbar
            name="Submissions"
            range={submissionRange}
            onRangeChange={setSubmissionRange}
            total={total(submissions)}
            onExport={() => exportCsv('submissions', submissionFilters)}
          >
            <div className="space-y-1.5">
              <label htmlFor="submission-status" className="block text-sm font-medium text-app">
                Status
              </label>
              <Select
                id="submission-status"
                value={submissionStatus}
                onChange={(e) => setSubmissionStatus(e.target.value as SubmissionStatus)}
                className="w-36"
              >
                {SUBMISSION_VIEWS.map((view) => (
                  <option key={view.status} value={view.status}>
                    {view.label}
                  </option>
                ))}
              </Select>
            </div>
          </TableToolbar>
          <Card className="overflow-hidden">
            <LogTable
              caption={`${SUBMISSION_VIEWS.find((v) => v.status === submissionStatus)?.label} feedback, support requests and investor inquiries, newest first`}
              columns={submissionColumns((row) => void handleToggleHandled(row), setHandled.isPending)}
              query={submissions}
              emptyText={
                submissionStatus === 'all' && !submissionRange.from && !submissionRange.to
                  ? ADMIN_TEXTS.noSubmissions
                  : ADMIN_TEXTS.noSubmissionsInView
              }
              minWidthClass="min-w-[52rem]"
            />
          </Card>
        </Tabs.Content>
        <Tabs.Content value="reviews">
          <Suspense fallback={tabLoading}>
            <ReviewModeration userId={userId} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="messages">
          <Suspense fallback={tabLoading}>
            <MessageModeration userId={userId} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
      <AccountDeletionsCard userId={userId} />
    </div>
  );
}
