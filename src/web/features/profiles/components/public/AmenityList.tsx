import { Armchair, Check, HeartHandshake, type LucideIcon, Sparkles } from 'lucide-react';
import { type AmenityKind, amenityDisplay } from '#domain/profiles-options.ts';
import { Chip, type ChipTone } from '#web/components/ui/Chip.tsx';

const KINDS: Record<AmenityKind, { name: string; icon: LucideIcon; variant: ChipTone }> = {
  inclusive: { name: 'Inclusive', icon: HeartHandshake, variant: 'brand' },
  convenience: { name: 'Convenience', icon: Armchair, variant: 'info' },
  experience: { name: 'Experience', icon: Sparkles, variant: 'success' },
  other: { name: 'Amenity', icon: Check, variant: 'neutral' },
};
const ORDER: AmenityKind[] = ['inclusive', 'convenience', 'experience', 'other'];

/**
 * Amenities with docs/product.md §3's display mapping: the kind is a colour and an icon (and words for
 * screen readers).
 */
export function AmenityList({ amenities }: { amenities: readonly string[] }) {
  const shown = amenities
    .map(amenityDisplay)
    .filter((a, i, all) => all.findIndex((b) => b.label === a.label) === i)
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map(({ label, kind }) => {
        const { icon: Icon, variant, name } = KINDS[kind];
        return (
          <li key={label}>
            <Chip tone={variant} data-kind={kind}>
              <Icon className="h-4 w-4" aria-hidden="true" />
              {kind !== 'other' && <span className="sr-only">{name}: </span>}
              {label}
            </Chip>
          </li>
        );
      })}
    </ul>
  );
}
