import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const fieldClass =
  'w-full rounded-lg border border-app bg-card px-3 py-2 text-sm text-app placeholder:text-[color:var(--fg-muted)] focus-visible:outline-2 focus-visible:outline-[color:var(--ring)] aria-[invalid=true]:border-red-500 disabled:opacity-60 read-only:bg-muted';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  // The default type written out (a caller's own type replaces it), as html-validate's rules ask.
  return <input type="text" className={cn(fieldClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, className)} {...props} />;
}
