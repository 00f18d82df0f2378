import type { UseMutationResult } from '@tanstack/react-query';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { HONEYPOT_FIELD } from '#domain/forms-options.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.tsx';
import type { FormReply } from './api/send-feedback';

interface ContactFormOptions<T extends FieldValues, B> {
  resolver: Resolver<T, unknown, T>;
  /** The empty form; a function, since the support dialog fills in who is signed in. */
  blank: () => T;
  mode: 'onSubmit' | 'onTouched';
  /** The fields a 400's issues may land on. */
  fields: readonly string[];
  mutation: UseMutationResult<FormReply, Error, B>;
  /** The request body from the form's values (with the honeypot). */
  toBody: (values: T) => B;
  /** Sent: `reset` empties the form. */
  onSent: (reset: () => void) => void;
  /** The toast of a failure: its title, and its text when the server gives none. */
  failure: {
    title: string;
    fallback: string;
    /** A 400 says which field is wrong: show its first issue rather than the summary. */
    showFirstIssue?: boolean;
  };
  /** The browser-side check failed (the support dialog explains missing required fields). */
  onInvalid?: (errors: FieldErrors<T>, values: T) => void;
}

/** The failure's description: the server's message (a rate limit, a refused field) or the fallback. */
function failureText(error: unknown, failure: ContactFormOptions<FieldValues, unknown>['failure']): string {
  if (!(error instanceof ApiError)) return failure.fallback;
  if (failure.showFirstIssue && error.code === 'VALIDATION_ERROR')
    return error.issues[0]?.message ?? error.message;
  return error.message || failure.fallback;
}

/**
 * The state of a public contact form (feedback, investor inquiry, support request): the form, its
 * honeypot, sending, and a failure mapped onto the fields and a toast.
 */
export function useContactForm<T extends FieldValues, B>(options: ContactFormOptions<T, B>) {
  const { blank, mutation } = options;
  const form = useForm<T, unknown, T>({
    resolver: options.resolver,
    mode: options.mode,
    defaultValues: blank() as DefaultValues<T>,
  });
  const reset = () => form.reset(blank());

  const handleSubmit = form.handleSubmit(
    (values) =>
      mutation.mutate(options.toBody(values), {
        onSuccess: () => options.onSent(reset),
        onError: (error) => {
          applyServerIssues(error, options.fields, form.setError);
          toast.error(options.failure.title, { description: failureText(error, options.failure) });
        },
      }),
    options.onInvalid && ((errors) => options.onInvalid?.(errors, form.getValues())),
  );

  return {
    form,
    errors: form.formState.errors,
    isPending: mutation.isPending,
    handleSubmit,
    reset,
    /** Spread on <Honeypot />. */
    honeypot: form.register(HONEYPOT_FIELD as Path<T>),
  };
}
