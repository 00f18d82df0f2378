/**
 * What a visitor pressed before the login wall (Save, Message, Book, Write a review), carried out
 * once they are signed in (docs/product.md §11). Kept in sessionStorage, so it survives a reload and the
 * verification email's round trip in the same tab; it lasts 30 minutes. The component that owns the
 * button resumes it (FavoriteButton, ContactCard, ReviewsSection, the search's SummaryBanner): it takes the action when it
 * matches its provider and someone is signed in.
 */
export type PendingActionKind =
  | 'favorite'
  | 'message'
  | 'book'
  | 'book-service'
  | 'book-opening'
  | 'ask-opening'
  | 'review'
  | 'save-search';

export interface PendingActionInput {
  kind: PendingActionKind;
  providerId: string;
  /** For 'book-opening' and 'ask-opening': which of the provider's openings. */
  openingId?: string;
  /** For 'book-service': the service whose own Book was pressed. */
  service?: string;
}

export interface PendingAction extends PendingActionInput {
  /** The page it was pressed on (pathname and query), to come back to after verifying the email. */
  path: string;
  savedAt: number;
}

export const PENDING_ACTION_KEY = 'glowfind.pending-action';
export const PENDING_ACTION_TTL_MS = 30 * 60 * 1000;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the action is simply not resumed
  }
}

/** Remembers the action (replacing any earlier one), with the page it was pressed on. */
export function savePendingAction(input: PendingActionInput, nowMs = Date.now()): void {
  const { pathname, search } = window.location;
  const action: PendingAction = {
    kind: input.kind,
    providerId: input.providerId,
    ...(input.openingId ? { openingId: input.openingId } : {}),
    ...(input.service ? { service: input.service } : {}),
    path: `${pathname}${search}`,
    savedAt: nowMs,
  };
  try {
    storage()?.setItem(PENDING_ACTION_KEY, JSON.stringify(action));
  } catch {
    // quota or privacy mode: nothing to resume
  }
}

/** The action still waiting, if any and not expired (an expired or unreadable one is dropped). */
export function peekPendingAction(nowMs = Date.now()): PendingAction | null {
  const raw = storage()?.getItem(PENDING_ACTION_KEY);
  if (!raw) return null;
  try {
    const action = JSON.parse(raw) as Partial<PendingAction>;
    if (
      typeof action.kind === 'string' &&
      typeof action.providerId === 'string' &&
      typeof action.path === 'string' &&
      typeof action.savedAt === 'number' &&
      nowMs - action.savedAt >= 0 &&
      nowMs - action.savedAt < PENDING_ACTION_TTL_MS
    ) {
      return action as PendingAction;
    }
  } catch {
    // not ours or corrupted: dropped below
  }
  clearPendingAction();
  return null;
}

/**
 * Takes (returns and forgets) the waiting action if it is one of `kinds` for this provider (and, for
 * 'book-opening', this opening); leaves any other action for the component it belongs to.
 */
export function takePendingAction(
  providerId: string,
  kinds: readonly PendingActionKind[],
  nowMs = Date.now(),
  openingId?: string,
): PendingAction | null {
  const action = peekPendingAction(nowMs);
  if (!action || action.providerId !== providerId || !kinds.includes(action.kind)) return null;
  if ((action.kind === 'book-opening' || action.kind === 'ask-opening') && action.openingId !== openingId)
    return null;
  clearPendingAction();
  return action;
}

/**
 * Brings the element that carried out a resumed action back into view: after the verification
 * email's round trip the page opens at its top, not where the visitor pressed the button.
 */
export function scrollBackTo(element: Element | null): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element?.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
}

export function clearPendingAction(): void {
  try {
    storage()?.removeItem(PENDING_ACTION_KEY);
  } catch {
    // nothing stored
  }
}
