import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { LIMITS } from '#domain/options.ts';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { ConfirmWithPasskey } from './ConfirmWithPasskey';

interface CurrentPasswordProps {
  userId: string;
  /** The session was proven by a passkey or an emailed link minutes ago (GET /api/account/identity). */
  fresh: boolean;
  /** What the form says instead of the field while the proof is fresh. */
  freshNote: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'current_password'>;
}

/**
 * The proof a sensitive step asks (the password change, the email change, the deletion): the
 * 'Current password' field with 'Confirm with a passkey instead' under it, or, right after a passkey
 * or an emailed link, a note that it is not needed.
 */
export function CurrentPassword({
  userId,
  fresh,
  freshNote,
  label,
  error,
  registration,
}: CurrentPasswordProps) {
  if (fresh) return <p className="text-sm text-muted">{freshNote}</p>;
  return (
    <>
      <Field label={label} error={error} required>
        <Input
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          {...registration}
        />
      </Field>
      <ConfirmWithPasskey userId={userId} />
    </>
  );
}

/**
 * Before sending: without a fresh proof the current password is needed. Puts the error on the field
 * (and focuses it) and answers true when it is missing.
 */
export function missingCurrentPassword<T extends FieldValues & { current_password?: string | undefined }>(
  fresh: boolean,
  currentPassword: string | undefined,
  setError: UseFormSetError<T>,
): boolean {
  if (fresh || currentPassword) return false;
  setError(
    'current_password' as Path<T>,
    { message: SECURITY_TEXTS.currentPasswordRequired },
    { shouldFocus: true },
  );
  return true;
}
