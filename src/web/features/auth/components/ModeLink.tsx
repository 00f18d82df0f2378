import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/Button.tsx';

/**
 * A link-styled button that switches the dialog's mode. It keeps focus where it is on mouse down:
 * otherwise blurring a field would show its error, move this button, and swallow the click.
 */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="link" onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
      {children}
    </Button>
  );
}
