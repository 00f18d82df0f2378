/** Off-screen and out of the tab order: people never fill it in, bots often do. */
export function Honeypot(props: React.ComponentProps<'input'>) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
