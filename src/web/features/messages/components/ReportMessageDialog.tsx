import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MessageReportBodySchema } from '#domain/messages.ts';
import {
  MESSAGE_LIMITS,
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGE_REPORT_REASONS,
  MESSAGE_TEXTS,
} from '#domain/messages-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { CharacterCounter } from '#web/components/ui/CharacterCounter.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useReportMessage } from '../api/report-message';

const toast = toastFor('message-report');

type ReportInput = z.input<typeof MessageReportBodySchema>;
type ReportOutput = z.output<typeof MessageReportBodySchema>;

/**
 * Reports a message to the moderators: a reason and optional details, checked here by the schema the
 * server uses (this module loads with the lazy messages route, so zod costs no other page anything).
 */
export function ReportMessageDialog({
  messageId,
  open,
  onOpenChange,
  onReported,
}: {
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the report is stored (the thread marks the message as reported). */
  onReported?: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MESSAGE_TEXTS.reportTitle}
      description={MESSAGE_TEXTS.reportWhat}
    >
      {/* Keyed: another message, or opening it again, starts from an empty form. */}
      {open && (
        <ReportForm
          key={messageId}
          messageId={messageId}
          onDone={() => onOpenChange(false)}
          onReported={onReported}
        />
      )}
    </Dialog>
  );
}

function ReportForm({
  messageId,
  onDone,
  onReported,
}: {
  messageId: string;
  onDone: () => void;
  onReported: (() => void) | undefined;
}) {
  const report = useReportMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ReportInput, unknown, ReportOutput>({
    resolver: zodResolver(MessageReportBodySchema),
    defaultValues: { details: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const details = form.watch('details') ?? '';
  const reasonErrorId = `report-reason-error-${messageId}`;

  const handleValid = async (body: ReportOutput) => {
    setServerError(null);
    try {
      const reply = await report.mutateAsync({
        id: messageId,
        body: { reason: body.reason, ...(body.details ? { details: body.details } : {}) },
      });
      toast.success(reply.message || MESSAGE_TEXTS.reported);
      onReported?.();
      onDone();
    } catch (error) {
      if (applyServerIssues(error, ['reason', 'details'], form.setError)) return;
      setServerError(error instanceof ApiError ? error.message : MESSAGE_TEXTS.reportFailed);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-4">
      {serverError && <Alert>{serverError}</Alert>}
      <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
        <legend className="text-sm font-medium text-app">
          {MESSAGE_TEXTS.reportReason}
          <span aria-hidden="true" className="ml-1 text-brand-700 dark:text-brand-300">
            *
          </span>
        </legend>
        <div className="mt-2 space-y-1">
          {MESSAGE_REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-app"
            >
              <input
                type="radio"
                value={reason}
                required
                {...form.register('reason')}
                aria-invalid={errors.reason ? true : undefined}
                className="h-4 w-4 shrink-0 accent-brand-700"
              />
              {MESSAGE_REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id={reasonErrorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.reason.message}
          </p>
        )}
      </fieldset>
      <Field
        label={MESSAGE_TEXTS.reportDetails}
        error={errors.details?.message}
        counter={(id) => (
          <CharacterCounter id={id} length={details.length} max={MESSAGE_LIMITS.reportDetailsMax} />
        )}
      >
        <Textarea rows={3} {...form.register('details')} />
      </Field>
      <FormActions submitLabel={MESSAGE_TEXTS.report} isSubmitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}
