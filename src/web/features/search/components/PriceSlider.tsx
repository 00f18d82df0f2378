import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { PRICE_TICKS, priceLabel, SEARCH_LIMITS } from '#domain/search-options.ts';
import { cn } from '#web/lib/cn.ts';
import './price-slider.css';
import type { PriceRange } from '../url-state';

const { priceMin, priceMax, priceStep } = SEARCH_LIMITS;
/** The URL (and so the search) follows the thumbs once they rest this long (docs/product.md §9 debounce). */
const COMMIT_DELAY_MS = 300;
const THUMB_PX = 20;

/** Where a value sits along the track, allowing for the thumb's width at both ends. */
const position = (value: number) => {
  const p = (value - priceMin) / (priceMax - priceMin);
  return `calc(${p * 100}% + ${(0.5 - p) * THUMB_PX}px)`;
};

// Two native range inputs share one track: each is a real, labelled slider for keyboards and
// screen readers at no script cost (styles in price-slider.css).

/** docs/product.md §9: 15 to 500+ in steps of 5, two thumbs, tick labels 15, 65, 150, 225, 350, 500+. */
export function PriceSlider({
  value,
  onChange,
}: {
  value: PriceRange;
  onChange: (next: PriceRange) => void;
}) {
  const [draft, setDraft] = useState<PriceRange>(value);
  const [shown, setShown] = useState<PriceRange>(value);
  // The URL changed (Back, Clear Filters, a shared link): the thumbs follow it.
  if (shown[0] !== value[0] || shown[1] !== value[1]) {
    setShown(value);
    setDraft(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: PriceRange) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(next), COMMIT_DELAY_MS);
  };
  const handleMin = (e: ChangeEvent<HTMLInputElement>) =>
    change([Math.min(Number(e.target.value), draft[1]), draft[1]]);
  const handleMax = (e: ChangeEvent<HTMLInputElement>) =>
    change([draft[0], Math.max(Number(e.target.value), draft[0])]);
  // Where the thumbs meet, the one that can still move must be on top.
  const minOnTop = draft[0] >= (priceMin + priceMax) / 2;

  return (
    <fieldset className="min-w-0">
      <legend className="float-left text-sm font-medium text-app">Price range</legend>
      <output aria-live="off" className="float-right text-sm font-semibold text-app tabular-nums">
        {priceLabel(draft[0])} - {priceLabel(draft[1])}
      </output>
      <div className="clear-both pt-2">
        <div className="relative h-6">
          <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-[color:var(--border)]" />
          <div
            className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-700 dark:bg-brand-400"
            style={{ left: position(draft[0]), right: `calc(100% - ${position(draft[1])})` }}
          />
          <input
            type="range"
            min={priceMin}
            max={priceMax}
            step={priceStep}
            value={draft[0]}
            onChange={handleMin}
            aria-label="Minimum price"
            aria-valuetext={priceLabel(draft[0])}
            className={cn('price-range', minOnTop ? 'z-20' : 'z-10')}
          />
          <input
            type="range"
            min={priceMin}
            max={priceMax}
            step={priceStep}
            value={draft[1]}
            onChange={handleMax}
            aria-label="Maximum price"
            aria-valuetext={priceLabel(draft[1])}
            className="price-range z-10"
          />
        </div>
      </div>
      <div aria-hidden="true" className="relative mt-1 h-4 text-xs text-muted tabular-nums">
        {PRICE_TICKS.map((tick, i) => (
          <span
            key={tick}
            className={cn(
              'absolute top-0',
              i === 0 ? '' : i === PRICE_TICKS.length - 1 ? '-translate-x-full' : '-translate-x-1/2',
            )}
            style={{ left: i === 0 ? 0 : i === PRICE_TICKS.length - 1 ? '100%' : position(tick) }}
          >
            {tick >= priceMax ? `${priceMax}+` : tick}
          </span>
        ))}
      </div>
    </fieldset>
  );
}
