import { Switch } from 'radix-ui';
import { useId } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useOpeningAlerts } from '../api/get-opening-alerts';
import { useSetOpeningAlerts } from '../api/set-opening-alerts';

const toast = toastFor('opening-alerts');

/** The account page's switch for opening-alert emails: on by default, off in one click. */
export function OpeningAlertsSwitch({ userId }: { userId: string }) {
  const id = useId();
  const query = useOpeningAlerts(userId);
  const change = useSetOpeningAlerts(userId);
  const isOn = change.isPending ? Boolean(change.variables) : Boolean(query.data);

  const handleChange = (enabled: boolean) =>
    change.mutate(enabled, {
      onSuccess: () => toast.success(enabled ? 'Opening alerts on' : 'Opening alerts off'),
      onError: (error) =>
        toast.error('Error', {
          description:
            error instanceof ApiError && error.status !== 0
              ? error.message
              : 'Failed to update alert settings',
        }),
    });

  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-app p-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-app">
          Opening alerts by email
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          When a provider you saved posts a short-notice opening (at most one email per provider per hour).
        </p>
      </div>
      <Switch.Root
        id={id}
        aria-describedby={`${id}-hint`}
        checked={isOn}
        disabled={query.isPending || query.isError || change.isPending}
        onCheckedChange={handleChange}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-60',
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
    </div>
  );
}
