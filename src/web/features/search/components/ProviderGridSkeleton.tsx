const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Placeholder cards of the real cards' size while the first page loads (no layout jump). */
export function ProviderGridSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {SKELETON_KEYS.map((key) => (
        <li
          key={key}
          className="h-72 animate-pulse rounded-2xl border border-app bg-card motion-reduce:animate-none"
        >
          <div className="flex gap-3 p-4">
            <div className="h-14 w-14 rounded-full bg-muted" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="h-4 w-2/3 rounded bg-muted" />
              <div className="h-3 w-1/2 rounded bg-muted" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
