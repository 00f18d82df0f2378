import { Bell } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import {
  CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSetting,
} from '#domain/notifications.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useNotificationSettings } from '../api/notifications-get';
import { useSetNotification } from '../api/notifications-set';

const toast = toastFor('notifications');

const AUDIENCE_NOTE: Record<NotificationKind['audience'], string | null> = {
  everyone: null,
  clients: 'For clients',
  providers: 'For providers',
};

/**
 * 'Notifications': every kind of message we send, with a switch per channel (email, push) for the
 * kinds a person can turn off and send by it, and 'Always on' for the others. Opening alerts by email
 * are the same switch as the account page's.
 */
export function NotificationsSection({ userId }: { userId?: string }) {
  const session = useSession();
  const id = userId ?? session?.user.id;
  if (!id) return null;
  return <NotificationsCard userId={id} />;
}

function NotificationsCard({ userId }: { userId: string }) {
  const headingId = useId();
  const query = useNotificationSettings(userId);
  const change = useSetNotification(userId);

  const handleChange = (kind: NotificationKind, channel: NotificationChannel, enabled: boolean) =>
    change.mutate(
      { kind: kind.id, channel, enabled },
      {
        onSuccess: (reply) => toast.success(reply.message),
        onError: (error) =>
          toast.error('Error', {
            description:
              error instanceof ApiError && error.status !== 0 ? error.message : NOTIFICATION_TEXTS.saveFailed,
          }),
      },
    );

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading notification settings..." />;
  else if (query.isError)
    content = (
      <LoadFailed
        message={NOTIFICATION_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else {
    const byKind = new Map(query.data.map((s) => [s.kind, s]));
    content = (
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{NOTIFICATION_TEXTS.title}</caption>
        <thead>
          <tr className="border-b border-app text-left text-xs uppercase tracking-wide text-muted">
            <th scope="col" className="py-2 pr-4 font-medium">
              Message
            </th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              // Narrow on a phone: the message column keeps the width its descriptions need.
              <th key={channel} scope="col" className="w-16 py-2 pl-2 text-right font-medium sm:w-24">
                {CHANNEL_LABELS[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <KindRow
              key={kind.id}
              kind={kind}
              setting={byKind.get(kind.id)}
              onChange={(channel, enabled) => handleChange(kind, channel, enabled)}
            />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Bell className="h-5 w-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          {NOTIFICATION_TEXTS.title}
        </CardTitle>
        <CardDescription>{NOTIFICATION_TEXTS.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {content}
        <p className="text-xs text-muted">
          Push notifications reach only{' '}
          <a
            href="#devices"
            className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300"
          >
            the devices you turn them on for
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}

function KindRow({
  kind,
  setting,
  onChange,
}: {
  kind: NotificationKind;
  setting: NotificationSetting | undefined;
  onChange: (channel: NotificationChannel, enabled: boolean) => void;
}) {
  const id = useId();
  const audience = AUDIENCE_NOTE[kind.audience];
  return (
    <tr className="border-b border-app last:border-b-0">
      <th scope="row" className="py-3 pr-4 text-left align-top font-normal">
        <span id={`${id}-label`} className="block font-medium text-app">
          {kind.label}
        </span>
        <span id={`${id}-hint`} className="block text-xs text-muted">
          {kind.description}
          {kind.alwaysOnReason ? ` ${kind.alwaysOnReason}` : ''}
          {audience ? ` (${audience.toLowerCase()})` : ''}
        </span>
      </th>
      {NOTIFICATION_CHANNELS.map((channel) => {
        const state = setting?.channels.find((c) => c.channel === channel);
        const label = `${kind.label} by ${CHANNEL_LABELS[channel].toLowerCase()}`;
        return (
          <td key={channel} className="py-3 pl-2 text-right align-top">
            {!kind.channels.includes(channel) ? (
              <>
                <span aria-hidden="true" className="inline-block w-11 text-center text-muted">
                  —
                </span>
                <span className="sr-only">{`Not sent by ${CHANNEL_LABELS[channel].toLowerCase()}`}</span>
              </>
            ) : !kind.switchable || !setting?.switchable ? (
              <span className="text-xs font-medium whitespace-nowrap text-muted">
                {NOTIFICATION_TEXTS.alwaysOn}
              </span>
            ) : (
              <ChannelSwitch
                label={label}
                describedBy={`${id}-hint`}
                isOn={state?.enabled ?? true}
                onChange={(enabled) => onChange(channel, enabled)}
              />
            )}
          </td>
        );
      })}
    </tr>
  );
}

function ChannelSwitch({
  label,
  describedBy,
  isOn,
  onChange,
}: {
  label: string;
  describedBy: string;
  isOn: boolean;
  onChange: (enabled: boolean) => void;
}) {
  return (
    <Switch.Root
      aria-label={label}
      aria-describedby={describedBy}
      checked={isOn}
      onCheckedChange={onChange}
      className={cn(
        'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
        isOn ? 'bg-brand-700 dark:bg-brand-500' : 'bg-zinc-400 dark:bg-zinc-600',
      )}
    >
      <Switch.Thumb
        className={cn(
          'block h-5 w-5 rounded-full bg-white shadow transition-transform',
          isOn ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </Switch.Root>
  );
}
