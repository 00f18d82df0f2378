import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, MailWarning, RotateCcw, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ADMIN_TEXTS, adminTimestamp } from '#domain/admin-options.ts';
import type { AdminMessage } from '#domain/messages.ts';
import {
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGE_TEXTS,
  type MessageReportReason,
  MESSAGE_MODERATION_TEXTS as TEXTS,
} from '#domain/messages-options.ts';
import { LoadMoreButton } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { mailtoHref } from '#web/lib/mailto.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { isAdminAccessRequired } from '../api/admin-request';
import { lockAdminAccess } from '../api/get-admin-access';
import { type MessageModerationStatus, useAdminMessages } from '../api/get-admin-messages';
import { type MessageModerationAction, useModerateMessage } from '../api/moderate-message';

// Moderation answers replace one another on screen, as the reviews' do.
const toast = toastFor('message-moderation');

const VIEWS: { status: MessageModerationStatus; label: string }[] = [
  { status: 'reported', label: TEXTS.reportedTab },
  { status: 'hidden', label: TEXTS.hiddenTab },
];

const CAPTIONS: Record<MessageModerationStatus, string> = {
  reported: 'Reported messages, latest report first',
  hidden: 'Hidden messages, latest hidden first',
};

const EMPTY: Record<MessageModerationStatus, string> = {
  reported: TEXTS.reportedEmpty,
  hidden: TEXTS.hiddenEmpty,
};

export const MODERATION_FAILED = 'Failed to update the message. Please try again.';

interface ActionButton {
  action: MessageModerationAction;
  label: string;
  Icon: typeof Eye;
  variant: 'outline' | 'danger';
}

/** The buttons each list offers, in order. */
const ACTIONS: Record<MessageModerationStatus, ActionButton[]> = {
  reported: [
    { action: 'hide', label: TEXTS.hide, Icon: EyeOff, variant: 'danger' },
    { action: 'warn', label: TEXTS.warn, Icon: MailWarning, variant: 'outline' },
    { action: 'dismiss', label: TEXTS.dismiss, Icon: ShieldCheck, variant: 'outline' },
  ],
  hidden: [
    { action: 'restore', label: TEXTS.restore, Icon: Eye, variant: 'outline' },
    { action: 'warn', label: TEXTS.warn, Icon: MailWarning, variant: 'outline' },
  ],
};

/** Hide and Warn ask first: one takes the text away from both people, the other sends an email. */
type Confirming = { item: AdminMessage; action: 'hide' | 'warn' };

const reasonLabel = (reason: string) => MESSAGE_REPORT_REASON_LABELS[reason as MessageReportReason] ?? reason;

function Time({ iso }: { iso: string }) {
  return <time dateTime={htmlDateTime(iso)}>{adminTimestamp(iso)}</time>;
}

/**
 * The 'Messages' tab: reported messages (latest report first) or hidden ones, each with its text (plain
 * text, as sent), who sent it to whom, the reports, and hide / show again / warn the sender / dismiss.
 */
export function MessageModeration({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<MessageModerationStatus>('reported');
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const messages = useAdminMessages(userId, status);
  const moderate = useModerateMessage();
  const listId = useId();

  // The admin step's token expired or the password changed: back to the password step.
  const accessLost = isAdminAccessRequired(messages.error) || isAdminAccessRequired(moderate.error);
  useEffect(() => {
    if (!accessLost) return;
    toastFor('admin-access').error(ADMIN_TEXTS.accessDenied, { description: ADMIN_TEXTS.passwordRequired });
    lockAdminAccess(queryClient, userId);
  }, [accessLost, queryClient, userId]);

  const act = async (item: AdminMessage, action: MessageModerationAction) => {
    try {
      toast.success((await moderate.mutateAsync({ id: item.id, action })).message);
      setConfirming(null);
    } catch (error) {
      setConfirming(null);
      if (!isAdminAccessRequired(error))
        toast.error(error instanceof Error ? error.message : MODERATION_FAILED);
    }
  };

  const handleAction = (item: AdminMessage, action: MessageModerationAction) => {
    if (action === 'hide' || action === 'warn') setConfirming({ item, action });
    else void act(item, action);
  };

  const rows = messages.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Which messages</legend>
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
      <Card className="overflow-hidden">
        <section aria-labelledby={listId}>
          <h2 id={listId} className="sr-only">
            {CAPTIONS[status]}
          </h2>
          {messages.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner label="Loading..." />
            </div>
          ) : messages.isError && rows.length === 0 ? (
            <div className="space-y-3 p-4">
              <Alert>{ADMIN_TEXTS.loadFailedInline}</Alert>
              <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> Try Again
              </Button>
            </div>
          ) : rows.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-muted">{EMPTY[status]}</p>
          ) : (
            // biome-ignore lint/a11y/noRedundantRoles: Safari drops a list's role once its bullets are styled away
            <ul role="list" aria-label={CAPTIONS[status]}>
              {rows.map((item) => (
                <li key={item.id} className="border-t border-app px-4 py-4 first:border-t-0 sm:px-5">
                  <MessageItem
                    item={item}
                    actions={ACTIONS[status]}
                    busy={moderate.isPending}
                    onAction={(action) => handleAction(item, action)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        {messages.isError && rows.length > 0 && (
          <div className="px-4 pb-4">
            <Alert>{ADMIN_TEXTS.loadFailedInline}</Alert>
          </div>
        )}
        {rows.length > 0 && messages.hasNextPage && (
          <div className="border-t border-app px-4 py-4">
            <LoadMoreButton query={messages} size="sm" />
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={confirming?.action === 'warn' ? `Warn ${confirming.item.sender.name}?` : 'Hide this message?'}
        description={
          confirming?.action === 'warn'
            ? `They get an email saying a message of theirs broke our rules.${
                confirming.item.warned_at
                  ? ` They were already warned on ${adminTimestamp(confirming.item.warned_at)}.`
                  : ''
              }`
            : `Both people see '${MESSAGE_TEXTS.hiddenByModerators}' in its place. You can show it again from '${TEXTS.hiddenTab}'.`
        }
        confirmLabel={confirming?.action === 'warn' ? 'Send warning' : TEXTS.hide}
        isPending={moderate.isPending}
        onConfirm={() => confirming && void act(confirming.item, confirming.action)}
      />
    </div>
  );
}

function MessageItem({
  item,
  actions,
  busy,
  onAction,
}: {
  item: AdminMessage;
  actions: ActionButton[];
  busy: boolean;
  onAction: (action: MessageModerationAction) => void;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={headingId} className="font-medium text-app [overflow-wrap:anywhere]">
            From {item.sender.name} to {item.recipient.name}
          </h3>
          {item.sender.email && (
            <a
              href={mailtoHref(item.sender.email)}
              className="block text-xs text-muted hover:underline [overflow-wrap:anywhere]"
            >
              {item.sender.email}
            </a>
          )}
          <p className="text-xs text-muted">
            Sent <Time iso={item.created_at} />
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {item.hidden_at && <Badge variant="warning">Hidden</Badge>}
          {item.warned_at && <Badge variant="info">Sender warned</Badge>}
        </div>
      </div>
      {/* The text as sent: plain text in a text node, never HTML. */}
      <p className="rounded-lg border border-app bg-muted px-3 py-2 text-sm whitespace-pre-line text-app [overflow-wrap:anywhere]">
        {item.body}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Reports</dt>
          <dd className="mt-0.5 text-app">
            {item.report_count === 0 ? (
              'None'
            ) : (
              <>
                <span className="font-medium">
                  {item.report_count} {item.report_count === 1 ? 'report' : 'reports'}
                </span>
                {item.reasons.length > 0 && <>: {item.reasons.map(reasonLabel).join(', ')}</>}
              </>
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Times</dt>
          <dd className="mt-0.5 space-y-0.5 text-xs text-muted">
            {item.last_reported_at && (
              <p>
                Last reported <Time iso={item.last_reported_at} />
              </p>
            )}
            {item.hidden_at && (
              <p>
                Hidden <Time iso={item.hidden_at} />
              </p>
            )}
            {item.warned_at && (
              <p>
                Sender warned <Time iso={item.warned_at} />
              </p>
            )}
            {!item.last_reported_at && !item.hidden_at && !item.warned_at && <p>–</p>}
          </dd>
        </div>
        {item.details.length > 0 && (
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
              Details from reporters
            </dt>
            <dd className="mt-0.5">
              <ul className="list-disc space-y-0.5 pl-5 text-app">
                {item.details.map((detail, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: details have no id of their own; the list is fixed per message
                  <li key={i} className="whitespace-pre-line [overflow-wrap:anywhere]">
                    {detail}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-1.5">
        {/* A deleted sender has no address to warn. */}
        {actions
          .filter(({ action }) => action !== 'warn' || item.sender.id !== null)
          .map(({ action, label, Icon, variant }) => (
            <Button key={action} size="sm" variant={variant} disabled={busy} onClick={() => onAction(action)}>
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
              <span className="sr-only"> (message from {item.sender.name})</span>
            </Button>
          ))}
      </div>
    </article>
  );
}
