import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Bookmark, Pencil, Play, RotateCw, Trash2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { VersionedSavedSearch as SavedSearch } from '#domain/saved-search-versions.ts';
import {
  alertSwitchLabel,
  REDUCED_ONLY_TEXTS,
  type RenameSavedSearchBody,
  RenameSavedSearchBodySchema,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
} from '#domain/saved-searches.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button, buttonVariants } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { deleteSavedSearchHistory, isStaleVersion, useChangeSavedSearch } from '../api/change-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useSavedSearchDailyCap } from '../api/saved-search-settings';
import { savedSearchPath, savedSearchSummary } from '../saved-search-url';

const toast = toastFor('saved-search');

const failed = (error: unknown, fallback: string) =>
  toast.error('Error', {
    description: error instanceof ApiError && error.status !== 0 ? error.message : fallback,
  });

/**
 * The account page's saved searches: run one (the home page with its filters), rename,
 * delete, and an alert switch each; and how many alert emails a day at most. Loaded lazily by the
 * account route, which is at its size ceiling.
 */
export function SavedSearchesSection({ userId }: { userId: string }) {
  const query = useSavedSearches(userId);
  const change = useChangeSavedSearch(userId);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const items = query.data ?? [];

  /**
   * The saved search changed in another tab or device since this list was loaded (a 412): nothing
   * was changed, and Reload fetches the list again (docs/product.md 'Saved searches').
   */
  const toastChangedElsewhere = () =>
    toast.error(VERSION_TEXTS.savedSearchChanged, {
      description: VERSION_TEXTS.reloadHint,
      action: { label: VERSION_TEXTS.reload, onClick: () => void query.refetch() },
      duration: 15_000,
    });

  /**
   * The list fetched again, for the rename dialog that met a 412: the search as it is now (the
   * dialog then renames that version), null when it is gone, undefined when the list failed.
   */
  const reloadSearch = async (id: string): Promise<SavedSearch | null | undefined> => {
    const result = await query.refetch();
    if (result.isError || !result.data) return undefined;
    const fresh = result.data.find((s) => s.id === id) ?? null;
    if (fresh) setRenaming((current) => (current?.id === id ? fresh : current));
    return fresh;
  };

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading saved searches..." />;
  else if (query.isError)
    content = (
      <LoadFailed
        message={SAVED_SEARCH_TEXTS.loadFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (items.length === 0)
    content = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Bookmark className="h-4 w-4" aria-hidden="true" />
        {SAVED_SEARCH_TEXTS.empty}
      </p>
    );
  else
    content = (
      <ul className="space-y-3">
        {items.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-app p-3">
            <span className="min-w-0 flex-1">
              <span className="block font-medium break-words text-app">{s.name}</span>
              <span className="block text-sm break-words text-muted">
                {[savedSearchSummary(s.search), s.search.reducedOnly ? REDUCED_ONLY_TEXTS.tag : '']
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <AlertSwitch
              search={s}
              isPending={change.alert.isPending && change.alert.variables?.id === s.id}
              onChange={(alert) =>
                change.alert.mutate(
                  { id: s.id, alert, version: s.version },
                  {
                    onSuccess: (reply) => toast.success(reply.message),
                    onError: (e) =>
                      isStaleVersion(e)
                        ? toastChangedElsewhere()
                        : failed(e, 'Failed to update alert settings'),
                  },
                )
              }
            />
            <div className="flex gap-2">
              <Link
                to={savedSearchPath(s.search)}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                aria-label={`Run “${s.name}”`}
              >
                <Play className="h-4 w-4" aria-hidden="true" />
                Run
              </Link>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRenaming(s)}
                aria-label={`Rename “${s.name}”`}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Rename
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setDeleting(s)}
                aria-label={`Delete “${s.name}”`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <Card aria-labelledby="saved-searches-title">
      <CardHeader>
        <CardTitle id="saved-searches-title">{SAVED_SEARCH_TEXTS.sectionTitle}</CardTitle>
        <CardDescription>
          {items.length > 0
            ? `${items.length} of ${SAVED_SEARCH_LIMITS.perAccount} saved.`
            : 'Searches you save appear here.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <DailyCap userId={userId} />
        {content}
        <DeleteHistory />
      </CardContent>
      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => !open && setRenaming(null)}
        title="Rename saved search"
        className="max-w-md"
      >
        {renaming && (
          <RenameForm
            search={renaming}
            onSubmit={(name) =>
              change.rename.mutateAsync({ id: renaming.id, name, version: renaming.version })
            }
            onDone={() => setRenaming(null)}
            onReload={reloadSearch}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete saved search?"
        description={deleting ? `“${deleting.name}” and its alerts will be deleted.` : undefined}
        confirmLabel="Delete"
        isPending={change.remove.isPending}
        onConfirm={() =>
          deleting &&
          change.remove.mutate(
            { id: deleting.id, version: deleting.version },
            {
              onSuccess: (reply) => {
                toast.success(reply.message);
                setDeleting(null);
              },
              onError: (e) => {
                if (!isStaleVersion(e)) return failed(e, 'Failed to delete saved search');
                // Not deleted: the person sees what changed before deciding again (the toast is
                // reachable once the confirm, a modal, has closed).
                setDeleting(null);
                toastChangedElsewhere();
              },
            },
          )
        }
      />
    </Card>
  );
}

function AlertSwitch({
  search,
  isPending,
  onChange,
}: {
  search: SavedSearch;
  isPending: boolean;
  onChange: (alert: boolean) => void;
}) {
  return (
    <Switch.Root
      aria-label={alertSwitchLabel(search.name)}
      checked={search.alert}
      disabled={isPending}
      onCheckedChange={onChange}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        search.alert ? 'bg-brand-700 dark:bg-brand-500' : 'bg-zinc-400 dark:bg-zinc-600',
      )}
    >
      <Switch.Thumb
        className={cn(
          'block h-5 w-5 rounded-full bg-white shadow transition-transform',
          search.alert ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </Switch.Root>
  );
}

function RenameForm({
  search,
  onSubmit,
  onDone,
  onReload,
}: {
  search: SavedSearch;
  onSubmit: (name: string) => Promise<{ message: string }>;
  onDone: () => void;
  /** After a 412: the list fetched again, and the search as it is now (null: gone; undefined: failed). */
  onReload: (id: string) => Promise<SavedSearch | null | undefined>;
}) {
  const form = useForm<RenameSavedSearchBody>({
    resolver: zodResolver(RenameSavedSearchBodySchema),
    defaultValues: { name: search.name },
  });
  const { errors, isSubmitting } = form.formState;
  // A rename refused because the search changed elsewhere (412) is said here, by the buttons: a
  // toast's Reload could not be reached from inside this dialog.
  const [stale, setStale] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const reloadedNote = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reloaded) reloadedNote.current?.focus();
  }, [reloaded]);

  const handleValid = async ({ name }: RenameSavedSearchBody) => {
    setStale(null);
    setReloaded(false);
    try {
      toast.success((await onSubmit(name)).message);
      onDone();
    } catch (error) {
      if (isStaleVersion(error)) return setStale(VERSION_TEXTS.savedSearchChanged);
      if (applyServerIssues(error, ['name'], form.setError)) return;
      failed(error, 'Failed to rename saved search');
    }
  };

  /** Reload: the latest version, the name typed kept (the next rename is made over that version). */
  const handleReload = async () => {
    if (isReloading) return;
    setIsReloading(true);
    const fresh = await onReload(search.id).catch(() => undefined);
    setIsReloading(false);
    if (fresh === undefined) return setStale(SAVED_SEARCH_TEXTS.loadFailed);
    if (fresh === null) return setStale(VERSION_TEXTS.savedSearchGone);
    form.reset({ name: fresh.name }, { keepDirtyValues: true });
    setStale(null);
    setReloaded(true);
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-4">
      <Field label={SAVED_SEARCH_TEXTS.nameLabel} error={errors.name?.message} required>
        <Input {...form.register('name')} maxLength={SAVED_SEARCH_LIMITS.nameMax} autoComplete="off" />
      </Field>
      {stale && (
        <Alert title={stale}>
          {stale !== VERSION_TEXTS.savedSearchGone && (
            <>
              <p>{VERSION_TEXTS.reloadHint}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2 aria-disabled:cursor-wait aria-disabled:opacity-60"
                aria-disabled={isReloading || undefined}
                onClick={() => void handleReload()}
              >
                <RotateCw className="h-4 w-4" aria-hidden="true" />
                {VERSION_TEXTS.reload}
              </Button>
            </>
          )}
        </Alert>
      )}
      {reloaded && (
        <div ref={reloadedNote} tabIndex={-1} className="rounded-lg outline-none focus-visible:ring-2">
          <Alert tone="info">
            <p>{VERSION_TEXTS.reloadedKeepingEdits}</p>
          </Alert>
        </div>
      )}
      <FormActions submitLabel="Rename" isSubmitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}

/** Deletes the record of the alerts sent; the saved searches stay. */
function DeleteHistory() {
  const remove = useMutation({ mutationFn: deleteSavedSearchHistory });
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-app pt-4 text-sm text-muted">
      <p className="flex-1">Alerts sent are remembered for 30 days, so that no opening is announced twice.</p>
      <Button
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(undefined, {
            onSuccess: (reply) => toast.success(reply.message),
            onError: (error) => failed(error, 'Failed to delete the alert history'),
          })
        }
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {SAVED_SEARCH_TEXTS.deleteHistory}
      </Button>
    </div>
  );
}

const CAPS = Array.from(
  { length: SAVED_SEARCH_LIMITS.dailyCapMax - SAVED_SEARCH_LIMITS.dailyCapMin + 1 },
  (_, i) => SAVED_SEARCH_LIMITS.dailyCapMin + i,
);

function DailyCap({ userId }: { userId: string }) {
  const id = useId();
  const { query, change } = useSavedSearchDailyCap(userId);
  const value = change.isPending ? change.variables : query.data;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-app">
        Saved-search alert emails a day, at most
      </label>
      <Select
        id={id}
        className="h-9 w-20"
        value={value ?? SAVED_SEARCH_LIMITS.dailyCapDefault}
        disabled={query.isPending || query.isError || change.isPending}
        onChange={(e) =>
          change.mutate(Number(e.target.value), {
            onSuccess: () => toast.success('Alert settings saved'),
            onError: (error) => failed(error, 'Failed to update alert settings'),
          })
        }
      >
        {CAPS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
    </div>
  );
}
