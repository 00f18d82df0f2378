import { ChevronDown, type LucideIcon } from 'lucide-react';
import { type ComponentProps, type ComponentType, type ReactElement, Suspense, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

export interface FilterTriggerProps extends ComponentProps<'button'> {
  icon: LucideIcon;
  label: string;
  /** The current choice in a few words, shown after the label; null when nothing is chosen. */
  summary: string | null;
  isOpen: boolean;
}

/**
 * The button that opens a filter popover. It is in the first-load bundle; the popover behind it
 * is loaded when first wanted, and then renders this same button as its Radix trigger.
 */
export function FilterTrigger({
  icon: Icon,
  label,
  summary,
  isOpen,
  className,
  ...props
}: FilterTriggerProps) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      className={cn(
        'inline-flex h-10 max-w-full min-w-0 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors',
        summary
          ? 'border-brand-700 bg-brand-50 text-brand-800 dark:border-brand-400 dark:bg-brand-900/40 dark:text-brand-100'
          : 'border-app bg-card text-app hover:bg-muted',
        className,
      )}
      {...props}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="shrink-0">{label}</span>
      {summary && (
        <span className="min-w-0 truncate font-semibold">
          <span className="sr-only">:</span> {summary}
        </span>
      )}
      <ChevronDown className="h-4 w-4 shrink-0 opacity-70" aria-hidden="true" />
    </button>
  );
}

/** What a filter popover takes: the trigger button as its child, open state, and the value it edits. */
export type FilterPopoverProps<V> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: V;
  onChange: (next: V) => void;
  children: ReactElement;
};

/**
 * A filter button whose popover (Radix and its positioning) is loaded on first use: hovering or
 * focusing the button starts the download, clicking it opens the popover once it has arrived.
 */
export function LazyFilter<V>({
  popover: Popover,
  preload,
  value,
  onChange,
  ...trigger
}: Omit<FilterTriggerProps, 'isOpen' | 'popover' | 'value' | 'onChange'> & {
  popover: ComponentType<FilterPopoverProps<V>>;
  preload: () => void;
  value: V;
  onChange: (next: V) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const [isWanted, setWanted] = useState(false);
  if (!isWanted) {
    return (
      <FilterTrigger
        {...trigger}
        isOpen={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
    );
  }
  const button = <FilterTrigger {...trigger} isOpen={isOpen} />;
  return (
    <Suspense fallback={button}>
      <Popover open={isOpen} onOpenChange={setOpen} value={value} onChange={onChange}>
        {button}
      </Popover>
    </Suspense>
  );
}
