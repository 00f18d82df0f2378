import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Issue } from '#domain/errors.ts';
import type { ServicePackageInput } from '#domain/pricing.ts';
import { displayPrice, formatDuration, PRICING_LIMITS } from '#domain/pricing-options.ts';
import { PRICING_TEXTS } from '#domain/pricing-texts.ts';
import type { ProviderData } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import {
  EMPTY_DRAFT,
  type PackageDraft,
  type PackageErrors,
  PackageForm,
  validatePackage,
} from './PackageForm';

/** A package as the profile answers it: always with its price type and numbers. */
export type StoredPackage = ProviderData['pricing'][number];

type Mode = { kind: 'idle' } | { kind: 'adding' } | { kind: 'editing'; index: number };

interface PricingEditorProps {
  pricing: readonly StoredPackage[];
  /**
   * Stores the whole list at once (docs/product.md §4: changing pricing saves immediately). Resolves to
   * null on success, or to the server's field issues on failure.
   */
  onSave: (pricing: ServicePackageInput[]) => Promise<Issue[] | null>;
  /** Told whether an open add/edit form holds changes not yet saved (the page's unsaved-changes guard). */
  onDirtyChange?: (isDirty: boolean) => void;
  disabled?: boolean;
}

const amountText = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

function draftOf(pkg: StoredPackage): PackageDraft {
  return {
    service: pkg.service,
    description: pkg.description,
    priceType: pkg.priceType,
    minPrice: amountText(pkg.minPrice),
    maxPrice: amountText(pkg.maxPrice),
    durationMin: amountText(pkg.durationMin),
    durationMax: amountText(pkg.durationMax),
    bookingLink: pkg.bookingLink,
  };
}

function inputOf(pkg: StoredPackage): ServicePackageInput {
  return {
    service: pkg.service,
    description: pkg.description,
    priceType: pkg.priceType,
    minPrice: pkg.minPrice,
    maxPrice: pkg.maxPrice,
    durationMin: pkg.durationMin,
    durationMax: pkg.durationMax,
    bookingLink: pkg.bookingLink,
  };
}

/**
 * The service package editor (docs/product.md §2): idle, adding, or editing one index. Saving replaces or
 * appends and sends the whole list; editing and deleting wait while the form is open.
 */
export function PricingEditor({ pricing, onSave, onDirtyChange, disabled = false }: PricingEditorProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [draft, setDraft] = useState<PackageDraft>(EMPTY_DRAFT);
  // What the open form started from, to tell an edit from a form only opened.
  const [initialDraft, setInitialDraft] = useState<PackageDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<PackageErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [toDelete, setToDelete] = useState<number | null>(null);

  const isFormOpen = mode.kind !== 'idle';
  const isFull = pricing.length >= PRICING_LIMITS.packagesMax;
  const isLocked = disabled || isSaving;
  const isDraftDirty =
    isFormOpen &&
    (Object.keys(draft) as (keyof PackageDraft)[]).some((key) => draft[key] !== initialDraft[key]);

  useEffect(() => {
    onDirtyChange?.(isDraftDirty);
  }, [isDraftDirty, onDirtyChange]);

  const open = (next: Mode, initial: PackageDraft) => {
    setMode(next);
    setDraft(initial);
    setInitialDraft(initial);
    setErrors({});
  };
  const close = () => open({ kind: 'idle' }, EMPTY_DRAFT);

  const handleDraftChange = (next: PackageDraft) => {
    setDraft(next);
    // Once errors show, they follow the typing so a fixed field clears at once.
    if (Object.keys(errors).length > 0) {
      const result = validatePackage(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const save = async (list: ServicePackageInput[], position: number | null) => {
    setIsSaving(true);
    try {
      const issues = await onSave(list);
      if (!issues) return true;
      // Issues look like 'pricing.3.minPrice': show the ones about this package on its fields.
      const fieldErrors: PackageErrors = {};
      for (const issue of issues) {
        const [root, index, field] = issue.path.split('.');
        if (root === 'pricing' && Number(index) === position && field) {
          fieldErrors[field as keyof PackageDraft] ??= issue.message;
        }
      }
      setErrors(fieldErrors);
      return false;
    } finally {
      setIsSaving(false);
    }
  };

  const handleSave = async () => {
    const result = validatePackage(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const current = pricing.map(inputOf);
    const position = mode.kind === 'editing' ? mode.index : current.length;
    const next =
      mode.kind === 'editing'
        ? current.map((pkg, i) => (i === mode.index ? result.value : pkg))
        : [...current, result.value];
    if (await save(next, position)) close();
  };

  const handleDelete = async () => {
    if (toDelete === null) return;
    const index = toDelete;
    await save(
      pricing.map(inputOf).filter((_, i) => i !== index),
      null,
    );
    setToDelete(null);
  };

  return (
    <div className="space-y-4">
      {pricing.length === 0 ? (
        <p className="rounded-xl border border-dashed border-app px-4 py-6 text-center text-sm text-muted">
          No services yet. Add what you offer and what it costs; until then your profile shows a consultation.
        </p>
      ) : (
        <ul
          className="divide-y divide-[color:var(--border)] rounded-xl border border-app"
          aria-label="Services"
        >
          {pricing.map((pkg, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: packages are edited and removed by position
              key={index}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-app">{pkg.service}</p>
                <p className="text-sm font-medium text-brand-700 dark:text-brand-300">
                  {[displayPrice(pkg.price), formatDuration(pkg.durationMin, pkg.durationMax)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-sm break-words text-muted">{pkg.description}</p>
                {pkg.bookingLink && (
                  <p className="truncate text-xs text-muted" title={pkg.bookingLink}>
                    Own booking link: {pkg.bookingLink}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={isFormOpen || isLocked}
                  aria-label={`Edit ${pkg.service}`}
                  onClick={() => open({ kind: 'editing', index }, draftOf(pkg))}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={isFormOpen || isLocked}
                  aria-label={`Delete ${pkg.service}`}
                  onClick={() => setToDelete(index)}
                >
                  <Trash2 className="h-4 w-4 text-red-700 dark:text-red-300" aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {isFormOpen ? (
        <PackageForm
          title={mode.kind === 'editing' ? 'Edit service' : 'Add a service'}
          draft={draft}
          errors={errors}
          isSaving={isSaving || disabled}
          onChange={handleDraftChange}
          onSave={() => void handleSave()}
          onCancel={close}
        />
      ) : (
        <div className="space-y-1">
          <Button
            variant="outline"
            disabled={isLocked || isFull}
            onClick={() => open({ kind: 'adding' }, EMPTY_DRAFT)}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Service
          </Button>
          {isFull && <p className="text-sm text-muted">{PRICING_TEXTS.tooMany}</p>}
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => !isOpen && setToDelete(null)}
        title="Delete this service?"
        description={
          toDelete !== null && pricing[toDelete]
            ? `'${pricing[toDelete].service}' will be removed from your profile.`
            : undefined
        }
        confirmLabel="Delete service"
        isPending={isSaving}
        onConfirm={() => void handleDelete()}
      />
    </div>
  );
}
