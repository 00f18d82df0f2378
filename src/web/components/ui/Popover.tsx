import { Popover as P } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A non-modal panel anchored to its trigger: Escape and outside clicks close it, focus returns (Radix). */
export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;
export const PopoverClose = P.Close;

/** The sticky header's height (Header.tsx: h-16 and a 1 px border): popovers keep clear of it. */
const HEADER_PX = 65;

/**
 * Below the sticky header (z-30) and kept out from under it: Radix places the panel, and sizes its
 * scrolling area, as if the viewport began at the header's bottom edge.
 */
export function PopoverContent({ className, ...props }: ComponentProps<typeof P.Content>) {
  return (
    <P.Portal>
      <P.Content
        sideOffset={8}
        align="start"
        collisionPadding={{ top: HEADER_PX + 12, right: 12, bottom: 12, left: 12 }}
        className={cn(
          'z-20 max-h-[var(--radix-popover-content-available-height)] w-[min(26rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl border border-app bg-card p-4 text-app shadow-xl focus-visible:outline-none',
          className,
        )}
        {...props}
      />
    </P.Portal>
  );
}
