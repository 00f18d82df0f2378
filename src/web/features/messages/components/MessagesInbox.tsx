import { MessagesSquare } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ThreadFilter } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { cn } from '#web/lib/cn.ts';
import { ThreadFilterButtons, ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';

// Its dialog's form (zod, react-hook-form) loads after the inbox, for providers only.
const SavedRepliesButton = lazy(() =>
  import('./SavedRepliesButton').then((m) => ({ default: m.SavedRepliesButton })),
);

/**
 * The inbox (docs/product.md 'Messages'): the conversations beside the open one from the md
 * breakpoint; on a phone the list (/messages) and a conversation (/messages/:id) take turns.
 * Providers filter to the conversations that wait for their answer and keep saved replies.
 */
export function MessagesInbox({
  userId,
  isProvider,
  threadId,
}: {
  userId: string;
  isProvider: boolean;
  threadId: string | undefined;
}) {
  const [filter, setFilter] = useState<ThreadFilter>('all');
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div
        className={cn('mb-4 flex flex-wrap items-center justify-between gap-3', threadId && 'max-md:sr-only')}
      >
        <h1 className="text-2xl font-bold text-app sm:text-3xl">{MESSAGE_TEXTS.inboxTitle}</h1>
        {isProvider && (
          <Suspense fallback={null}>
            <SavedRepliesButton />
          </Suspense>
        )}
      </div>
      <div className="overflow-hidden rounded-2xl border border-app bg-card md:grid md:h-[calc(100dvh-12rem)] md:min-h-[30rem] md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section
          aria-label="Conversations"
          className={cn('min-h-0 flex-col md:flex md:border-r md:border-app', threadId ? 'hidden' : 'flex')}
        >
          {isProvider && (
            <div className="border-b border-app px-3 py-2">
              <ThreadFilterButtons filter={filter} onChange={setFilter} />
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ThreadList userId={userId} filter={isProvider ? filter : 'all'} selectedId={threadId} />
          </div>
        </section>
        <section
          aria-label="Conversation"
          className={cn(
            'min-h-0 flex-col max-md:h-[calc(100dvh-6.5rem)] max-md:min-h-[26rem]',
            threadId ? 'flex' : 'hidden md:flex',
          )}
        >
          {threadId ? (
            <ThreadView key={threadId} userId={userId} threadId={threadId} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
              <MessagesSquare className="h-10 w-10 text-muted" aria-hidden="true" />
              <p className="text-sm text-muted">{MESSAGE_TEXTS.chooseThread}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
