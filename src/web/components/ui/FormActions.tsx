import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

/**
 * A dialog form's footer: Cancel and the submit button, which shows a spinner (in place of its
 * icon) while the form is sent. Stacked on a phone, submit on top; in a row on wider screens.
 */
export function FormActions({
  submitLabel,
  isSubmitting,
  onCancel,
  icon,
}: {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" disabled={isSubmitting} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : icon}
        {submitLabel}
      </Button>
    </div>
  );
}
