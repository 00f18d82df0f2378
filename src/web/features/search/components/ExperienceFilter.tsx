import { Sparkles } from 'lucide-react';
import { lazy } from 'react';
import { LazyFilter } from './FilterTrigger';

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
  return (
    <LazyFilter
      popover={ExperiencePopover}
      preload={preload}
      icon={Sparkles}
      label="Experience"
      data-filter="experience"
      summary={value.length === 0 ? null : value.length === 1 ? value[0]! : `${value.length} chosen`}
      value={value}
      onChange={onChange}
    />
  );
}
