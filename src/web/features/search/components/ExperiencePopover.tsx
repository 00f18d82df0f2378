import { Plus } from 'lucide-react';
import { type ReactElement, useId, useRef, useState } from 'react';
import { AMENITIES } from '#domain/options.ts';
import { SEARCH_LIMITS } from '#domain/search-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '#web/components/ui/Popover.tsx';
import { addExperience, toggleExperience } from '../filter-rules';

/**
 * docs/product.md §5/§9 experience filters: the 12 options as chips plus a custom filter of your own words;
 * at most 3, and choosing a fourth drops the oldest.
 */
export function ExperiencePopover({
  open,
  onOpenChange,
  value,
  onChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: string[];
  onChange: (next: string[]) => void;
  children: ReactElement;
}) {
  const titleId = useId();
  const hintId = useId();
  const customId = useId();
  const [custom, setCustom] = useState('');
  const customInput = useRef<HTMLInputElement>(null);
  const customChosen = value.filter((v) => !(AMENITIES as readonly string[]).includes(v));
  const addCustom = () => {
    if (!custom.trim()) return;
    onChange(addExperience(value, custom));
    setCustom('');
    // The Add button disables itself once the box is empty; keep focus where typing continues.
    customInput.current?.focus();
  };
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} aria-describedby={hintId} className="space-y-4">
        <div>
          <p id={titleId} className="font-semibold">
            Experience
          </p>
          <p id={hintId} className="mt-1 text-sm text-muted">
            Choose up to {SEARCH_LIMITS.experienceMax}; a fourth replaces the oldest.
          </p>
          <p aria-live="polite" className="mt-1 text-sm font-medium">
            {value.length} of {SEARCH_LIMITS.experienceMax} chosen
          </p>
        </div>
        <fieldset className="flex min-w-0 flex-wrap gap-2">
          <legend className="sr-only">Experience options</legend>
          {[...AMENITIES, ...customChosen].map((option) => {
            const isSelected = value.includes(option);
            return (
              <button
                key={option}
                type="button"
                aria-pressed={isSelected}
                className={toggleChipClass(isSelected)}
                onClick={() => onChange(toggleExperience(value, option))}
              >
                {option}
              </button>
            );
          })}
        </fieldset>
        <div className="space-y-1.5 border-t border-app pt-3">
          <label htmlFor={customId} className="block text-sm font-medium">
            Custom filter
          </label>
          <div className="flex gap-2">
            <Input
              id={customId}
              ref={customInput}
              value={custom}
              maxLength={SEARCH_LIMITS.experienceItemMax}
              placeholder="e.g. Vegan products"
              onChange={(e) => setCustom(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addCustom();
                }
              }}
            />
            <Button variant="outline" onClick={addCustom} disabled={!custom.trim()}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add
            </Button>
          </div>
        </div>
        <div className="flex justify-end">
          <PopoverClose asChild>
            <Button size="sm">Done</Button>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
