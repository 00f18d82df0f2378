import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Policies, policyLines } from '#domain/policies-options.ts';
import { formatPrice, type PriceParts } from '#domain/pricing-options.ts';
import { PROFILE_VERSION_TEXTS as TEXTS } from '#domain/profile-versions.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { updateSessionUser } from '#web/lib/session.ts';
import {
  accountProfileQuery,
  sessionUserOf,
  type VersionedAccountProfile,
} from '../../api/get-account-profile';

/** Each field of the account forms as they label it (the name's label is the form's own). */
const FIELD_LABELS: Record<string, string> = {
  location: 'Location',
  zip: 'Zip code',
  booking_link: 'Booking Link',
  bio: 'Professional Bio',
  license_details: 'License Information',
  additional_details: 'Additional Details',
  availability: 'Availability',
  specialties: 'Specialties',
  certifications: 'Certifications',
  amenities: 'Amenities',
  products: 'Products Used',
  pricing: 'Services & Pricing',
  policies: 'Booking Policies',
};

/** A save refused because the profile changed elsewhere: the version saved meanwhile, and what this page sent. */
export interface ProfileConflict {
  theirs: VersionedAccountProfile;
  mine: Record<string, unknown>;
}

/** The rows to compare: each field the refused save sent, with the saved value and this page's. */
export function conflictFields(conflict: ProfileConflict, nameLabel: string): ConflictField[] {
  const labels: Record<string, string> = { ...FIELD_LABELS, name: nameLabel };
  const theirs = conflict.theirs as Record<string, unknown>;
  return Object.keys(conflict.mine)
    .filter((key) => key in labels)
    .map((key) => ({ key, label: labels[key]!, theirs: theirs[key], yours: conflict.mine[key] }));
}

/** One field of the profile as the page labels it, with the saved value and this page's. */
export interface ConflictField {
  key: string;
  label: string;
  theirs: unknown;
  yours: unknown;
}

interface ProfileConflictDialogProps {
  conflict: ProfileConflict;
  /** How the form labels the name ('Full Name', 'Business/Professional Name'). */
  nameLabel: string;
  /** A save (Keep mine) is under way. */
  isBusy: boolean;
  /** Save this page's version over the saved one. */
  onKeepMine: () => void;
  /** Take a saved version into the page, dropping its edits: the one compared (Use theirs) or a reloaded one. */
  onTakeLatest: (latest: VersionedAccountProfile) => void;
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
  if (typeof value === 'object' && 'cancellation_notice_hours' in value) {
    const policies = value as Policies;
    return [...policyLines(policies), policies.text.trim()].filter(Boolean).join('. ') || TEXTS.empty;
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
  conflict,
  nameLabel,
  isBusy: isSaving,
  onKeepMine,
  onTakeLatest,
  onClose,
}: ProfileConflictDialogProps) {
  const [step, setStep] = useState<'choose' | 'review' | 'confirm-reload'>('choose');
  const [isReloading, setIsReloading] = useState(false);
  const [reloadFailed, setReloadFailed] = useState(false);
  const queryClient = useQueryClient();
  const differing = differingFields(conflictFields(conflict, nameLabel));
  const isBusy = isSaving || isReloading;

  const handleReload = async () => {
    setIsReloading(true);
    setReloadFailed(false);
    try {
      const latest = await queryClient.fetchQuery({
        ...accountProfileQuery(conflict.theirs.id),
        staleTime: 0,
      });
      updateSessionUser(sessionUserOf(latest));
      onTakeLatest(latest);
    } catch {
      setReloadFailed(true);
    } finally {
      setIsReloading(false);
    }
  };

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
        <div className="space-y-3">
          {reloadFailed && <Alert>Failed to load profile. Please try again later.</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={isBusy} onClick={() => setStep('choose')}>
              Cancel
            </Button>
            <Button variant="danger" disabled={isBusy} onClick={() => void handleReload()}>
              {isBusy && <Spinner />}
              {TEXTS.reload}
            </Button>
          </div>
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
            <Button variant="outline" disabled={isBusy} onClick={() => onTakeLatest(conflict.theirs)}>
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
