import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPendingAction,
  PENDING_ACTION_KEY,
  PENDING_ACTION_TTL_MS,
  peekPendingAction,
  savePendingAction,
  takePendingAction,
} from './pending-action';

// The unit project runs in node: a window with just what the store touches.
function fakeWindow(pathname = '/ana-braids', search = '') {
  const items = new Map<string, string>();
  const sessionStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  vi.stubGlobal('window', { sessionStorage, location: { pathname, search } });
  return items;
}

const T0 = 1_800_000_000_000;
const ID = '0b5a3f9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('pending action store', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = fakeWindow('/', '?q=balayage');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("takes a 'book-opening' action only for its own opening, leaving it for the right one", () => {
    const OPENING = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
    savePendingAction({ kind: 'book-opening', providerId: ID, openingId: OPENING }, T0);
    expect(peekPendingAction(T0)).toMatchObject({ kind: 'book-opening', openingId: OPENING });
    // The profile's own Book (kind 'book') and another opening of the same provider leave it.
    expect(takePendingAction(ID, ['book', 'message'], T0)).toBeNull();
    expect(takePendingAction(ID, ['book-opening'], T0, 'another-opening')).toBeNull();
    expect(takePendingAction(ID, ['book-opening'], T0)).toBeNull();
    expect(takePendingAction(ID, ['book-opening'], T0, OPENING)).toMatchObject({ openingId: OPENING });
    expect(peekPendingAction(T0)).toBeNull();
  });

  it('saves the action with the page it was pressed on', () => {
    savePendingAction({ kind: 'favorite', providerId: ID }, T0);
    expect(peekPendingAction(T0 + 1000)).toEqual({
      kind: 'favorite',
      providerId: ID,
      path: '/?q=balayage',
      savedAt: T0,
    });
    // Peeking leaves it for its owner.
    expect(peekPendingAction(T0 + 2000)?.kind).toBe('favorite');
  });

  it('keeps only the latest action', () => {
    savePendingAction({ kind: 'favorite', providerId: ID }, T0);
    savePendingAction({ kind: 'message', providerId: 'other' }, T0 + 10);
    expect(peekPendingAction(T0 + 20)).toMatchObject({ kind: 'message', providerId: 'other' });
  });

  it('expires after 30 minutes and is dropped', () => {
    savePendingAction({ kind: 'book', providerId: ID }, T0);
    expect(peekPendingAction(T0 + PENDING_ACTION_TTL_MS - 1)?.kind).toBe('book');
    expect(peekPendingAction(T0 + PENDING_ACTION_TTL_MS)).toBeNull();
    expect(items.has(PENDING_ACTION_KEY)).toBe(false);
  });

  it('drops an unreadable or foreign value', () => {
    items.set(PENDING_ACTION_KEY, '{not json');
    expect(peekPendingAction(T0)).toBeNull();
    items.set(PENDING_ACTION_KEY, JSON.stringify({ kind: 'book' }));
    expect(peekPendingAction(T0)).toBeNull();
    expect(items.has(PENDING_ACTION_KEY)).toBe(false);
  });

  it('is taken only by its provider and kind, then gone', () => {
    savePendingAction({ kind: 'message', providerId: ID }, T0);
    expect(takePendingAction('someone-else', ['message', 'book'], T0 + 1)).toBeNull();
    expect(takePendingAction(ID, ['favorite'], T0 + 1)).toBeNull();
    expect(takePendingAction(ID, ['message', 'book'], T0 + 1)).toMatchObject({ kind: 'message' });
    expect(takePendingAction(ID, ['message', 'book'], T0 + 2)).toBeNull();
  });

  it('is cleared', () => {
    savePendingAction({ kind: 'review', providerId: ID }, T0);
    clearPendingAction();
    expect(peekPendingAction(T0 + 1)).toBeNull();
  });

  it('does nothing when storage is blocked', () => {
    vi.stubGlobal('window', {
      location: { pathname: '/', search: '' },
      get sessionStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    expect(() => savePendingAction({ kind: 'favorite', providerId: ID }, T0)).not.toThrow();
    expect(peekPendingAction(T0)).toBeNull();
    expect(() => clearPendingAction()).not.toThrow();
  });
});
