import { FORM_LIMITS } from '#domain/forms-options.ts';
import { CharacterCounter } from '#web/components/ui/CharacterCounter.tsx';

/** The contact forms' message counter ('1,234 / 5,000'), as Field's `counter` takes it. */
export const messageCounter = (message: string | undefined) => (id: string) => (
  <CharacterCounter id={id} length={message?.length ?? 0} max={FORM_LIMITS.messageMax} />
);
