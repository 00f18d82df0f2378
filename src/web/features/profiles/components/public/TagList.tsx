import { CHIP, CHIP_COLOURS } from './chip';

/** Specialties and products as chips. */
export function TagList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <span className={`${CHIP} ${CHIP_COLOURS.brand}`}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
