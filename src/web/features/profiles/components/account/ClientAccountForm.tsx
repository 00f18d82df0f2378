import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ClientAccountFormSchema } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import type { VersionedAccountProfile } from '../../api/get-account-profile';
import { ProfileConflictError, useUpdateProfile } from '../../api/update-profile';
import { AccountCard } from './AccountCard';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const toast = toastFor('client-account');

// Shown only after a save is refused because the profile changed elsewhere: a chunk of its own.
const ProfileConflictDialog = lazy(() =>
  import('./ProfileConflictDialog').then((m) => ({ default: m.ProfileConflictDialog })),
);

const NAME_LABEL = 'Full Name';

type Values = z.input<typeof ClientAccountFormSchema>;

/** A client edits only the name (docs/product.md §2 'Account card', 'a Save button for clients only'). */
export function ClientAccountForm({
  profile,
  avatar,
}: {
  profile: VersionedAccountProfile;
  avatar: ReactNode;
}) {
  const form = useForm<Values, unknown, z.output<typeof ClientAccountFormSchema>>({
    resolver: zodResolver(ClientAccountFormSchema),
    mode: 'onTouched',
    defaultValues: { name: profile.name },
  });
  const update = useUpdateProfile();
  // The version the name was loaded from, sent as If-Match (see ProviderProfileForm).
  const [base, setBase] = useState<VersionedAccountProfile>(profile);
  const [conflict, setConflict] = useState<{ theirs: VersionedAccountProfile; mine: Values } | null>(null);

  const save = (values: Values, from: VersionedAccountProfile) =>
    update.mutate(
      { body: values, base: from, isUnseenChangeFree: (latest) => latest.name === from.name },
      {
        onSuccess: (reply) => {
          setBase(reply.profile);
          setConflict(null);
          form.reset({ name: reply.profile.name });
          toast.success('Success', { description: 'Account information updated successfully' });
        },
        onError: (error) => {
          if (error instanceof ProfileConflictError) {
            setConflict({ theirs: error.theirs, mine: values });
            return;
          }
          applyServerIssues(error, ['name'], form.setError);
          toast.error('Error', { description: 'Failed to update account information' });
        },
      },
    );

  const handleSubmit = form.handleSubmit((values) => save(values, base));

  /** Takes `latest` into the page, dropping the edit. */
  const adopt = (latest: VersionedAccountProfile) => {
    setBase(latest);
    form.reset({ name: latest.name });
    setConflict(null);
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <UnsavedChangesDialog isDirty={form.formState.isDirty} />
      {conflict && (
        <Suspense fallback={null}>
          <ProfileConflictDialog
            conflict={conflict}
            nameLabel={NAME_LABEL}
            isBusy={update.isPending}
            onKeepMine={() => save(conflict.mine, conflict.theirs)}
            onTakeLatest={adopt}
            onClose={() => setConflict(null)}
          />
        </Suspense>
      )}
      <AccountCard
        email={profile.email}
        avatar={avatar}
        nameField={
          <Field label={NAME_LABEL} error={form.formState.errors.name?.message} required>
            <Input autoComplete="name" {...form.register('name')} />
          </Field>
        }
        footer={
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
              {update.isPending && <Spinner />}
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        }
      />
    </form>
  );
}
