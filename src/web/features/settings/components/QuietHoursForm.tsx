import { Moon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type QuietHours, QuietHoursSchema } from '#domain/push.ts';
import { PUSH_TEXTS } from '#domain/push-texts.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSetQuietHours } from '../api/push-quiet-hours';

const toast = toastFor('notifications');

interface Values {
  isOn: boolean;
  start: string;
  end: string;
}

/** The hours most people would choose, offered when none are saved. */
const SUGGESTED = { start: '22:00', end: '07:00' };

/** This browser's time zone: the one quiet hours are saved in. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Quiet hours for every device of the account: 'Use quiet hours', From and Until in this browser's
 * time zone, checked with the server's own schema before they are sent; unchecked and saved, they
 * are off (null).
 */
export function QuietHoursForm({ userId, saved }: { userId: string; saved: QuietHours | null }) {
  const headingId = useId();
  const change = useSetQuietHours(userId);
  const timeZone = browserTimeZone();
  const form = useForm<Values>({
    defaultValues: {
      isOn: saved !== null,
      start: saved?.start ?? SUGGESTED.start,
      end: saved?.end ?? SUGGESTED.end,
    },
  });
  const { errors } = form.formState;
  const isOn = form.watch('isOn');

  const submit = form.handleSubmit(({ isOn, start, end }) => {
    let quietHours: QuietHours | null = null;
    if (isOn) {
      const parsed = QuietHoursSchema.safeParse({ start, end, timeZone });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (field === 'start' || field === 'end') form.setError(field, { message: issue.message });
          else form.setError('root.zone', { message: issue.message });
        }
        return;
      }
      quietHours = parsed.data;
    }
    change.mutate(
      { quietHours },
      {
        onSuccess: (reply) => toast.success(reply.message),
        onError: (error) =>
          toast.error(error instanceof ApiError && error.status !== 0 ? error.message : NETWORK_ERROR),
      },
    );
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="space-y-4 border-t border-app pt-5"
      onSubmit={submit}
    >
      <div className="space-y-1">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-app">
          <Moon className="h-4 w-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          {PUSH_TEXTS.quietTitle}
        </h3>
        <p className="text-sm text-muted">{PUSH_TEXTS.quietIntro}</p>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-app">
        <input type="checkbox" {...form.register('isOn')} className="h-4 w-4 accent-brand-700" />
        {PUSH_TEXTS.quietOn}
      </label>
      <div className="grid max-w-xs grid-cols-2 gap-3">
        <Field label={PUSH_TEXTS.quietFrom} error={errors.start?.message}>
          <Input type="time" disabled={!isOn} {...form.register('start')} />
        </Field>
        <Field label={PUSH_TEXTS.quietUntil} error={errors.end?.message}>
          <Input type="time" disabled={!isOn} {...form.register('end')} />
        </Field>
      </div>
      <div className="space-y-1">
        <p className="text-sm text-muted">
          {PUSH_TEXTS.quietZone(timeZone)}
          {saved && saved.timeZone !== timeZone && `; saved in ${saved.timeZone}, saving uses this one`}
        </p>
        {errors.root?.zone && (
          <p className="text-sm text-red-700 dark:text-red-300">{errors.root.zone.message}</p>
        )}
      </div>
      <Button type="submit" variant="outline" disabled={change.isPending}>
        {change.isPending ? <Spinner label="Saving..." /> : 'Save quiet hours'}
      </Button>
    </form>
  );
}
