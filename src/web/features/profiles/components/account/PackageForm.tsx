import type { KeyboardEvent } from 'react';
import { LIMITS } from '#domain/options.ts';
import { type ServicePackage, ServicePackageSchema } from '#domain/pricing.ts';
import {
  formatDuration,
  formatPrice,
  PRICE_TYPES,
  PRICING_LIMITS,
  type PriceType,
} from '#domain/pricing-options.ts';
import { PRICE_TYPE_LABELS, PRICING_TEXTS } from '#domain/pricing-texts.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';

export interface PackageDraft {
  service: string;
  description: string;
  priceType: PriceType;
  /** The number inputs' raw text ('' when empty). */
  minPrice: string;
  maxPrice: string;
  /** Minutes, as typed ('' when none): the length, or the shortest of a range with durationMax. */
  durationMin: string;
  durationMax: string;
  /** The service's own booking page ('' for none: clients use the profile's Book). */
  bookingLink: string;
}

export type PackageErrors = Partial<Record<keyof PackageDraft, string>>;

export const EMPTY_DRAFT: PackageDraft = {
  service: '',
  description: '',
  priceType: 'fixed',
  minPrice: '',
  maxPrice: '',
  durationMin: '',
  durationMax: '',
  bookingLink: '',
};

const toAmount = (raw: string) => (raw.trim() === '' ? null : Number(raw));

/** The draft as the schema reads it: numbers the chosen type does not use are left out. */
export function packageInputOf(draft: PackageDraft) {
  return {
    service: draft.service,
    description: draft.description,
    priceType: draft.priceType,
    minPrice: draft.priceType === 'contact' ? null : toAmount(draft.minPrice),
    maxPrice: draft.priceType === 'range' ? toAmount(draft.maxPrice) : null,
    durationMin: toAmount(draft.durationMin),
    durationMax: toAmount(draft.durationMax),
    bookingLink: draft.bookingLink,
  };
}

/** Validates with ServicePackageSchema (the server's rules and docs/product.md §5's messages). */
export function validatePackage(
  draft: PackageDraft,
): { ok: true; value: ServicePackage } | { ok: false; errors: PackageErrors } {
  const parsed = ServicePackageSchema.safeParse(packageInputOf(draft));
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: PackageErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof PackageDraft;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Whether typed minutes make a duration the schema takes (the preview waits until they do). */
function validDurations(min: number | null, max: number | null): boolean {
  const ok = (m: number | null) =>
    m === null || (Number.isInteger(m) && m >= PRICING_LIMITS.durationMin && m <= PRICING_LIMITS.durationMax);
  return ok(min) && ok(max) && (max === null || (min !== null && max > min));
}

const AMOUNT_LABEL: Record<PriceType, string> = {
  fixed: 'Price ($)',
  starting_at: 'Starting price ($)',
  range: 'Min price ($)',
  contact: '',
};

interface PackageFormProps {
  title: string;
  draft: PackageDraft;
  errors: PackageErrors;
  isSaving: boolean;
  onChange: (draft: PackageDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The add/edit fields with a live preview. Not a <form>: it lives inside the profile form, so
 * Enter in a field saves the package here instead of submitting the whole profile.
 */
export function PackageForm({
  title,
  draft,
  errors,
  isSaving,
  onChange,
  onSave,
  onCancel,
}: PackageFormProps) {
  const set = <K extends keyof PackageDraft>(key: K, value: PackageDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const input = packageInputOf(draft);
  const preview = formatPrice(input);
  const durationOk = validDurations(input.durationMin, input.durationMax);
  const durationPreview = durationOk ? formatDuration(input.durationMin, input.durationMax) : null;
  const hasAmount = draft.priceType !== 'contact';

  const handleKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onSave();
    }
  };

  return (
    <fieldset
      className="min-w-0 space-y-4 rounded-xl border border-brand-300 bg-muted p-4 dark:border-brand-800"
      onKeyDown={handleKeyDown}
    >
      <legend className="float-left w-full font-semibold text-app">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <Field label="Service name" error={errors.service} required>
          <Input
            value={draft.service}
            maxLength={80}
            disabled={isSaving}
            placeholder="e.g. Balayage"
            onChange={(event) => set('service', event.target.value)}
          />
        </Field>
        <Field label="Price type" error={errors.priceType} required>
          <Select
            value={draft.priceType}
            disabled={isSaving}
            onChange={(event) => set('priceType', event.target.value as PriceType)}
          >
            {PRICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {PRICE_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Description" error={errors.description} required>
        <Textarea
          rows={2}
          value={draft.description}
          maxLength={320}
          disabled={isSaving}
          placeholder="What the service includes and how long it takes"
          onChange={(event) => set('description', event.target.value)}
        />
      </Field>
      {hasAmount && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={AMOUNT_LABEL[draft.priceType]} error={errors.minPrice} required>
            <Input
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0}
              value={draft.minPrice}
              disabled={isSaving}
              onChange={(event) => set('minPrice', event.target.value)}
            />
          </Field>
          {draft.priceType === 'range' && (
            <Field label="Max price ($)" error={errors.maxPrice} required>
              <Input
                type="number"
                inputMode="decimal"
                step={0.01}
                min={0}
                value={draft.maxPrice}
                disabled={isSaving}
                onChange={(event) => set('maxPrice', event.target.value)}
              />
            </Field>
          )}
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Duration (minutes)"
          hint="Optional. For a range, the shortest."
          error={errors.durationMin}
        >
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={PRICING_LIMITS.durationMin}
            max={PRICING_LIMITS.durationMax}
            value={draft.durationMin}
            disabled={isSaving}
            placeholder="e.g. 60"
            onChange={(event) => set('durationMin', event.target.value)}
          />
        </Field>
        <Field
          label="Longest (minutes)"
          hint="Optional: only when it varies, e.g. 45 to 60."
          error={errors.durationMax}
        >
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={PRICING_LIMITS.durationMin}
            max={PRICING_LIMITS.durationMax}
            value={draft.durationMax}
            disabled={isSaving}
            onChange={(event) => set('durationMax', event.target.value)}
          />
        </Field>
      </div>
      <Field
        label="Booking link for this service"
        hint="Optional. Adds a Book button for this service on your profile; leave it empty to use your main booking link."
        error={errors.bookingLink}
      >
        <Input
          type="url"
          inputMode="url"
          value={draft.bookingLink}
          maxLength={LIMITS.urlMax}
          disabled={isSaving}
          placeholder="https://"
          onChange={(event) => set('bookingLink', event.target.value)}
        />
      </Field>

      <div className="rounded-lg border border-dashed border-app bg-card px-4 py-3">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">Preview</p>
        <div
          className="mt-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1"
          aria-live="polite"
        >
          <span className="font-semibold text-app">{draft.service.trim() || 'Service name'}</span>
          <span
            className={
              preview ? 'font-semibold text-brand-700 dark:text-brand-300' : 'text-sm text-muted italic'
            }
            data-testid="price-preview"
          >
            {preview ?? PRICING_TEXTS.previewInvalid}
          </span>
        </div>
        {durationPreview && (
          <p className="mt-1 text-sm text-app" data-testid="duration-preview">
            {durationPreview}
          </p>
        )}
        {draft.description.trim() && <p className="mt-1 text-sm text-muted">{draft.description.trim()}</p>}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={isSaving} onClick={onCancel}>
          Cancel
        </Button>
        <Button disabled={isSaving} onClick={onSave}>
          {isSaving && <Spinner />}
          Save service
        </Button>
      </div>
    </fieldset>
  );
}
