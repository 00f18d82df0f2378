import { cn } from '../../../lib/cn';

/** A toggle chip (a button with aria-pressed) in the filter popovers. */
export function chipClass(isSelected: boolean, className?: string, isCompact = false): string {
  return cn(
    isCompact ? 'min-h-8 px-2' : 'min-h-9 px-3',
    'inline-flex cursor-pointer items-center justify-center gap-1 rounded-full border py-1 text-sm font-medium transition-colors',
    isSelected
      ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-600'
      : 'border-app bg-transparent text-app hover:bg-muted',
    className,
  );
}
