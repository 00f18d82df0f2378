import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/*
 * Asks before unsaved edits are lost. react-router's useBlocker needs a data router
 * and the app uses <BrowserRouter> (router.tsx says why), so this hook guards the three ways out itself:
 *
 * - closing or reloading the tab, or leaving for another site: the browser's own beforeunload prompt;
 * - a click on a same-origin link (the header's logo, a menu item, 'View public profile'): a click
 *   listener on document in the capture phase, so it runs before react-router's <Link> handler (React
 *   listens on its root, below document) and can stop it; the caller shows a dialog;
 * - Back: while dirty, a sentinel entry with the same URL sits on top of the history. Back pops it,
 *   which leaves the page where it is (react-router sees the same path), and the caller asks; staying
 *   pushes the sentinel again, leaving goes back once more.
 *
 * Not covered: navigations made in code (navigate() after a sign-out) and jumping several entries
 * back at once from the browser's history menu; neither can be stopped without a data router.
 */

/** Marks the sentinel history entry (kept beside react-router's own state, which it copies). */
const SENTINEL = 'unsavedChanges';

const onSentinel = () => Boolean((window.history.state as Record<string, unknown> | null)?.[SENTINEL]);
const pushSentinel = () =>
  window.history.pushState({ ...(window.history.state as object | null), [SENTINEL]: true }, '');

/** Where the person tried to go: a link (replayed on 'Leave') or Back. */
type Attempt = { anchor: HTMLAnchorElement; to: string } | 'back';

export interface UnsavedChangesGuard {
  /** True while the person should be asked whether to leave. */
  isAsking: boolean;
  /** Keep the edits and stay on the page. */
  stay: () => void;
  /** Drop the edits and go where the person was going. */
  leave: () => void;
}

/** Guards the page's unsaved edits while `isDirty`; render a confirm dialog from the answer. */
export function useUnsavedChanges(isDirty: boolean): UnsavedChangesGuard {
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  // Set once the person chose to leave, so the way out is not asked about a second time.
  const isLeaving = useRef(false);
  // The address of the sentinel this page stands on (as far as it knows), or null.
  const sentinelHref = useRef<string | null>(null);

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const handleClick = (event: MouseEvent) => {
      if (isLeaving.current || event.defaultPrevented || event.button !== 0) return;
      // Modified clicks open a new tab or window: this page and its edits stay.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href);
      // Other sites get the browser's beforeunload prompt; in-page links (#section) leave nothing.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setAttempt({ anchor, to: url.pathname + url.search + url.hash });
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    document.addEventListener('click', handleClick, true);
    if (!onSentinel()) pushSentinel();
    sentinelHref.current = window.location.href;
    return () => {
      window.removeEventListener('beforeunload', handleBeforeUnload);
      document.removeEventListener('click', handleClick, true);
    };
  }, [isDirty]);

  useEffect(() => {
    // Coming back (Forward, or Back from the next page) onto a sentinel left from earlier.
    if (onSentinel()) sentinelHref.current = window.location.href;
    const handlePopState = () => {
      if (isLeaving.current || onSentinel() || sentinelHref.current === null) return;
      // A jump to an in-page anchor (the skip link) also fires popstate, with another address.
      if (window.location.href !== sentinelHref.current) return;
      sentinelHref.current = null;
      if (isDirtyRef.current) setAttempt('back');
      // Saved since the sentinel was pushed: it cost the person a Back press, so take them on.
      else window.history.back();
    };
    window.addEventListener('popstate', handlePopState);
    return () => window.removeEventListener('popstate', handlePopState);
  }, []);

  const stay = () => {
    if (attempt === 'back') {
      pushSentinel();
      sentinelHref.current = window.location.href;
    }
    setAttempt(null);
  };

  const leave = () => {
    const current = attempt;
    setAttempt(null);
    if (!current) return;
    isLeaving.current = true;
    // A navigation that does not unmount this page (no earlier entry to go back to) ends here;
    // guard again after it so later edits are not lost silently.
    window.setTimeout(() => {
      isLeaving.current = false;
    }, 1000);
    if (current === 'back') window.history.back();
    // Replaying the click keeps what the link itself does (a <Link>'s state, a menu closing).
    else if (current.anchor.isConnected) current.anchor.click();
    else navigate(current.to);
  };

  return { isAsking: attempt !== null, stay, leave };
}
