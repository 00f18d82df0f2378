import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('joins classes and drops falsy ones', () => {
    expect(cn('a', false, null, undefined, 'b', { c: true, d: false })).toBe('a b c');
  });

  it.each([
    ['inline-flex items-center', 'block', 'items-center block'],
    ['px-3 py-1', 'px-2', 'py-1 px-2'],
    ['p-4', 'px-2', 'p-4 px-2'],
    ['px-2 pl-3', 'px-4', 'px-4'],
    ['min-h-9', 'min-h-8', 'min-h-8'],
    ['text-sm text-app', 'text-xs', 'text-app text-xs'],
    ['text-sm text-app', 'text-white', 'text-sm text-white'],
    ['border border-app', 'border-brand-700', 'border border-brand-700'],
    ['border-2', 'border', 'border'],
    ['rounded-full', 'rounded-md', 'rounded-md'],
    ['font-medium', 'font-semibold', 'font-semibold'],
    ['bg-muted', 'bg-brand-700', 'bg-brand-700'],
    ['max-w-full', 'max-w-xs', 'max-w-xs'],
    ['justify-center', 'justify-between', 'justify-between'],
  ])('a later class of the same kind wins: %s + %s', (base, override, expected) => {
    expect(cn(base, override)).toBe(expected);
  });

  it('keeps variants apart: hover and dark classes do not override plain ones', () => {
    expect(cn('bg-muted hover:bg-card dark:bg-brand-900', 'bg-card')).toBe(
      'hover:bg-card dark:bg-brand-900 bg-card',
    );
  });

  it('leaves classes of kinds it does not know alone', () => {
    expect(cn('shadow-sm', 'shadow-lg')).toBe('shadow-sm shadow-lg');
  });
});
