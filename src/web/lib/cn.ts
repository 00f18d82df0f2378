import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge with only the class groups our components override, so a later class wins over
 * an earlier one of the same kind (`cn('px-3', 'px-2')` → `px-2`). The library's default config
 * knows every Tailwind utility and cost the home page 8 KB gzipped; this one costs about 2 KB.
 * A group missing here is not merged (both classes stay, and the stylesheet's order decides), so
 * add a group before overriding a class of a new kind; cn.unit.test.ts lists what merges.
 */
const any = () => true;
const isSize = (value: string) => /^(xs|sm|base|lg|xl|\d+xl)$/.test(value);
const isBorderWidth = (value: string) => /^\d+$/.test(value);
const isColor = (value: string) => !isSize(value) && !isBorderWidth(value);

const twMerge = createTailwindMerge(() => ({
  cacheSize: 200,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'grid',
      'inline-grid',
      'hidden',
      'contents',
    ],
    p: [{ p: [any] }],
    px: [{ px: [any] }],
    py: [{ py: [any] }],
    pl: [{ pl: [any] }],
    pr: [{ pr: [any] }],
    gap: [{ gap: [any] }],
    'min-h': [{ 'min-h': [any] }],
    h: [{ h: [any] }],
    w: [{ w: [any] }],
    'max-w': [{ 'max-w': [any] }],
    rounded: [{ rounded: ['', any] }],
    'font-size': [{ text: [isSize] }],
    'text-color': [{ text: [isColor] }],
    'font-weight': [{ font: ['normal', 'medium', 'semibold', 'bold'] }],
    'bg-color': [{ bg: [any] }],
    'border-w': [{ border: ['', isBorderWidth] }],
    'border-color': [{ border: [isColor] }],
    'justify-content': [{ justify: ['start', 'end', 'center', 'between'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
  },
  conflictingClassGroups: {
    p: ['px', 'py', 'pl', 'pr'],
    px: ['pl', 'pr'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

/** Joins class names; of two classes of the same kind (a group above) the later one wins. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
