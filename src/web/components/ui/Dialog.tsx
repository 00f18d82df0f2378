import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '#web/lib/cn.ts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** False for a dialog that must be answered (the beta gate): no close button, Escape or outside click. */
  dismissible?: boolean;
}

/** A modal with focus trap, Escape to close and a labelled title (Radix Dialog). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  dismissible = true,
}: DialogProps) {
  // Dialogs here open from stores and links, not from a Radix Trigger, so remember what had focus
  // and give it back on close (keyboard users land where they were).
  // Read during render: by the time effects run, Radix has already moved focus into the dialog.
  const returnFocus = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    returnFocus.current = document.activeElement as HTMLElement | null;
  }
  useEffect(() => {
    wasOpen.current = open;
  }, [open]);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <D.Content
          className={cn(
            'fixed left-1/2 top-3 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 overflow-y-auto sm:top-[8dvh] sm:max-h-[84dvh] rounded-2xl border border-app bg-card p-6 text-app shadow-2xl',
            // A width from the caller replaces the default (cn does not merge Tailwind classes).
            /(^|\s)max-w-/.test(className ?? '') ? className : ['max-w-md', className],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(dismissible
            ? {}
            : {
                onEscapeKeyDown: (event: Event) => event.preventDefault(),
                onPointerDownOutside: (event: Event) => event.preventDefault(),
                onInteractOutside: (event: Event) => event.preventDefault(),
              })}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            returnFocus.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <D.Title className="pr-8 text-xl font-bold">{title}</D.Title>
          {description && <D.Description className="mt-1 text-sm text-muted">{description}</D.Description>}
          <div className="mt-4">{children}</div>
          {dismissible && (
            <D.Close
              className="absolute right-4 top-4 rounded-md p-1 text-muted hover:bg-muted hover:text-app"
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </D.Close>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
