import { Chip } from '#web/components/ui/Chip.tsx';

/** Specialties and products as chips. */
export function TagList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Chip tone="brand">{item}</Chip>
        </li>
      ))}
    </ul>
  );
}
