import type { ProfileDisplay } from './profile-view';

/** 'Services & Pricing': one row per package, prices as docs/product.md §3 renders them. */
export function ServiceList({ services }: { services: ProfileDisplay['services'] }) {
  return (
    <ul className="divide-y divide-[color:var(--border)]">
      {services.map((s, i) => (
        <li
          // Two packages may share a name; the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for this render
          key={i}
          className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
        >
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-app">{s.service}</h3>
            <p className="mt-0.5 text-sm break-words text-muted">{s.description}</p>
          </div>
          <p className="shrink-0 font-semibold text-brand-700 sm:text-right dark:text-brand-300">{s.price}</p>
        </li>
      ))}
    </ul>
  );
}
