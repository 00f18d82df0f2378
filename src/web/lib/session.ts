import { useSyncExternalStore } from 'react';
import type { Session, User } from '#domain/auth.ts';
import { LIMITS } from '#domain/options.ts';
import { createListeners } from './listeners';

/** The fixed localStorage key of the session (SPEC.md §3). */
export const SESSION_KEY = 'glowfind.session';

type Listener = () => void;
const { subscribe, emit } = createListeners();
const expiredListeners = new Set<Listener>();

/** Only these fields are kept: the refresh token lives in an HttpOnly cookie, out of scripts' reach. */
function stored(session: Session): Session {
  return { access_token: session.access_token, expires_at: session.expires_at, user: session.user };
}

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as (Partial<Session> & { refresh_token?: unknown }) | null;
    // A light shape check keeps zod out of the first-load bundle.
    const ok =
      typeof value?.access_token === 'string' &&
      typeof value.expires_at === 'number' &&
      typeof value.user?.id === 'string';
    if (!ok) return null;
    const session = stored(value as Session);
    // A session saved before the refresh token moved to the cookie still holds one: drop it.
    if ('refresh_token' in value) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    return session;
  } catch {
    return null;
  }
}

let current: Session | null = typeof localStorage === 'undefined' ? null : read();

if (typeof window !== 'undefined') {
  // Another tab logged in, refreshed or logged out.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY) {
      current = read();
      emit();
    }
  });
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  current = stored(session);
  localStorage.setItem(SESSION_KEY, JSON.stringify(current));
  emit();
}

/** Stores the user fields of `user` (a full profile may carry more; the session keeps only these). */
export function updateSessionUser(user: User): void {
  const { id, name, email, avatar_url, user_type, role, routing_slug } = user;
  if (current)
    setSession({ ...current, user: { id, name, email, avatar_url, user_type, role, routing_slug } });
}

/**
 * Changes fields of the signed-in user (a new avatar) when that user is still the one signed in:
 * the header and user menu re-render at once, and other tabs follow through the storage event.
 */
export function patchSessionUser(userId: string, patch: Partial<Omit<User, 'id'>>): void {
  if (current?.user.id === userId) updateSessionUser({ ...current.user, ...patch });
}

export function clearSession(): void {
  current = null;
  localStorage.removeItem(SESSION_KEY);
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

export function needsRefresh(session: Session, nowMs = Date.now()): boolean {
  return session.expires_at - nowMs / 1000 < LIMITS.refreshThresholdSeconds;
}

/** Re-reads storage: another tab may have rotated the tokens while this one waited. */
export function reloadSession(): Session | null {
  current = read();
  return current;
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
