import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { useUnsavedChanges } from '#web/lib/use-unsaved-changes.ts';

/**
 * Guards a form's unsaved edits: the browser asks on close or reload, this dialog
 * on a link or Back. 'Stay' comes first, so it has the focus, and Escape or a click outside stays too.
 */
export function UnsavedChangesDialog({ isDirty }: { isDirty: boolean }) {
  const guard = useUnsavedChanges(isDirty);
  return (
    <ConfirmDialog
      open={guard.isAsking}
      onOpenChange={(open) => !open && guard.stay()}
      title="Leave without saving?"
      description="You have unsaved changes on this page. If you leave now, they will be lost."
      cancelLabel="Stay on this page"
      confirmLabel="Leave"
      onConfirm={guard.leave}
    />
  );
}
