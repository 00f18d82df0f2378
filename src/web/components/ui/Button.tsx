import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, cloneElement, isValidElement, type ReactElement } from 'react';
import { cn } from '#web/lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 cursor-pointer',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-600 dark:hover:bg-brand-700',
        outline: 'border border-app bg-transparent text-app hover:bg-muted',
        ghost: 'bg-transparent text-app hover:bg-muted',
        link: 'bg-transparent p-0 text-brand-700 underline-offset-4 hover:underline dark:text-brand-300',
        danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-600',
      },
      size: {
        md: 'h-10 px-4',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), variant === 'link' && 'h-auto', className);
  // asChild styles its one child (a link) as a button. A plain cloneElement rather than Radix's Slot,
  // which would put Radix in the first load of every page (docs/performance.md 'Budgets'): the child
  // keeps its own props and handlers, and the classes are merged.
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, ...child.props, className: cn(classes, child.props.className) });
  }
  return (
    <button className={classes} type={type ?? 'button'} {...props}>
      {children}
    </button>
  );
}
