import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  REDUCED_ONLY_TEXTS,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
  type SavedSearchForm,
  SavedSearchFormSchema,
} from '#domain/saved-searches.ts';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { FormActions } from '#web/components/ui/FormActions.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSaveSearch } from '../api/save-search';
import { toSearchBody } from '../search-body';
import type { SearchState } from '../url-state';

const toast = toastFor('saved-search');

/** A name to start from: 'balayage near 78704', cut to the limit. */
export function defaultSearchName(state: SearchState): string {
  const name = [state.query.trim(), state.zip ? `near ${state.zip}` : ''].filter(Boolean).join(' ');
  return (name || 'My search').slice(0, SAVED_SEARCH_LIMITS.nameMax);
}

/**
 * 'Save this search': a name, the alert switch and 'only openings at a reduced price'; the search is
 * the page's. Loaded on first use.
 */
export function SaveSearchDialog({
  state,
  open,
  onOpenChange,
}: {
  state: SearchState;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={SAVED_SEARCH_TEXTS.saveTitle} className="max-w-md">
      {open && <SaveSearchForm state={state} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SaveSearchForm({ state, onDone }: { state: SearchState; onDone: () => void }) {
  const save = useSaveSearch();
  const form = useForm<SavedSearchForm>({
    resolver: zodResolver(SavedSearchFormSchema),
    defaultValues: { name: defaultSearchName(state), alert: true, reduced_only: false },
  });
  const { errors, isSubmitting } = form.formState;

  const handleValid = async (fields: SavedSearchForm) => {
    try {
      const reply = await save.mutateAsync({ ...fields, search: toSearchBody(state) });
      toast.success(reply.message);
      onDone();
    } catch (error) {
      if (applyServerIssues(error, ['name'], form.setError)) return;
      toast.error(
        error instanceof ApiError && error.status !== 0 ? error.message : SAVED_SEARCH_TEXTS.saveFailed,
      );
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-4">
      <Field label={SAVED_SEARCH_TEXTS.nameLabel} error={errors.name?.message} required>
        <Input {...form.register('name')} maxLength={SAVED_SEARCH_LIMITS.nameMax} autoComplete="off" />
      </Field>
      <label className="flex items-center gap-2 text-sm text-app">
        <input type="checkbox" {...form.register('alert')} className="h-4 w-4 accent-brand-700" />
        {SAVED_SEARCH_TEXTS.alertLabel}
      </label>
      <label className="flex items-center gap-2 text-sm text-app">
        <input type="checkbox" {...form.register('reduced_only')} className="h-4 w-4 accent-brand-700" />
        {REDUCED_ONLY_TEXTS.label}
      </label>
      <FormActions submitLabel="Save search" isSubmitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}
