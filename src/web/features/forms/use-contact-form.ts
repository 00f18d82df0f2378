import type { UseMutationResult } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useState } from 'react';
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
import { type ToastAction, toastFor } from '#web/lib/toast.tsx';
import type { FormReply } from './api/send-feedback';

/** A failure the form explains: a title and its text. */
export interface ContactFormFailure {
  title: string;
  description: string;
}

interface ContactFormOptions<T extends FieldValues, B> {
  /** The id of the form's toasts: a later outcome replaces the earlier toast. */
  action: ToastAction;
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
  /** A failure: its title, and its text when the server gives none. */
  failure: {
    title: string;
    fallback: string;
    /** A 400 says which field is wrong: show its first issue rather than the summary. */
    showFirstIssue?: boolean;
    /**
     * Said in the form (`failure`, for an alert there) rather than in a toast: a dialog's form, whose
     * title a toast would cover.
     */
    inline?: boolean;
  };
  /** The browser-side check failed: what to say beyond the fields' own messages, if anything. */
  onInvalid?: (errors: FieldErrors<T>, values: T) => ContactFormFailure | undefined;
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
 * honeypot, sending, and a failure mapped onto the fields, or else said once: in the form (`failure`)
 * or in the form's toast.
 */
export function useContactForm<T extends FieldValues, B>(options: ContactFormOptions<T, B>) {
  const { blank, mutation } = options;
  const form = useForm<T, unknown, T>({
    resolver: options.resolver,
    mode: options.mode,
    defaultValues: blank() as DefaultValues<T>,
  });
  const reset = () => form.reset(blank());
  const [failure, setFailure] = useState<ContactFormFailure | null>(null);
  const toast = toastFor(options.action);
  const fail = (text: ContactFormFailure) => {
    if (options.failure.inline) setFailure(text);
    else toast.error(text.title, { description: text.description });
  };

  const submit = form.handleSubmit(
    (values) =>
      mutation.mutate(options.toBody(values), {
        onSuccess: () => options.onSent(reset),
        onError: (error) => {
          // The fields say what is wrong: not again in a toast.
          if (applyServerIssues(error, options.fields, form.setError)) return;
          fail({ title: options.failure.title, description: failureText(error, options.failure) });
        },
      }),
    (errors) => {
      const text = options.onInvalid?.(errors, form.getValues());
      if (text) fail(text);
    },
  );
  const handleSubmit = (event?: BaseSyntheticEvent) => {
    setFailure(null);
    return submit(event);
  };

  return {
    form,
    errors: form.formState.errors,
    isPending: mutation.isPending,
    handleSubmit,
    reset,
    /** The failure to show in the form (with `failure.inline`), until the next submit. */
    failure,
    /** Spread on <Honeypot />. */
    honeypot: form.register(HONEYPOT_FIELD as Path<T>),
  };
}
