import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { renderWithProviders } from '#web/test/render.tsx';
import { useUnsavedChanges } from './use-unsaved-changes';

/** A page with edits (or none) and the ways out of it, and the dialog the account page shows. */
function EditingPage({ initiallyDirty }: { initiallyDirty: boolean }) {
  const [isDirty, setIsDirty] = useState(initiallyDirty);
  const guard = useUnsavedChanges(isDirty);
  return (
    <>
      <h1>Editing</h1>
      <label>
        <input type="checkbox" checked={isDirty} onChange={(event) => setIsDirty(event.target.checked)} />
        Unsaved edits
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <a href="#section">In-page section</a>
      <a href="/report.pdf" download>
        Download
      </a>
      <a href="/elsewhere" target="_blank" rel="noreferrer">
        New tab
      </a>
      <ConfirmDialog
        open={guard.isAsking}
        onOpenChange={(open) => !open && guard.stay()}
        title="Leave without saving?"
        description="Your changes will be lost."
        cancelLabel="Stay on this page"
        confirmLabel="Leave"
        onConfirm={guard.leave}
      />
    </>
  );
}

function App({ initiallyDirty }: { initiallyDirty: boolean }) {
  return (
    <Routes>
      <Route path="/account" element={<EditingPage initiallyDirty={initiallyDirty} />} />
      <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
    </Routes>
  );
}

function renderPage(initiallyDirty: boolean) {
  const result = renderWithProviders(<App initiallyDirty={initiallyDirty} />, { route: '/account' });
  // Editing, or saving (the form is clean again).
  const setDirty = (next: boolean) => {
    const box = screen.getByRole('checkbox', { name: 'Unsaved edits' }) as HTMLInputElement;
    if (box.checked !== next) fireEvent.click(box);
  };
  return { ...result, setDirty };
}

/** Whether a beforeunload now would make the browser ask. */
function unloadIsBlocked(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const isOnSentinel = () =>
  Boolean((window.history.state as { unsavedChanges?: boolean } | null)?.unsavedChanges);

/** What Back does to the sentinel: the entry below it (same address) becomes current. */
function pressBack() {
  act(() => {
    window.history.replaceState(null, '');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

beforeEach(() => {
  window.history.replaceState(null, '');
});

describe('useUnsavedChanges', () => {
  it('lets the browser ask on close or reload only while there are unsaved edits', () => {
    const { setDirty } = renderPage(false);
    expect(unloadIsBlocked()).toBe(false);
    setDirty(true);
    expect(unloadIsBlocked()).toBe(true);
    // Saved (or reset): clean again.
    setDirty(false);
    expect(unloadIsBlocked()).toBe(false);
  });

  it('asks before a link leaves unsaved edits; Stay keeps the page, Leave follows the link', async () => {
    const { user } = renderPage(true);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(dialog()).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Editing', hidden: true })).toBeTruthy();
    // The safe answer has the focus; Escape is the same as Stay.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay on this page' }));
    await user.keyboard('{Escape}');
    expect(dialog()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Editing', hidden: true })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(dialog()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Editing', hidden: true })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('lets links through when there is nothing to lose', async () => {
    const { user } = renderPage(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it('leaves alone links that keep this page: in-page, download, new tab, modified clicks', () => {
    renderPage(true);
    // Stand in for the browser's own handling, which happy-dom would otherwise try to carry out.
    const preventDefault = (event: Event) => event.preventDefault();
    document.addEventListener('click', preventDefault);
    try {
      for (const name of ['In-page section', 'Download', 'New tab']) {
        fireEvent.click(screen.getByRole('link', { name }));
        expect(dialog(), name).toBeNull();
      }
      fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }), { ctrlKey: true });
      fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }), { metaKey: true });
      fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }), { shiftKey: true });
      expect(dialog()).toBeNull();
    } finally {
      document.removeEventListener('click', preventDefault);
    }
  });

  it('guards Back with a sentinel entry: Stay puts it back, Leave goes back', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { user, setDirty } = renderPage(false);
    expect(isOnSentinel()).toBe(false);
    setDirty(true);
    expect(isOnSentinel()).toBe(true);

    pressBack();
    expect(dialog()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(isOnSentinel()).toBe(true);
    expect(back).not.toHaveBeenCalled();

    pressBack();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });

  it('after saving, Back passes over the sentinel without asking', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { setDirty } = renderPage(true);
    setDirty(false);
    pressBack();
    expect(dialog()).toBeNull();
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });
});
