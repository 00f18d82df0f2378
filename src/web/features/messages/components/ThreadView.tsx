import { ArrowLeft, Ban, Flag, Mail } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MessageItem, ThreadReply } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { useBlockParty } from '../api/block-party';
import { threadMessages, useThread } from '../api/get-thread';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { messageTime } from '../message-text';
import { MessageBody } from './MessageBody';
import { ReplyBox } from './ReplyBox';

// Dialogs load on first use: most visits read and answer, and never block or report.
const ConfirmDialog = lazy(() =>
  import('#web/components/ui/ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);
const ReportMessageDialog = lazy(() =>
  import('./ReportMessageDialog').then((m) => ({ default: m.ReportMessageDialog })),
);

const blockToast = toastFor('block-party');

/** Block / Unblock the other party: blocking asks first (what it does depends on which side the reader is). */
function BlockButton({ userId, data }: { userId: string; data: ThreadReply }) {
  const [confirming, setConfirming] = useState(false);
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (confirming && !confirmUsed) setConfirmUsed(true);
  const mutation = useBlockParty(userId);
  const { thread, blocked } = data;
  const change = (next: boolean) =>
    mutation.mutate(
      { threadId: thread.id, blocked: next },
      {
        onSuccess: (reply) => {
          setConfirming(false);
          blockToast.success(reply.message || (next ? MESSAGE_TEXTS.blocked : MESSAGE_TEXTS.unblocked));
        },
        onError: () => blockToast.error(MESSAGE_TEXTS.blockFailed),
      },
    );
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={mutation.isPending}
        aria-haspopup={blocked ? undefined : 'dialog'}
        onClick={() => (blocked ? change(false) : setConfirming(true))}
      >
        <Ban className="h-4 w-4" aria-hidden="true" />
        {blocked ? MESSAGE_TEXTS.unblock : MESSAGE_TEXTS.block}
      </Button>
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={MESSAGE_TEXTS.blockTitle(thread.other.name)}
            description={
              thread.role === 'provider' ? MESSAGE_TEXTS.blockClientWhat : MESSAGE_TEXTS.blockProviderWhat
            }
            confirmLabel={MESSAGE_TEXTS.block}
            isPending={mutation.isPending}
            onConfirm={() => change(true)}
          />
        </Suspense>
      )}
    </>
  );
}

/** 'Report' under a message of the other party, or 'Reported' once the reader has. */
function ReportButton({
  message,
  context,
  onReported,
}: {
  message: MessageItem;
  context: string;
  onReported: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (message.reported)
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted">
        <Flag className="h-3 w-3" aria-hidden="true" />
        {MESSAGE_TEXTS.reportedByYou}
      </span>
    );
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="inline-flex cursor-pointer items-center gap-1 rounded text-xs text-muted hover:text-app hover:underline"
      >
        <Flag className="h-3 w-3" aria-hidden="true" />
        {MESSAGE_TEXTS.report}
        <span className="sr-only"> {context}</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <ReportMessageDialog
            messageId={message.id}
            open={open}
            onOpenChange={setOpen}
            onReported={onReported}
          />
        </Suspense>
      )}
    </>
  );
}

function MessageRow({
  message,
  otherName,
  status,
  onReported,
}: {
  message: MessageItem;
  otherName: string;
  /** 'Read' or 'Delivered' under the reader's own message, or null. */
  status: string | null;
  onReported: () => void;
}) {
  const sender = message.mine ? MESSAGE_TEXTS.you : otherName;
  const when = messageTime(message.created_at);
  return (
    <li className={cn('flex flex-col gap-1', message.mine ? 'items-end' : 'items-start')}>
      <p className="px-1 text-xs text-muted">
        <span className="font-semibold text-app">{sender}</span>
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <time dateTime={htmlDateTime(message.created_at)}>{when}</time>
        {message.via === 'email' && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            <span className="inline-flex items-center gap-1">
              <Mail className="h-3 w-3" aria-hidden="true" />
              {MESSAGE_TEXTS.sentViaEmail}
            </span>
          </>
        )}
      </p>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[75%]',
          message.mine
            ? 'rounded-br-sm bg-brand-700 text-white dark:bg-brand-600'
            : 'rounded-bl-sm border border-app bg-muted text-app',
        )}
      >
        {message.hidden ? (
          <p className="text-sm italic">{MESSAGE_TEXTS.hiddenByModerators}</p>
        ) : (
          <MessageBody text={message.body} />
        )}
      </div>
      {message.notice && <p className="max-w-[85%] px-1 text-xs text-muted italic">{message.notice}</p>}
      {!message.mine && !message.hidden && (
        <div className="px-1">
          <ReportButton
            message={message}
            context={`the message from ${otherName}, ${when}`}
            onReported={onReported}
          />
        </div>
      )}
      {status && <p className="px-1 text-xs text-muted">{status}</p>}
    </li>
  );
}

/** 'Read' under the reader's last message the other party has read; 'Delivered' under a later one of theirs. */
function statuses(messages: MessageItem[]): Map<string, string> {
  const out = new Map<string, string>();
  const lastMine = messages.findLast((m) => m.mine);
  const lastRead = messages.findLast((m) => m.mine && m.read);
  if (lastRead) out.set(lastRead.id, MESSAGE_TEXTS.read);
  if (lastMine && !lastMine.read) out.set(lastMine.id, MESSAGE_TEXTS.delivered);
  return out;
}

/**
 * One conversation (docs/product.md 'Messages'): the other party, the messages oldest first with
 * 'Load earlier messages' above them, and the reply box, or why the reader can no longer write.
 * Polled while the tab is visible; read as soon as its messages are on screen, and again when new
 * ones arrive while it is open.
 */
export function ThreadView({ userId, threadId }: { userId: string; threadId: string }) {
  const query = useThread(userId, threadId);
  const markRead = useMarkThreadRead(userId);
  const latest = query.data?.pages[0];
  const messages = threadMessages(query.data);
  const newest = messages.at(-1);
  const hasUnread = (latest?.thread.unread_count ?? 0) > 0 || messages.some((m) => !m.mine && !m.read);

  // Read once the messages are shown, and when a newer one arrives while the thread is open.
  const markedFor = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: markRead's identity changes each render
  useEffect(() => {
    if (!newest || !hasUnread || markedFor.current === newest.id) return;
    markedFor.current = newest.id;
    markRead.mutate(threadId);
  }, [newest?.id, hasUnread, threadId]);

  // Keep the newest message in view as messages arrive; keep the reader's place when earlier ones load.
  const log = useRef<HTMLDivElement>(null);
  const firstId = messages[0]?.id;
  const previous = useRef<{ firstId?: string; newestId?: string; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    const before = previous.current;
    if (before.newestId !== newest?.id) {
      el.scrollTop = el.scrollHeight;
    } else if (before.firstId !== firstId && before.height > 0) {
      el.scrollTop += el.scrollHeight - before.height;
    }
    previous.current = { firstId, newestId: newest?.id, height: el.scrollHeight };
  }, [firstId, newest?.id]);

  if (query.isPending)
    return (
      <div className="p-4">
        <Spinner label="Loading conversation..." />
      </div>
    );
  if (!latest) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-3 p-4">
        <BackLink />
        {notFound ? (
          <p className="text-sm text-app">{MESSAGE_TEXTS.threadNotFound}</p>
        ) : (
          <LoadFailed
            message={MESSAGE_TEXTS.threadFailed}
            isRetrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }

  const { thread } = latest;
  const other = thread.other;
  const status = statuses(messages);
  const refetch = () => void query.refetch();

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-3 border-b border-app px-4 py-3">
        <BackLink />
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <span className="shrink-0">
            <Avatar name={other.name} src={other.avatar_url} size={36} />
          </span>
          <h2 className="min-w-0 truncate text-lg font-semibold text-app">
            {other.routing_slug ? (
              <Link
                to={`/${other.routing_slug}`}
                className="text-brand-700 hover:underline dark:text-brand-300"
              >
                {other.name}
              </Link>
            ) : (
              other.name
            )}
          </h2>
        </div>
        {other.id !== null && <BlockButton userId={userId} data={latest} />}
      </div>
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-busy={query.isFetchingNextPage}
        aria-label={`Conversation with ${other.name}`}
        // Focusable, so a keyboard can scroll it (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-[color:var(--ring)]"
      >
        {query.hasNextPage && (
          <div className="mb-4 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage && <Spinner />}
              {MESSAGE_TEXTS.loadOlder}
            </Button>
          </div>
        )}
        <ol className="space-y-4">
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              otherName={other.name}
              status={status.get(message.id) ?? null}
              onReported={refetch}
            />
          ))}
        </ol>
      </div>
      <div className="border-t border-app px-4 py-3">
        {!latest.can_reply || thread.read_only ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm text-app">
            {thread.read_only ? MESSAGE_TEXTS.readOnly[thread.read_only] : MESSAGE_TEXTS.cannotMessage}
          </p>
        ) : (
          <ReplyBox userId={userId} threadId={thread.id} isProvider={thread.role === 'provider'} />
        )}
      </div>
    </div>
  );
}

/** Back to the list, on a phone (where the list and a conversation take turns). */
function BackLink() {
  return (
    <Link
      to="/messages"
      className="inline-flex w-full items-center gap-1 text-sm font-medium text-brand-700 hover:underline md:hidden dark:text-brand-300"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {MESSAGE_TEXTS.allMessages}
    </Link>
  );
}
