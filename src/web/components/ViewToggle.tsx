/**
 * 'List' | 'Map': how results are shown (the list is the default and stays the accessible view). Two
 * buttons, the current one pressed; the page keeps the choice in its URL (`view=map`).
 */
export function ViewToggle({ isMap, onChange }: { isMap: boolean; onChange: (isMap: boolean) => void }) {
  return (
    <fieldset className="flex rounded-lg border border-app p-0.5">
      <legend className="sr-only">Show results as</legend>
      {['List', 'Map'].map((label, i) => (
        <button
          key={label}
          type="button"
          aria-pressed={isMap === i > 0}
          onClick={() => onChange(i > 0)}
          className="h-9 cursor-pointer rounded-md px-4 text-sm font-semibold text-app aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
