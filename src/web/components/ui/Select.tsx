import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A styled native <select>: the platform's own picker is the most usable one on phones and works
 * with every screen reader, so no custom listbox here.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-10 w-full cursor-pointer appearance-none rounded-lg border border-app bg-card py-2 pr-9 pl-3 text-sm text-app focus-visible:outline-2 focus-visible:outline-[color:var(--ring)] aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:opacity-60',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
    </div>
  );
}
