/**
 * Chips on the public page: larger than the shared Badge (which is sized for meta data), same colours.
 * Kept here because the shared `cn` does not merge classes, so a size override on Badge would not win.
 */
export const CHIP = 'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium break-words';

export const CHIP_COLOURS = {
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
  neutral: 'border border-app bg-muted text-app',
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
} as const;
