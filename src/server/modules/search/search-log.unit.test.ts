import { describe, expect, it } from 'vitest';
import { isRefinement, SettlingSearches } from './search-log';

interface Row {
  query: string;
  sessionId?: string | null;
  filters?: { priceRange?: [number, number] };
}

const SETTLE = 3_000;

/** A SettlingSearches driven by a fake clock; `logged` is every row released so far, in order. */
function harness(maxHeld = 10_000) {
  const settling = new SettlingSearches<Row>(SETTLE, maxHeld);
  const logged: Row[] = [];
  let now = 0;
  return {
    settling,
    logged,
    /** A search from `sessionId` (default 'tab-1'), `afterMs` after the previous one. */
    search(
      query: string,
      options: { afterMs?: number; sessionId?: string | null; filters?: Row['filters'] } = {},
    ) {
      now += options.afterMs ?? 300;
      const row: Row = { query, sessionId: options.sessionId === undefined ? 'tab-1' : options.sessionId };
      if (options.filters) row.filters = options.filters;
      logged.push(...settling.offer(row, now));
    },
    /** Moves the clock on and releases what has settled, as the writer's timer does. */
    wait(ms: number) {
      now += ms;
      logged.push(...settling.expired(now));
    },
    flush() {
      logged.push(...settling.releaseAll());
    },
    get now() {
      return now;
    },
    queries: () => logged.map((r) => r.query),
  };
}

const typed = (word: string) => Array.from(word, (_, i) => word.slice(0, i + 1));

describe('isRefinement: does a newer search from the same session continue the held one?', () => {
  it.each([
    ['bal', 'bala', true, 'typing on'],
    ['balayage', 'balayage', true, 'the same text (other filters, zip or sort)'],
    ['balayagr', 'balayag', true, 'deleting back'],
    ['', 'n', true, 'typing into an empty box'],
    ['', '', true, 'filters alone, changed'],
    ['Bal', 'balAYAGE', true, 'case does not matter'],
    ['balayage  ', 'balayage   78701', true, 'runs of spaces count as one'],
    ['balayage', '', false, 'clearing the box ends the search'],
    ['balayage', 'nails', false, 'another query'],
    ['balayage', 'balyage', false, 'a change in the middle'],
    ['hair color', 'hair cut', false, 'a different last word'],
  ])('%j → %j: %s (%s)', (held, next, expected) => {
    expect(isRefinement(held, next)).toBe(expected);
  });
});

describe('one row per search the person made', () => {
  it('typing b, ba, …, balayage, then pausing, logs one row: balayage', () => {
    const h = harness();
    for (const q of typed('balayage')) h.search(q);
    expect(h.logged).toEqual([]);
    h.wait(SETTLE - 1);
    expect(h.logged).toEqual([]); // still within the window
    h.wait(1);
    expect(h.queries()).toEqual(['balayage']);
    expect(h.settling.size).toBe(0);
  });

  it('then five slider steps within seconds are the same search refined: one row, the last filters', () => {
    const h = harness();
    for (const q of typed('balayage')) h.search(q);
    for (const max of [400, 300, 250, 200, 150])
      h.search('balayage', { afterMs: 600, filters: { priceRange: [15, max] } });
    h.wait(SETTLE);
    expect(h.logged).toEqual([{ query: 'balayage', sessionId: 'tab-1', filters: { priceRange: [15, 150] } }]);
  });

  it('a slider step after the pause is a new row (the window has passed)', () => {
    const h = harness();
    h.search('balayage');
    h.search('balayage', { afterMs: SETTLE + 1_000, filters: { priceRange: [15, 200] } });
    expect(h.queries()).toEqual(['balayage']); // released by the newer search, which the clock had settled
    h.flush();
    expect(h.logged.map((r) => r.filters)).toEqual([undefined, { priceRange: [15, 200] }]);
  });

  it('balayage → cleared box → nails within the window is two rows, with or without a search for the empty box', () => {
    const withFilters = harness();
    const price = { priceRange: [15, 150] as [number, number] };
    for (const q of typed('balayage')) withFilters.search(q, { filters: price });
    withFilters.search('', { filters: price }); // a price filter lets the empty box search
    for (const q of typed('nails')) withFilters.search(q, { filters: price });
    withFilters.wait(SETTLE);
    expect(withFilters.queries()).toEqual(['balayage', 'nails']);

    const plain = harness();
    for (const q of typed('balayage')) plain.search(q);
    for (const q of typed('nails')) plain.search(q); // the empty box alone sends no search
    plain.wait(SETTLE);
    expect(plain.queries()).toEqual(['balayage', 'nails']);
  });

  it('the whole journey: typing, pausing, the slider, a new query: three rows', () => {
    const h = harness();
    for (const q of typed('balayage')) h.search(q);
    h.wait(SETTLE + 500);
    for (const max of [400, 300, 250, 200, 150])
      h.search('balayage', { afterMs: 400, filters: { priceRange: [15, max] } });
    for (const q of typed('nails')) h.search(q, { afterMs: 250 });
    h.wait(SETTLE);
    expect(h.logged).toEqual([
      { query: 'balayage', sessionId: 'tab-1' },
      { query: 'balayage', sessionId: 'tab-1', filters: { priceRange: [15, 150] } },
      { query: 'nails', sessionId: 'tab-1' },
    ]);
  });

  it('correcting a typo by deleting and typing on is one search', () => {
    const h = harness();
    for (const q of ['bal', 'balagy', 'bala', 'balay', 'balayage']) h.search(q);
    h.wait(SETTLE);
    expect(h.queries()).toEqual(['balayage']);
  });

  it('each refinement restarts the window: slow typing with pauses under it stays one search', () => {
    const h = harness();
    h.search('bal');
    h.search('bala', { afterMs: 2_500 });
    h.search('balay', { afterMs: 2_500 });
    h.search('balayage', { afterMs: 2_500 });
    h.wait(SETTLE - 1);
    expect(h.logged).toEqual([]);
    h.wait(1);
    expect(h.queries()).toEqual(['balayage']);
  });

  it('a prefix after the window has passed is a new search', () => {
    const h = harness();
    h.search('balayage');
    h.search('bal', { afterMs: SETTLE });
    h.flush();
    expect(h.queries()).toEqual(['balayage', 'bal']);
  });

  it('sessions do not refine each other, even typing the same words at the same time', () => {
    const h = harness();
    for (const q of typed('balayage')) {
      h.search(q, { sessionId: 'tab-1' });
      h.search(q, { afterMs: 10, sessionId: 'tab-2' });
    }
    h.wait(SETTLE);
    expect(h.logged).toEqual([
      { query: 'balayage', sessionId: 'tab-1' },
      { query: 'balayage', sessionId: 'tab-2' },
    ]);
  });

  it('a search without a session id is logged at once, after what the clock has settled', () => {
    const h = harness();
    h.search('balayage', { sessionId: 'tab-1' });
    h.search('b', { afterMs: SETTLE, sessionId: null });
    h.search('ba', { sessionId: '' });
    expect(h.queries()).toEqual(['balayage', 'b', 'ba']);
    expect(h.settling.size).toBe(0);
  });

  it('releaseAll (flush, close) answers every held search, oldest first, and holds nothing after', () => {
    const h = harness();
    h.search('nails', { sessionId: 'tab-1' });
    h.search('lashes', { sessionId: 'tab-2' });
    h.search('nail art', { sessionId: 'tab-1' }); // another query: 'nails' goes, 'nail art' is held last
    expect(h.queries()).toEqual(['nails']);
    expect(h.settling.nextDeadline()).toBe(h.now - 300 + SETTLE); // tab-2's
    h.flush();
    expect(h.queries()).toEqual(['nails', 'lashes', 'nail art']);
    expect(h.settling.size).toBe(0);
    expect(h.settling.nextDeadline()).toBeNull();
  });

  it('holds at most maxHeld sessions: beyond, the one quiet the longest is logged', () => {
    const h = harness(2);
    h.search('braids', { sessionId: 'a' });
    h.search('fade', { sessionId: 'b' });
    h.search('braids box', { sessionId: 'a' }); // a refinement: 'a' is now the most recent
    h.search('waxing', { sessionId: 'c' });
    expect(h.queries()).toEqual(['fade']);
    expect(h.settling.size).toBe(2);
    h.flush();
    expect(h.queries()).toEqual(['fade', 'braids box', 'waxing']);
  });
});
