import { useSyncExternalStore } from 'react';
import type { Session, User } from '#domain/auth.ts';
import { SIGNED_IN_KEY } from '#domain/auth-options.ts';
import { LIMITS } from '#domain/options.ts';
import { createListeners } from './listeners';

/**
 * The session lives in this page's memory only: a script that reads storage (an XSS, an extension)
 * finds no access token to take away, and the refresh token is in an HttpOnly cookie. localStorage
 * keeps only the hint SIGNED_IN_KEY (the user's id), so a page load knows to resume the session
 * through the cookie (api-client's resumeSession) and other tabs hear of a sign-in or sign-out.
 */

/** Where an earlier version kept the whole session, access token included: removed on load. */
const LEGACY_SESSION_KEY = 'glowfind.session';
/** The tabs of this browser tell each other of a changed user (a new avatar) on this channel. */
const USER_CHANNEL = 'glowfind.session-user';

type Listener = () => void;
const { subscribe, emit } = createListeners();
const expiredListeners = new Set<Listener>();
const signedInElsewhereListeners = new Set<Listener>();

/** Only these fields are kept: the refresh token lives in an HttpOnly cookie, out of scripts' reach. */
function kept(session: Session): Session {
  return { access_token: session.access_token, expires_at: session.expires_at, user: session.user };
}

/** The hint in storage, after moving an earlier version's stored session (token and all) to it. */
function readHint(): string | null {
  try {
    const legacy = localStorage.getItem(LEGACY_SESSION_KEY);
    if (legacy !== null) {
      localStorage.removeItem(LEGACY_SESSION_KEY);
      const id = (JSON.parse(legacy) as { user?: { id?: unknown } } | null)?.user?.id;
      if (typeof id === 'string' && !localStorage.getItem(SIGNED_IN_KEY))
        localStorage.setItem(SIGNED_IN_KEY, id);
    }
    return localStorage.getItem(SIGNED_IN_KEY) || null;
  } catch {
    return null;
  }
}

let current: Session | null = null;
let hint: string | null = typeof localStorage === 'undefined' ? null : readHint();

function writeHint(userId: string | null): void {
  hint = userId;
  try {
    if (userId === null) localStorage.removeItem(SIGNED_IN_KEY);
    else if (localStorage.getItem(SIGNED_IN_KEY) !== userId) localStorage.setItem(SIGNED_IN_KEY, userId);
  } catch {
    // Storage refused (a private window's quota): this tab still works, others just do not hear of it.
  }
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(USER_CHANNEL);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // Our key, or the whole storage cleared (key null).
    if (event.key !== SIGNED_IN_KEY && event.key !== null) return;
    hint = readHint();
    if (current?.user.id === hint) return;
    // Another tab signed out, or signed in as someone else: this tab's session is no longer theirs.
    if (current) {
      current = null;
      emit();
    }
    settleResume();
    // Another tab signed in: this one gets its own access token through the shared cookie.
    if (hint !== null) for (const l of signedInElsewhereListeners) l();
  });
  channel?.addEventListener('message', (event: MessageEvent<{ user?: User }>) => {
    const user = event.data?.user;
    if (current && user && user.id === current.user.id) {
      current = { ...current, user };
      emit();
    }
  });
}

/**
 * Ends the first paint's guess (theme-init.js marks <html> when the hint is there, which keeps the
 * visitor's header buttons hidden, styles.css): the session has been resumed, or will not be.
 */
export function settleResume(): void {
  if (typeof document !== 'undefined') delete document.documentElement.dataset.session;
}

export function getSession(): Session | null {
  return current;
}

/** Whether this browser was signed in when last seen (the hint): a load resumes through the cookie. */
export function hasSignedInHint(): boolean {
  return hint !== null;
}

export function setSession(session: Session): void {
  current = kept(session);
  writeHint(current.user.id);
  emit();
}

/** Stores the user fields of `user` (a full profile may carry more; the session keeps only these). */
export function updateSessionUser(user: User): void {
  const { id, name, email, avatar_url, user_type, role, routing_slug } = user;
  if (!current) return;
  const next = { id, name, email, avatar_url, user_type, role, routing_slug };
  setSession({ ...current, user: next });
  channel?.postMessage({ user: next });
}

/**
 * Changes fields of the signed-in user (a new avatar) when that user is still the one signed in:
 * the header and user menu re-render at once, and other tabs follow through the channel.
 */
export function patchSessionUser(userId: string, patch: Partial<Omit<User, 'id'>>): void {
  if (current?.user.id === userId) updateSessionUser({ ...current.user, ...patch });
}

export function clearSession(): void {
  current = null;
  writeHint(null);
  settleResume();
  emit();
}

/** Clears the session and tells the app it expired (it shows the message and the login dialog). */
export function expireSession(): void {
  clearSession();
  for (const l of expiredListeners) l();
}

export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** Another tab signed in while this one had no session: api-client resumes it through the cookie. */
export function onSignedInElsewhere(listener: Listener): () => void {
  signedInElsewhereListeners.add(listener);
  return () => signedInElsewhereListeners.delete(listener);
}

export function needsRefresh(session: Session, nowMs = Date.now()): boolean {
  return session.expires_at - nowMs / 1000 < LIMITS.refreshThresholdSeconds;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
