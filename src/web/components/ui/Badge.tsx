import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium',
  {
    variants: {
      variant: {
        brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
        neutral: 'border border-app bg-muted text-app',
        success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
        info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
        warning: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
