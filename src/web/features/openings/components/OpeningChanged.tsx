import { RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { OPENING_TEXTS } from '#domain/opening-texts.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { toastFor } from '#web/lib/toast.tsx';

/*
 * What the openings manager says when an opening changed in another tab or device since it was
 * loaded (the server's 412: nothing was changed), loaded on that answer only: the account page's
 * chunk carries just the version check.
 */

/** From the list (activate, deactivate, delete): a toast whose Reload fetches the list again. */
export function toastOpeningChanged(reload: () => void) {
  toastFor('opening').error(VERSION_TEXTS.openingChanged, {
    description: VERSION_TEXTS.reloadHint,
    action: { label: VERSION_TEXTS.reload, onClick: reload },
    duration: 15_000,
  });
}

/** What a reload found: the latest version in the form, the opening gone, or the list not loaded. */
export type ReloadOutcome = 'loaded' | 'gone' | 'failed';

/**
 * In the edit dialog, by its buttons (a toast's Reload could not be reached from inside the modal,
 * and would cover its title): the refusal and Reload, which loads the latest version into the fields
 * the person has not touched and keeps their changes; the next save is made over that version.
 */
export function OpeningChangedAlert({ onReload }: { onReload: () => Promise<ReloadOutcome> }) {
  const [state, setState] = useState<'stale' | 'reloading' | ReloadOutcome>('stale');
  const loadedNote = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The Reload button is gone: the keyboard continues from the note, which is read out.
    if (state === 'loaded') loadedNote.current?.focus();
  }, [state]);

  if (state === 'loaded')
    return (
      <div ref={loadedNote} tabIndex={-1} className="rounded-lg outline-none focus-visible:ring-2">
        <Alert tone="info">
          <p>{VERSION_TEXTS.reloadedKeepingEdits}</p>
        </Alert>
      </div>
    );
  if (state === 'gone') return <Alert title={VERSION_TEXTS.openingGone} />;
  const isReloading = state === 'reloading';
  return (
    <Alert title={state === 'failed' ? OPENING_TEXTS.loadFailed : VERSION_TEXTS.openingChanged}>
      <p>{VERSION_TEXTS.reloadHint}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-2 aria-disabled:cursor-wait aria-disabled:opacity-60"
        aria-disabled={isReloading || undefined}
        onClick={async () => {
          if (isReloading) return;
          setState('reloading');
          setState(await onReload().catch((): ReloadOutcome => 'failed'));
        }}
      >
        <RotateCw className="h-4 w-4" aria-hidden="true" />
        {VERSION_TEXTS.reload}
      </Button>
    </Alert>
  );
}
