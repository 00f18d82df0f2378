import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type AccountProfile, ClientAccountFormSchema } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useUpdateProfile } from '../../api/update-profile';
import { AccountCard } from './AccountCard';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const toast = toastFor('client-account');

type Values = z.input<typeof ClientAccountFormSchema>;

/** A client edits only the name (docs/product.md §2 'Account card', 'a Save button for clients only'). */
export function ClientAccountForm({ profile, avatar }: { profile: AccountProfile; avatar: ReactNode }) {
  const form = useForm<Values, unknown, z.output<typeof ClientAccountFormSchema>>({
    resolver: zodResolver(ClientAccountFormSchema),
    mode: 'onTouched',
    defaultValues: { name: profile.name },
  });
  const update = useUpdateProfile();

  const handleSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (reply) => {
        form.reset({ name: reply.profile.name });
        toast.success('Success', { description: 'Account information updated successfully' });
      },
      onError: (error) => {
        applyServerIssues(error, ['name'], form.setError);
        toast.error('Error', { description: 'Failed to update account information' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={handleSubmit}>
      <UnsavedChangesDialog isDirty={form.formState.isDirty} />
      <AccountCard
        email={profile.email}
        avatar={avatar}
        nameField={
          <Field label="Full Name" error={form.formState.errors.name?.message} required>
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
