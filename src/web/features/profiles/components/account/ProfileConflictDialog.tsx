import { useState } from 'react';
import { formatPrice, type PriceParts } from '#domain/pricing-options.ts';
import { PROFILE_VERSION_TEXTS as TEXTS } from '#domain/profile-versions.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';

/** One field of the profile as the page labels it, with the saved value and this page's. */
export interface ConflictField {
  key: string;
  label: string;
  theirs: unknown;
  yours: unknown;
}

interface ProfileConflictDialogProps {
  /** Every field this page edits; the comparison lists those whose two values differ. */
  fields: ConflictField[];
  /** A save (Keep mine) or a reload is under way. */
  isBusy: boolean;
  /** Reload the latest version (asked first: this page's edits are dropped). */
  onReload: () => void;
  /** Save this page's version over the saved one. */
  onKeepMine: () => void;
  /** Take the saved version into this page, dropping its edits. */
  onUseTheirs: () => void;
  /** Closed without choosing: the edits stay on the page, and the next save asks again. */
  onClose: () => void;
}

type Package = PriceParts & { service?: string };

/** A value as the comparison shows it: text, a list, or the services with their prices. */
function display(value: unknown): string {
  if (value === null || value === undefined) return TEXTS.empty;
  if (Array.isArray(value)) {
    if (value.length === 0) return TEXTS.empty;
    return value
      .map((item) => {
        if (typeof item !== 'object' || item === null) return String(item);
        const pkg = item as Package;
        const price = formatPrice(pkg);
        return price ? `${pkg.service ?? ''} (${price})` : (pkg.service ?? '');
      })
      .join(', ');
  }
  const text = String(value).trim();
  return text === '' ? TEXTS.empty : text;
}

/** The fields whose saved value and this page's differ, as shown. */
export function differingFields(fields: ConflictField[]): ConflictField[] {
  return fields.filter((field) => display(field.theirs) !== display(field.yours));
}

/**
 * What the account page shows when a save was refused because the profile changed in another tab or
 * device (412): nothing was overwritten. The person reloads the latest version (after a confirm, since
 * this page's edits go) or compares the two, field by field, and keeps theirs or the saved one.
 * Loaded on the first conflict only (React.lazy): the /account chunk is at its size budget.
 */
export function ProfileConflictDialog({
  fields,
  isBusy,
  onReload,
  onKeepMine,
  onUseTheirs,
  onClose,
}: ProfileConflictDialogProps) {
  const [step, setStep] = useState<'choose' | 'review' | 'confirm-reload'>('choose');
  const differing = differingFields(fields);

  const reloadButton = (
    <Button variant="outline" disabled={isBusy} onClick={() => setStep('confirm-reload')}>
      {TEXTS.reload}
    </Button>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isBusy && onClose()}
      title={step === 'review' ? TEXTS.reviewTitle : TEXTS.changedElsewhere}
      description={
        step === 'review'
          ? TEXTS.reviewDescription
          : step === 'confirm-reload'
            ? TEXTS.confirmReload
            : TEXTS.explainConflict
      }
      className={step === 'review' ? 'max-w-2xl' : undefined}
    >
      {step === 'choose' && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {reloadButton}
          <Button onClick={() => setStep('review')}>{TEXTS.review}</Button>
        </div>
      )}

      {step === 'confirm-reload' && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={isBusy} onClick={() => setStep('choose')}>
            Cancel
          </Button>
          <Button variant="danger" disabled={isBusy} onClick={onReload}>
            {isBusy && <Spinner />}
            {TEXTS.reload}
          </Button>
        </div>
      )}

      {step === 'review' && (
        <div className="space-y-4">
          {differing.length === 0 ? (
            <p className="text-sm text-muted">{TEXTS.noDifferences}</p>
          ) : (
            <ul className="space-y-3" aria-label={TEXTS.reviewTitle}>
              {differing.map((field) => (
                <li key={field.key} className="rounded-lg border border-app p-3">
                  <h3 className="font-semibold text-app">{field.label}</h3>
                  <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                    <div>
                      <dt className="text-muted">{TEXTS.theirs}</dt>
                      <dd className="whitespace-pre-wrap break-words text-app">{display(field.theirs)}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{TEXTS.yours}</dt>
                      <dd className="whitespace-pre-wrap break-words text-app">{display(field.yours)}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={isBusy} onClick={onUseTheirs}>
              {TEXTS.useTheirs}
            </Button>
            <Button disabled={isBusy || differing.length === 0} onClick={onKeepMine}>
              {isBusy && <Spinner />}
              {TEXTS.keepMine}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
