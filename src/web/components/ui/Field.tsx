import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/cn.ts';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  className?: string;
  /**
   * A counter under the control that also describes it (a long text box's CharacterCounter), given
   * the id to carry. A slot rather than a prop, so the fields without one do not load it.
   */
  counter?: ((id: string) => ReactNode) | undefined;
  children: ReactElement<Record<string, unknown>>;
}

/** A label, one control and its error message, wired together for screen readers. */
export function Field({ label, error, hint, required, className, counter, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null, counter ? countId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-app">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-brand-700 dark:text-brand-300">
            *
          </span>
        )}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {counter?.(countId)}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
