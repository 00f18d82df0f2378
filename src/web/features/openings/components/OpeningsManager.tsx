import { CalendarPlus, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { plainAmount } from '#domain/opening-price.ts';
import type { OpeningService } from '#domain/opening-services.ts';
import { OPENING_TEXTS, openingPublicFrom } from '#domain/opening-texts.ts';
import { formatOpeningMoment, formatOpeningRange } from '#domain/opening-time.ts';
import type { OwnOpening as Opening } from '#domain/opening-versions.ts';
import { OPENING_LIMITS } from '#domain/openings-options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useDeleteOpening } from '../api/delete-opening';
import { useMyOpenings } from '../api/get-my-openings';
import { isStaleVersion, useUpdateOpening } from '../api/update-opening';
import { hasEnded } from '../opening-time';
import { OpeningItem } from './OpeningItem';
import { TimeZonePicker } from './TimeZonePicker';

const toast = toastFor('opening');

/** The add/edit form (react-hook-form rules, the time checks), loaded when first opened. */
const OpeningDialog = lazy(() => import('./OpeningDialog').then((m) => ({ default: m.OpeningDialog })));

/** A 4xx's own words (not found, too many, invalid time); ours for network and server failures. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

/**
 * The stored opening as a full PUT body, switched on (blank optional fields stay null). A reduced one
 * stays reduced: its service (its name) and amount go with it, and the server reads the regular
 * price again.
 */
function activateBody(o: Opening) {
  const reduced = o.regular_price === null ? null : plainAmount(o.price ?? '');
  return {
    ...(reduced === null ? {} : { service: o.service_type, reduced_price: reduced }),
    service_type: o.service_type,
    start_time: o.start_time,
    end_time: o.end_time,
    price: o.price,
    note: o.note,
    location_override: o.location_override,
    booking_link_override: o.booking_link_override,
    is_active: true,
  };
}

/**
 * 'Upcoming Availability' on the provider's account page (docs/product.md §2 'Openings manager'): their
 * upcoming openings, inactive ones dimmed and tagged, with add, edit, deactivate/activate and delete.
 */
export function OpeningsManager({
  providerId,
  services,
}: {
  providerId: string;
  /** The provider's services (their pricing), for the form. */
  services: readonly OpeningService[];
}) {
  const titleId = useId();
  const query = useMyOpenings(providerId);
  const update = useUpdateOpening();
  const remove = useDeleteOpening();
  const [dialog, setDialog] = useState<{ open: boolean; opening: Opening | null }>({
    open: false,
    opening: null,
  });
  const [toDelete, setToDelete] = useState<Opening | null>(null);
  // Mounted from its first opening on, so that it closes (and gives the focus back) as it always did.
  const dialogLoaded = useRef(false);
  if (dialog.open) dialogLoaded.current = true;
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAddAfterDelete = useRef(false);
  // One of each name: the form picks a service by its name.
  const suggestions = services.filter(
    (s, i) => s.service.trim() !== '' && services.findIndex((o) => o.service === s.service) === i,
  );

  useEffect(() => {
    if (query.isError && !query.isFetching) toastFor('openings-load').error(OPENING_TEXTS.loadFailed);
  }, [query.isError, query.isFetching]);

  // The deleted opening's row (where focus would go back) is gone: continue from 'Add Opening'.
  // After the dialog's own focus return, which Radix runs in a timeout on close.
  useEffect(() => {
    if (toDelete === null && focusAddAfterDelete.current) {
      focusAddAfterDelete.current = false;
      setTimeout(() => addButton.current?.focus(), 0);
    }
  }, [toDelete]);

  const now = new Date();
  const openings = (query.data?.openings ?? []).filter((o) => !hasEnded(o, now));
  const zone = query.data?.timeZone ?? null;
  const isFull = openings.length >= OPENING_LIMITS.perProviderMax;
  // Busy buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus.
  const busyId =
    (update.isPending && update.variables?.id) || (remove.isPending && remove.variables?.id) || null;

  /**
   * The opening changed in another tab or device since this list was loaded (a 412): nothing was
   * changed, and Reload fetches the list again (docs/product.md §2 'Openings manager').
   */
  const toastChangedElsewhere = () =>
    void import('./OpeningChanged').then((m) => m.toastOpeningChanged(() => void query.refetch()));

  /**
   * The list fetched again, for the dialog that met a 412: the opening as it is now (the dialog
   * then edits that version), null when it is gone, undefined when the list could not be loaded.
   */
  const reloadOpening = async (id: string): Promise<Opening | null | undefined> => {
    const result = await query.refetch();
    if (result.isError || !result.data) return undefined;
    const fresh = result.data.openings.find((o) => o.id === id) ?? null;
    if (fresh) setDialog((d) => (d.opening?.id === id ? { ...d, opening: fresh } : d));
    return fresh;
  };

  const handleToggle = (opening: Opening) => {
    if (opening.is_active) {
      remove.mutate(
        { id: opening.id, permanent: false, version: opening.version },
        {
          onSuccess: () => toast.success(OPENING_TEXTS.deactivated),
          onError: (error) =>
            isStaleVersion(error)
              ? toastChangedElsewhere()
              : toast.error(failureText(error, OPENING_TEXTS.saveFailed)),
        },
      );
    } else {
      update.mutate(
        { id: opening.id, body: activateBody(opening), version: opening.version },
        {
          onSuccess: () => toast.success(OPENING_TEXTS.updated),
          onError: (error) => {
            if (isStaleVersion(error)) return toastChangedElsewhere();
            const message = failureText(error, OPENING_TEXTS.saveFailed);
            if (message === OPENING_TEXTS.startInPast || hasIssue(error, OPENING_TEXTS.startInPast))
              toast.error(OPENING_TEXTS.invalidTimeTitle, { description: OPENING_TEXTS.startInPast });
            else toast.error(message);
          },
        },
      );
    }
  };

  const handleDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete.id, permanent: true, version: toDelete.version },
      {
        onSuccess: () => {
          toast.success(OPENING_TEXTS.deleted);
          focusAddAfterDelete.current = true;
          setToDelete(null);
        },
        onError: (error) => {
          if (!isStaleVersion(error)) return toast.error(OPENING_TEXTS.deleteFailed);
          // Not deleted: the person sees what changed before deciding again (the toast is
          // reachable once the confirm, a modal, has closed).
          setToDelete(null);
          toastChangedElsewhere();
        },
      },
    );
  };

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading your openings..." />;
  else if (query.isError && openings.length === 0)
    content = (
      <LoadFailed
        message={OPENING_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (openings.length === 0)
    content = (
      <p className="flex items-start gap-2 rounded-xl border border-dashed border-app px-4 py-6 text-sm text-muted">
        <CalendarPlus className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        No upcoming openings. Had a cancellation? Add an opening and it shows on the home page for clients
        looking for something soon.
      </p>
    );
  else
    content = (
      <ul className="space-y-3" aria-label="Your upcoming openings">
        {openings.map((opening) => {
          const when = formatOpeningRange(opening.start_time, opening.end_time, {
            timeZone: opening.time_zone,
          });
          const name = `${opening.service_type}, ${when}`;
          const isBusy = busyId === opening.id;
          const publicFrom = opening.is_active ? openingPublicFrom(opening.start_time, now) : null;
          return (
            <li key={opening.id}>
              <OpeningItem
                opening={opening}
                layout="row"
                dimmed={!opening.is_active}
                badge={
                  !opening.is_active ? (
                    <Badge variant="warning">{OPENING_TEXTS.inactive}</Badge>
                  ) : (
                    publicFrom && (
                      <Badge variant="info">
                        {OPENING_TEXTS.notPublicYet(
                          formatOpeningMoment(publicFrom, { timeZone: opening.time_zone }),
                        )}
                      </Badge>
                    )
                  )
                }
                actions={
                  <div className="-ml-2 flex flex-wrap gap-1 sm:ml-0 sm:flex-col sm:items-stretch">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2 aria-disabled:cursor-wait aria-disabled:opacity-60 sm:px-3"
                      aria-disabled={isBusy || undefined}
                      aria-label={`Edit ${name}`}
                      aria-haspopup="dialog"
                      onClick={() => !isBusy && setDialog({ open: true, opening })}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2 aria-disabled:cursor-wait aria-disabled:opacity-60 sm:px-3"
                      aria-disabled={isBusy || undefined}
                      aria-label={`${opening.is_active ? 'Deactivate' : 'Activate'} ${name}`}
                      onClick={() => !isBusy && handleToggle(opening)}
                    >
                      {isBusy && !toDelete ? (
                        <Spinner />
                      ) : opening.is_active ? (
                        <EyeOff className="h-4 w-4" aria-hidden="true" />
                      ) : (
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      )}
                      {opening.is_active ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2 aria-disabled:cursor-wait aria-disabled:opacity-60 sm:px-3"
                      aria-disabled={isBusy || undefined}
                      aria-label={`Delete ${name}`}
                      aria-haspopup="dialog"
                      onClick={() => !isBusy && setToDelete(opening)}
                    >
                      <Trash2 className="h-4 w-4 text-red-700 dark:text-red-300" aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                }
              />
            </li>
          );
        })}
      </ul>
    );

  return (
    <Card aria-labelledby={titleId}>
      <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between sm:px-6 sm:pt-6">
        <div className="space-y-1">
          <CardTitle id={titleId}>{OPENING_TEXTS.sectionTitle}</CardTitle>
          <CardDescription>
            Short-notice openings in the next few days. Active ones starting within{' '}
            {OPENING_LIMITS.windowDays} days show on the home page; clients who saved you get an email.
          </CardDescription>
        </div>
        <Button
          ref={addButton}
          className="shrink-0"
          disabled={isFull || query.isPending || !zone}
          aria-haspopup="dialog"
          onClick={() => setDialog({ open: true, opening: null })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Opening
        </Button>
      </div>
      <CardContent className="space-y-3">
        {zone && <TimeZonePicker zone={zone} />}
        {isFull && <p className="text-sm text-muted">{OPENING_TEXTS.tooMany}</p>}
        {content}
      </CardContent>

      {zone && dialogLoaded.current && (
        <Suspense fallback={null}>
          <OpeningDialog
            open={dialog.open}
            timeZone={zone}
            opening={dialog.opening}
            services={suggestions}
            onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
            onReload={reloadOpening}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this opening?"
        description={
          toDelete
            ? `'${toDelete.service_type}' on ${formatOpeningRange(toDelete.start_time, toDelete.end_time, { timeZone: toDelete.time_zone })} will be removed for good. To hide it for now, deactivate it instead.`
            : undefined
        }
        confirmLabel="Delete opening"
        isPending={remove.isPending}
        onConfirm={handleDelete}
      />
    </Card>
  );
}

function hasIssue(error: unknown, message: string): boolean {
  return error instanceof ApiError && error.issues.some((i) => i.message === message);
}
