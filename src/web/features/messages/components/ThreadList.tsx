import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { ThreadFilter, ThreadSummary } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { useThreads } from '../api/get-threads';
import { previewText, shortTime } from '../message-text';

const FILTERS: { value: ThreadFilter; label: string }[] = [
  { value: 'all', label: MESSAGE_TEXTS.filterAll },
  { value: 'unanswered', label: MESSAGE_TEXTS.filterUnanswered },
];

/** 'All' / 'Unanswered' (providers): two toggle buttons, the pressed one is the list shown. */
export function ThreadFilterButtons({
  filter,
  onChange,
}: {
  filter: ThreadFilter;
  onChange: (filter: ThreadFilter) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
    <div role="group" aria-label="Show" className="inline-flex rounded-lg border border-app p-0.5">
      {FILTERS.map((f) => (
        <button
          key={f.value}
          type="button"
          aria-pressed={filter === f.value}
          onClick={() => onChange(f.value)}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium',
            filter === f.value ? 'bg-brand-700 text-white dark:bg-brand-600' : 'text-app hover:bg-muted',
          )}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

function LastMessage({ thread }: { thread: ThreadSummary }) {
  const last = thread.last_message;
  if (last.hidden) return <span className="italic">{MESSAGE_TEXTS.hiddenByModerators}</span>;
  const text = previewText(last.body);
  return <>{last.mine ? `${MESSAGE_TEXTS.you}: ${text}` : text}</>;
}

function ThreadRow({ thread, selected }: { thread: ThreadSummary; selected: boolean }) {
  const unread = thread.unread_count;
  return (
    <Link
      to={`/messages/${encodeURIComponent(thread.id)}`}
      aria-current={selected ? 'page' : undefined}
      className={cn(
        'flex items-start gap-3 px-3 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-[color:var(--ring)]',
        selected && 'bg-muted',
      )}
    >
      <span className="shrink-0">
        <Avatar name={thread.other.name} src={thread.other.avatar_url} size={40} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-app', unread > 0 ? 'font-bold' : 'font-medium')}>
            {thread.other.name}
          </span>
          <time
            dateTime={htmlDateTime(thread.last_message.created_at)}
            className="shrink-0 text-xs text-muted"
          >
            {shortTime(thread.last_message.created_at)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span
            className={cn(
              'min-w-0 flex-1 truncate text-sm',
              unread > 0 ? 'font-semibold text-app' : 'text-muted',
            )}
          >
            <LastMessage thread={thread} />
          </span>
          {unread > 0 && (
            <span className="shrink-0 rounded-full bg-brand-700 px-2 text-xs leading-5 font-semibold text-white dark:bg-brand-600">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{MESSAGE_TEXTS.unread(unread)}</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

/** The reader's conversations, the latest first, each a link to it; 'Load more conversations' for older ones. */
export function ThreadList({
  userId,
  filter,
  selectedId,
}: {
  userId: string;
  filter: ThreadFilter;
  selectedId: string | undefined;
}) {
  const query = useThreads(userId, filter);
  const threads = query.data?.pages.flatMap((p) => p.threads) ?? [];

  if (query.isPending)
    return (
      <div className="p-4">
        <Spinner label="Loading messages..." />
      </div>
    );
  if (query.isError && threads.length === 0)
    return (
      <div className="p-4">
        <LoadFailed
          message={MESSAGE_TEXTS.inboxFailed}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  if (threads.length === 0)
    return (
      <div className="px-4 py-10 text-center">
        <Inbox className="mx-auto h-8 w-8 text-muted" aria-hidden="true" />
        <p className="mt-3 text-sm text-muted">
          {filter === 'unanswered' ? MESSAGE_TEXTS.unansweredEmpty : MESSAGE_TEXTS.inboxEmpty}
        </p>
      </div>
    );
  return (
    <div>
      <ul aria-label="Conversations" className="divide-y divide-[color:var(--border)]">
        {threads.map((thread) => (
          <li key={thread.id}>
            <ThreadRow thread={thread} selected={thread.id === selectedId} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center border-t border-app p-3">
          <Button
            variant="outline"
            size="sm"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage && <Spinner />}
            {MESSAGE_TEXTS.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
