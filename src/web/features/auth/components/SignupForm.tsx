import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SignupFormSchema, type SignupForm as SignupValues, signupBodyFromForm } from '#domain/auth.ts';
import { AMENITIES, INCLUSIVITY_OPTIONS, SERVICE_CATEGORIES } from '#domain/options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { closeAuthDialog, setAuthMode } from '#web/lib/auth-dialog-store.ts';
import { cn } from '#web/lib/cn.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { signup } from '../api/signup';
import { ChipGroup } from './ChipGroup';
import { ModeLink } from './ModeLink';
import { signupErrorText } from './messages';

const categoryOptions = SERVICE_CATEGORIES.map((c) => ({ value: c.id, label: c.label }));
const amenityOptions = AMENITIES.filter((a) => !(INCLUSIVITY_OPTIONS as readonly string[]).includes(a)).map(
  (a) => ({
    value: a,
    label: a,
  }),
);
const inclusivityOptions = INCLUSIVITY_OPTIONS.map((a) => ({ value: a, label: a }));

const defaults: SignupValues = {
  email: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false,
  user_type: 'client',
  name: '',
  bio: '',
  location: '',
  booking_link: '',
  selected_categories: [],
  selected_amenities: [],
  selected_inclusivity: [],
};

export function SignupForm() {
  const form = useForm<SignupValues>({
    resolver: zodResolver(SignupFormSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { errors, isValid } = form.formState;
  const userType = form.watch('user_type');
  const isProvider = userType === 'provider';
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: SignupValues) => signup(signupBodyFromForm(values)),
    onSuccess: (_reply, values) => setAuthMode('signupSuccess', values.email),
    onError: (error) => {
      // A password the server refuses (e.g. a common one, a list too big to ship) shows on its field;
      // anything else by the button. Said in the form: a toast would cover the dialog's title.
      if (!applyServerIssues(error, ['email', 'password'], form.setError)) setFailure(signupErrorText(error));
    },
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        mutation.mutate(values);
      })}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-app">I am a:</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="I am a">
          {(['client', 'provider'] as const).map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[color:var(--ring)]',
                userType === type
                  ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-600'
                  : 'border-app text-app',
              )}
            >
              <input type="radio" value={type} className="sr-only" {...form.register('user_type')} />
              {type === 'client' ? 'Client' : 'Provider'}
            </label>
          ))}
        </div>
      </fieldset>

      {isProvider ? (
        <Field label="Business/Professional Name" error={errors.name?.message} required>
          <Input autoComplete="organization" {...form.register('name', { deps: ['user_type'] })} />
        </Field>
      ) : (
        <Field label="Full Name" error={errors.name?.message} hint="Optional">
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
      )}
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} required hint="At least 6 characters">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message} required>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>

      {isProvider && (
        <>
          <Field
            label="Location"
            error={errors.location?.message}
            required
            hint="City, state and zip, e.g. Austin, TX 78701"
          >
            <Input autoComplete="address-level2" {...form.register('location')} />
          </Field>
          <Field label="Bio" error={errors.bio?.message}>
            <Textarea rows={3} {...form.register('bio')} />
          </Field>
          <Field
            label="Booking Link"
            error={errors.booking_link?.message}
            hint="Optional: where clients book you"
          >
            <Input type="url" inputMode="url" placeholder="https://" {...form.register('booking_link')} />
          </Field>
          <Controller
            control={form.control}
            name="selected_categories"
            render={({ field }) => (
              <ChipGroup
                legend="Service categories"
                options={categoryOptions}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="selected_inclusivity"
            render={({ field }) => (
              <ChipGroup
                legend="Inclusivity"
                options={inclusivityOptions}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="selected_amenities"
            render={({ field }) => (
              <ChipGroup
                legend="Amenities"
                options={amenityOptions}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </>
      )}

      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm text-app">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-700"
            {...form.register('agreeToTerms')}
          />
          <span>
            I agree to the{' '}
            <Link
              to="/terms"
              onClick={closeAuthDialog}
              className="text-brand-700 underline dark:text-brand-300"
            >
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link
              to="/privacy"
              onClick={closeAuthDialog}
              className="text-brand-700 underline dark:text-brand-300"
            >
              Privacy Policy
            </Link>
          </span>
        </label>
        {errors.agreeToTerms && (
          <p className="text-sm text-red-700 dark:text-red-300">{errors.agreeToTerms.message}</p>
        )}
      </div>

      {!isValid && (
        <p className="text-xs text-muted">
          Please ensure all required fields are filled, passwords match, and your email is valid.
        </p>
      )}
      {failure && (
        <Alert title="Signup Failed">
          <p>{failure}</p>
        </Alert>
      )}
      <Button type="submit" className="w-full" disabled={!isValid || mutation.isPending}>
        {mutation.isPending ? <Spinner label="Creating account..." /> : 'Create account'}
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account? <ModeLink onClick={() => setAuthMode('login')}>Log in</ModeLink>
      </p>
    </form>
  );
}
