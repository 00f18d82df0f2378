import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { FilterTrigger } from './FilterTrigger';

const load = () => import('./ExperiencePopover');
const ExperiencePopover = lazy(() => load().then((m) => ({ default: m.ExperiencePopover })));
const preload = () => void load();

/** The experience filter's button; its popover (loaded on first use) holds the chips and the custom filter. */
export function ExperienceFilter({
  value,
  onChange,
}: {
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const [isWanted, setWanted] = useState(false);
  const summary = value.length === 0 ? null : value.length === 1 ? value[0]! : `${value.length} chosen`;
  const trigger = (
    <FilterTrigger
      icon={Sparkles}
      label="Experience"
      data-filter="experience"
      summary={summary}
      isOpen={isOpen}
    />
  );
  if (!isWanted) {
    return (
      <FilterTrigger
        icon={Sparkles}
        label="Experience"
        data-filter="experience"
        summary={summary}
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
  return (
    <Suspense fallback={trigger}>
      <ExperiencePopover open={isOpen} onOpenChange={setOpen} value={value} onChange={onChange}>
        {trigger}
      </ExperiencePopover>
    </Suspense>
  );
}
