import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone (deleting a package or an image). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  isPending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isPending && onOpenChange(next)}
      title={title}
      description={description}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant="danger" disabled={isPending} onClick={onConfirm}>
          {isPending && <Spinner />}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
