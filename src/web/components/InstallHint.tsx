import { useId } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PUSH_TEXTS } from '#domain/push-texts.ts';
import { Button } from './ui/Button';

/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`, not in the DOM typings),
 * held back by lib/service-worker.ts until the person asks.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** When 'Not now' was pressed (epoch ms): the hint then stays away for HIDE_MS. */
export const INSTALL_DISMISSED_KEY = 'glowfind.install-dismissed';
const HIDE_MS = 30 * 24 * 60 * 60 * 1000;

function dismissedRecently(now: number): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY));
    return at > 0 && now - at < HIDE_MS;
  } catch {
    return false;
  }
}

function rememberDismissed(now: number) {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // Storage refused (a private window): the hint comes back next visit.
  }
}

/**
 * 'Install Glowfind' in a corner of the page, when the browser offers to install the app: Install
 * opens the browser's own dialog; 'Not now' hides it for a month. Over the page, not in it, so no
 * page moves when it comes.
 */
export function InstallHint({ offer, onClose }: { offer: BeforeInstallPromptEvent; onClose: () => void }) {
  const titleId = useId();
  const handleInstall = async () => {
    const choice = await offer.prompt().catch(() => null);
    // The offer is spent either way; declining the browser's dialog is a 'Not now' too.
    if (choice?.outcome !== 'accepted') rememberDismissed(Date.now());
    onClose();
  };
  const handleNotNow = () => {
    rememberDismissed(Date.now());
    onClose();
  };
  return (
    <aside
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-40 rounded-2xl border border-app bg-card p-4 text-app shadow-lg sm:left-auto sm:right-4 sm:bottom-4 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <img
          src="/icons/icon-192.png"
          alt=""
          width={40}
          height={40}
          className="h-10 w-10 shrink-0 rounded-lg"
        />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            {PUSH_TEXTS.installTitle}
          </h2>
          <p className="mt-1 text-sm text-muted">{PUSH_TEXTS.installHint}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => void handleInstall()}>{PUSH_TEXTS.install}</Button>
            <Button variant="ghost" onClick={handleNotNow}>
              {PUSH_TEXTS.installNotNow}
            </Button>
          </div>
        </div>
      </div>
    </aside>
  );
}

let shown: { root: Root; host: HTMLElement } | null = null;

function closeInstallHint() {
  if (!shown) return;
  shown.root.unmount();
  shown.host.remove();
  shown = null;
}

/**
 * Shows the hint for the browser's offer (lib/service-worker.ts): in a root of its own after the
 * app's, so the app's layout carries nothing for it. Not in the installed app, nor within a month of
 * 'Not now'; gone once the app is installed.
 */
export function showInstallHint(offer: BeforeInstallPromptEvent, now = Date.now()): void {
  if (matchMedia('(display-mode: standalone)').matches || dismissedRecently(now)) return;
  if (!shown) {
    const host = document.createElement('div');
    document.body.append(host);
    shown = { root: createRoot(host), host };
    addEventListener('appinstalled', closeInstallHint, { once: true });
  }
  shown.root.render(<InstallHint offer={offer} onClose={closeInstallHint} />);
}
