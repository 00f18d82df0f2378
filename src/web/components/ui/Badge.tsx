import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * Small rounded labels for meta data: a card's specialties, 'New', counts and states. `truncate`
 * is for list items that must stay on one line (a long specialty ends in '…' inside its card).
 */
export const badgeVariants = cva('rounded-full px-2.5 py-0.5 text-xs font-medium', {
  variants: {
    variant: {
      brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
      neutral: 'border border-app bg-muted text-app',
      muted: 'bg-muted text-app',
      success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
      info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
      warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
    },
    shape: {
      inline: 'inline-flex items-center gap-1',
      truncate: 'block max-w-full truncate',
    },
  },
  defaultVariants: { variant: 'neutral', shape: 'inline' },
});

export function Badge({
  className,
  variant,
  shape,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant, shape }), className)} {...props} />;
}
