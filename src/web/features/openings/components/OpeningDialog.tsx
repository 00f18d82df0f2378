import { Save } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { formatOpeningPriceText } from '#domain/opening-price.ts';
import {
  findOpeningService,
  isReducible,
  OPENING_SERVICE_TEXTS,
  type OpeningService,
} from '#domain/opening-services.ts';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import { formatOpeningMoment } from '#domain/opening-time.ts';
import type { OwnOpening as Opening, VersionedOpeningReply } from '#domain/opening-versions.ts';
import type { OpeningFields, ProviderTimeZone } from '#domain/openings.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { formatMoney } from '#domain/pricing-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useCreateOpening } from '../api/create-opening';
import { isStaleVersion, useUpdateOpening } from '../api/update-opening';
import {
  endAfter,
  formValuesOf,
  OPENING_FORM_FIELDS,
  type OpeningFormValues,
  validateOpeningForm,
  valuesFromService,
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
  (
    stored: Opening | null,
    timeZone: string,
    services: readonly OpeningService[],
  ): Resolver<OpeningFormValues, unknown, OpeningFields> =>
  async (values) => {
    const result = validateOpeningForm(values, new Date(), timeZone, stored, services);
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
  /**
   * The provider's own services: picking one fills in its name, price and (from its duration) the
   * end, and one with a single price may be offered at a reduced price.
   */
  services: readonly OpeningService[];
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
  services: readonly OpeningService[];
  timeZone: ProviderTimeZone;
  onDone: () => void;
  onReload?: OpeningDialogProps['onReload'];
}) {
  const zone = timeZone.effective;
  const listId = useId();
  const create = useCreateOpening();
  const update = useUpdateOpening();
  const form = useForm<OpeningFormValues, unknown, OpeningFields>({
    resolver: resolverFor(opening, zone, services),
    defaultValues: formValuesOf(opening, zone, services),
  });
  const { errors, isSubmitting } = form.formState;
  const min = minInputValue(new Date(), zone);
  const start = form.watch('start_time');
  const picked = findOpeningService(services, form.watch('service'));
  const reducible = picked && isReducible(picked) ? picked : undefined;
  const reducedText = form.watch('reduced_price').trim();
  const reduced = reducible && reducedText !== '' && Number(reducedText) > 0 ? Number(reducedText) : null;
  // The end follows the start while a service with a duration is picked, until the end is changed by hand.
  const endFollows = useRef(false);

  /** A service picked: its name, price and end go in; 'none' leaves the fields to type in. */
  const handleServiceChange = (name: string) => {
    const service = findOpeningService(services, name);
    form.setValue('reduced_price', '');
    if (!service) return;
    const values = valuesFromService(service, form.getValues('start_time'), zone);
    form.setValue('service_type', values.service_type, { shouldDirty: true });
    form.setValue('price', values.price, { shouldDirty: true });
    if (values.end_time) form.setValue('end_time', values.end_time, { shouldDirty: true });
    endFollows.current = true;
  };

  const handleStartChange = (value: string) => {
    const end = picked && endFollows.current ? endAfter(picked, value, zone) : null;
    if (end) form.setValue('end_time', end, { shouldDirty: true });
  };
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
    form.reset(formValuesOf(fresh, zone, services), { keepDirtyValues: true });
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
      {services.length > 0 && (
        <Field label={OPENING_SERVICE_TEXTS.serviceLabel} error={errors.service?.message}>
          <Select {...form.register('service', { onChange: (e) => handleServiceChange(e.target.value) })}>
            <option value="">{OPENING_SERVICE_TEXTS.ownService}</option>
            {services.map((s) => (
              <option key={s.service} value={s.service}>
                {`${s.service} (${s.price})`}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field
        label="Service type"
        error={errors.service_type?.message}
        hint={picked ? 'The name of the service you picked' : undefined}
        required
      >
        <Input
          {...form.register('service_type')}
          readOnly={picked !== undefined}
          list={services.length > 0 ? listId : undefined}
          autoComplete="off"
          maxLength={OPENING_LIMITS.serviceTypeMax}
          placeholder="e.g. Balayage"
        />
      </Field>
      {services.length > 0 && (
        <datalist id={listId}>
          {services.map((s) => (
            <option key={s.service} value={s.service} />
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
          <Input
            {...form.register('start_time', { onChange: (e) => handleStartChange(e.target.value) })}
            type="datetime-local"
            min={min}
          />
        </Field>
        <Field
          label="End"
          error={errors.end_time?.message}
          hint={`At most ${OPENING_LIMITS.maxHours} hours after the start`}
          required
        >
          <Input
            {...form.register('end_time', {
              onChange: () => {
                endFollows.current = false;
              },
            })}
            type="datetime-local"
            min={start && start > min ? start : min}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {reducible ? (
          <Field
            label={OPENING_SERVICE_TEXTS.reducedPriceLabel}
            error={errors.reduced_price?.message}
            hint={
              reduced !== null
                ? `Shown as '${formatOpeningPriceText(formatMoney(reduced), reducible.minPrice)}'`
                : OPENING_SERVICE_TEXTS.regularPrice(formatMoney(reducible.minPrice ?? 0))
            }
          >
            <Input
              {...form.register('reduced_price')}
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              placeholder="e.g. 140"
            />
          </Field>
        ) : null}
        {reduced === null && (
          <Field label="Price" error={errors.price?.message} hint="Optional">
            <Input {...form.register('price')} maxLength={OPENING_LIMITS.priceMax} placeholder="e.g. $85" />
          </Field>
        )}
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
