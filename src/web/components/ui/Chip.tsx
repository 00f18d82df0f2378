import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * Chips: rounded labels (a profile's specialties and amenities) and toggle chips (the search
 * filters' buttons with aria-pressed). Larger than the shared Badge, which is sized for meta data;
 * same colours.
 */
const CHIP_BASE = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium break-words';

export const CHIP_TONES = {
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
  neutral: 'border border-app bg-muted text-app',
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
} as const;

export type ChipTone = keyof typeof CHIP_TONES;

/** The classes of a label chip, for elements other than a span (a list item with a remove button). */
export function chipClass(tone: ChipTone = 'brand', className?: string): string {
  return cn(CHIP_BASE, CHIP_TONES[tone], className);
}

/** A label chip. */
export function Chip({ tone = 'brand', className, ...props }: ComponentProps<'span'> & { tone?: ChipTone }) {
  return <span className={chipClass(tone, className)} {...props} />;
}

/** The classes of a toggle chip (a button with aria-pressed); compact in the availability popover. */
export function toggleChipClass(isSelected: boolean, className?: string, isCompact = false): string {
  return cn(
    isCompact ? 'min-h-8 px-2' : 'min-h-9 px-3',
    'inline-flex cursor-pointer items-center justify-center gap-1 rounded-full border py-1 text-sm font-medium transition-colors',
    isSelected
      ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-600'
      : 'border-app bg-transparent text-app hover:bg-muted',
    className,
  );
}
