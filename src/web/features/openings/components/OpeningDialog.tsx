import { Save } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import { formatOpeningMoment } from '#domain/opening-time.ts';
import type { OwnOpening as Opening, VersionedOpeningReply } from '#domain/opening-versions.ts';
import type { OpeningFields, ProviderTimeZone } from '#domain/openings.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useCreateOpening } from '../api/create-opening';
import { isStaleVersion, useUpdateOpening } from '../api/update-opening';
import {
  formValuesOf,
  OPENING_FORM_FIELDS,
  type OpeningFormValues,
  validateOpeningForm,
} from '../opening-form';
import { minInputValue } from '../opening-time';
import type { ReloadOutcome } from './OpeningChanged';
import { describeZone } from './TimeZonePicker';

const toast = toastFor('opening');

/** Said after a 412 only: loaded then (the account page's chunk carries just the version check). */
const OpeningChangedAlert = lazy(() =>
  import('./OpeningChanged').then((m) => ({ default: m.OpeningChangedAlert })),
);

/** The schema and the time rules, on the browser's clock at the moment of checking. */
const resolverFor =
  (stored: Opening | null, timeZone: string): Resolver<OpeningFormValues, unknown, OpeningFields> =>
  async (values) => {
    const result = validateOpeningForm(values, new Date(), timeZone, stored);
    if (result.ok) return { values: result.body, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([field, message]) => [field, { type: 'validation', message }]),
    );
    return { values: {}, errors };
  };

/** docs/product.md §5: a start in the past is also announced as 'Invalid Time'. */
const INVALID_TIME = { title: OPENING_TEXTS.invalidTimeTitle, description: OPENING_TEXTS.startInPast };

interface OpeningDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The opening to edit; null to add one. */
  opening: Opening | null;
  /** The provider's own service names, offered as suggestions. */
  services: readonly string[];
  /** The provider's time zone: the form's times are on its clocks. */
  timeZone: ProviderTimeZone;
  /**
   * After a save refused because the opening changed elsewhere (412): fetches the list again and
   * answers the opening as it is now (which the parent then passes as `opening`), null when it is
   * gone, undefined when the list could not be loaded.
   */
  onReload?: (id: string) => Promise<Opening | null | undefined>;
}

/** Add or edit an opening (docs/product.md §2 'Openings manager'). */
export function OpeningDialog({
  open,
  onOpenChange,
  opening,
  services,
  timeZone,
  onReload,
}: OpeningDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={opening ? 'Edit Opening' : 'Add Opening'}
      description="Post a short-notice opening. Clients who saved you get an email about new ones."
      className="max-w-lg"
    >
      {/* Radix unmounts the content when closed, so each opening starts from its own values. */}
      <OpeningForm
        opening={opening}
        services={services}
        timeZone={timeZone}
        onDone={() => onOpenChange(false)}
        onReload={onReload}
      />
    </Dialog>
  );
}

function OpeningForm({
  opening,
  services,
  timeZone,
  onDone,
  onReload,
}: {
  opening: Opening | null;
  services: readonly string[];
  timeZone: ProviderTimeZone;
  onDone: () => void;
  onReload?: OpeningDialogProps['onReload'];
}) {
  const zone = timeZone.effective;
  const listId = useId();
  const create = useCreateOpening();
  const update = useUpdateOpening();
  const form = useForm<OpeningFormValues, unknown, OpeningFields>({
    resolver: resolverFor(opening, zone),
    defaultValues: formValuesOf(opening, zone),
  });
  const { errors, isSubmitting } = form.formState;
  const min = minInputValue(new Date(), zone);
  const start = form.watch('start_time');
  // What failed, said in the dialog (an alert by its buttons): a toast would cover its title.
  const [failure, setFailure] = useState<{ title: string; description?: string } | null>(null);
  // The opening changed in another tab or device (412): said, with Reload, by OpeningChangedAlert;
  // each refusal (0: none) mounts it afresh, so a second one is said again.
  const [staleAt, setStaleAt] = useState(0);

  /**
   * Reload after a 412: the latest version goes into the fields the person has not touched, their
   * changes stay, and the next save is made over that version (docs/product.md §2 'Openings manager').
   */
  const reload = async (): Promise<ReloadOutcome> => {
    const fresh = opening && onReload ? await onReload(opening.id) : undefined;
    if (fresh === undefined) return 'failed';
    if (fresh === null) return 'gone';
    form.reset(formValuesOf(fresh, zone), { keepDirtyValues: true });
    return 'loaded';
  };

  /** Server issues go on their fields; the alert says what failed (docs/product.md §8 'Openings'). */
  const handleSaveError = (error: unknown) => {
    if (isStaleVersion(error) && onReload) return setStaleAt(Date.now());
    if (error instanceof ApiError && error.issues.length > 0) {
      const placed = applyServerIssues(error, OPENING_FORM_FIELDS, form.setError);
      if (error.issues.some((i) => i.message === OPENING_TEXTS.startInPast)) return setFailure(INVALID_TIME);
      if (placed) return setFailure({ title: OPENING_TEXTS.saveFailed });
    }
    const useServerText = error instanceof ApiError && error.status >= 400 && error.status < 500;
    setFailure({ title: useServerText && error.message ? error.message : OPENING_TEXTS.saveFailed });
  };

  /** Saved: and when it starts past the public lists' days, when it will appear (docs/product.md §2). */
  const toastSaved = (title: string, reply: VersionedOpeningReply) =>
    toast.success(
      title,
      reply.public_from
        ? {
            description: OPENING_TEXTS.publicFrom(
              formatOpeningMoment(reply.public_from, { timeZone: reply.opening.time_zone }),
            ),
          }
        : undefined,
    );

  const handleValid = async (body: OpeningFields) => {
    try {
      if (opening)
        toastSaved(
          OPENING_TEXTS.updated,
          await update.mutateAsync({ id: opening.id, body, version: opening.version }),
        );
      else toastSaved(OPENING_TEXTS.created, await create.mutateAsync(body));
      onDone();
    } catch (error) {
      handleSaveError(error);
    }
  };

  const handleInvalid = (invalid: typeof errors) => {
    if (invalid.start_time?.message === OPENING_TEXTS.startInPast) setFailure(INVALID_TIME);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setFailure(null);
        setStaleAt(0);
        return form.handleSubmit(handleValid, handleInvalid)(event);
      }}
      className="space-y-4"
    >
      <Field label="Service type" error={errors.service_type?.message} required>
        <Input
          {...form.register('service_type')}
          list={services.length > 0 ? listId : undefined}
          autoComplete="off"
          maxLength={OPENING_LIMITS.serviceTypeMax}
          placeholder="e.g. Balayage"
        />
      </Field>
      {services.length > 0 && (
        <datalist id={listId}>
          {services.map((service) => (
            <option key={service} value={service} />
          ))}
        </datalist>
      )}
      <p className="text-sm text-muted">Times are in {describeZone(timeZone)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Start"
          error={errors.start_time?.message}
          hint={`At least ${OPENING_LIMITS.minLeadMinutes} minutes from now`}
          required
        >
          <Input {...form.register('start_time')} type="datetime-local" min={min} />
        </Field>
        <Field
          label="End"
          error={errors.end_time?.message}
          hint={`At most ${OPENING_LIMITS.maxHours} hours after the start`}
          required
        >
          <Input
            {...form.register('end_time')}
            type="datetime-local"
            min={start && start > min ? start : min}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Price" error={errors.price?.message} hint="Optional">
          <Input {...form.register('price')} maxLength={OPENING_LIMITS.priceMax} placeholder="e.g. $85" />
        </Field>
        <Field
          label="Location"
          error={errors.location_override?.message}
          hint="Optional. Blank uses the one on your profile"
        >
          <Input {...form.register('location_override')} maxLength={OPENING_LIMITS.locationMax} />
        </Field>
      </div>
      <Field label="Note" error={errors.note?.message} hint="Optional">
        <Textarea
          {...form.register('note')}
          rows={2}
          maxLength={OPENING_LIMITS.noteMax}
          placeholder="e.g. Last-minute cancellation, 20% off"
        />
      </Field>
      <Field
        label="Booking link"
        error={errors.booking_link_override?.message}
        hint="Optional. Blank uses the one on your profile"
      >
        <Input
          {...form.register('booking_link_override')}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      </Field>
      {failure && <Alert title={failure.title}>{failure.description && <p>{failure.description}</p>}</Alert>}
      {staleAt > 0 && (
        <Suspense fallback={null}>
          <OpeningChangedAlert key={staleAt} onReload={reload} />
        </Suspense>
      )}
      <FormActions
        submitLabel={opening ? 'Save Changes' : 'Add Opening'}
        isSubmitting={isSubmitting}
        onCancel={onDone}
        icon={<Save className="h-4 w-4" aria-hidden="true" />}
      />
    </form>
  );
}
