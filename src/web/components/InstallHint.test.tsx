import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXTS } from '#domain/push-texts.ts';
import { type BeforeInstallPromptEvent, INSTALL_DISMISSED_KEY, showInstallHint } from './InstallHint';

const NOW = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;

function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt') as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => ({ outcome }));
  return Object.assign(event, { prompt });
}

/** The app runs in a browser tab, or installed (display-mode: standalone). */
function displayMode(standalone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: standalone && query === '(display-mode: standalone)' })),
  );
}

const hint = () => screen.queryByRole('complementary', { name: PUSH_TEXTS.installTitle });

describe('InstallHint', () => {
  beforeEach(() => {
    localStorage.clear();
    displayMode(false);
  });
  afterEach(() => {
    // The hint's own root: closed by 'appinstalled' if a test left it open.
    act(() => void dispatchEvent(new Event('appinstalled')));
    vi.unstubAllGlobals();
  });

  it("shows the browser's offer with its texts; Install opens the browser's dialog and the hint goes", async () => {
    const user = userEvent.setup();
    const event = offer('accepted');
    act(() => showInstallHint(event, NOW));
    expect(hint()).toBeTruthy();
    expect(hint()!.textContent).toContain(PUSH_TEXTS.installHint);
    await user.click(screen.getByRole('button', { name: PUSH_TEXTS.install }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(hint()).toBeNull());
    // Installed: nothing to remember.
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it('Not now hides it for a month: a later offer within it shows nothing, one after it shows again', async () => {
    const user = userEvent.setup();
    act(() => showInstallHint(offer(), NOW));
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(hint()).toBeNull();
    const remembered = Number(localStorage.getItem(INSTALL_DISMISSED_KEY));
    expect(remembered).toBeGreaterThan(0);
    act(() => showInstallHint(offer(), remembered + 29 * DAY));
    expect(hint()).toBeNull();
    act(() => showInstallHint(offer(), remembered + 31 * DAY));
    expect(hint()).toBeTruthy();
  });

  it("declining the browser's dialog counts as Not now", async () => {
    const user = userEvent.setup();
    act(() => showInstallHint(offer('dismissed'), NOW));
    await user.click(screen.getByRole('button', { name: PUSH_TEXTS.install }));
    await waitFor(() => expect(hint()).toBeNull());
    expect(Number(localStorage.getItem(INSTALL_DISMISSED_KEY))).toBeGreaterThan(0);
  });

  it('shows nothing in the installed app, and goes once the app is installed another way', () => {
    displayMode(true);
    act(() => showInstallHint(offer(), NOW));
    expect(hint()).toBeNull();

    displayMode(false);
    act(() => showInstallHint(offer(), NOW));
    expect(hint()).toBeTruthy();
    // A second offer replaces the first: still one hint.
    act(() => showInstallHint(offer(), NOW));
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
    act(() => void dispatchEvent(new Event('appinstalled')));
    expect(hint()).toBeNull();
  });
});
