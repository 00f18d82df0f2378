import { describe, expect, it } from 'vitest';
import {
  CatalogueVersion,
  etagOf,
  matchesEtag,
  ReplyCache,
  stringBytes,
  VersionedMemo,
} from './catalogue-cache';

const reply = (body: string, expiresAt = Number.POSITIVE_INFINITY) => ({ body, value: null, expiresAt });

describe('ReplyCache', () => {
  it('answers only for the version an entry was made at; a newer version empties it', () => {
    const cache = new ReplyCache(1_000_000);
    cache.set(3, 'a', reply('{"a":1}'));
    expect(cache.get(3, 'a', 0)?.body).toBe('{"a":1}');
    expect(cache.get(4, 'a', 0)).toBeUndefined();
    cache.set(4, 'b', reply('{"b":1}'));
    expect(cache.size).toBe(1);
    expect(cache.get(3, 'a', 0)).toBeUndefined();
  });

  it('never keeps a reply made at an older version than the one it holds', () => {
    const cache = new ReplyCache(1_000_000);
    cache.set(5, 'a', reply('new'));
    const late = cache.set(4, 'b', reply('old'));
    expect(late.body).toBe('old');
    expect(cache.get(5, 'b', 0)).toBeUndefined();
    expect(cache.get(5, 'a', 0)?.body).toBe('new');
  });

  it('drops an entry once its time has come', () => {
    const cache = new ReplyCache(1_000_000);
    cache.set(1, 'a', reply('x', 1000));
    expect(cache.get(1, 'a', 999)?.body).toBe('x');
    expect(cache.get(1, 'a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps within its bytes, dropping the least recently used first', () => {
    const body = 'x'.repeat(1000);
    const cache = new ReplyCache(3 * (body.length + 1 + 256));
    for (const key of ['a', 'b', 'c']) cache.set(1, key, reply(body));
    cache.get(1, 'a', 0); // a is now the most recently used
    cache.set(1, 'd', reply(body));
    expect(cache.size).toBe(3);
    expect(cache.get(1, 'b', 0)).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(cache.get(1, key, 0)).toBeDefined();
    // A reply larger than the whole budget is answered, not kept.
    expect(cache.set(1, 'huge', reply('y'.repeat(10_000))).body).toHaveLength(10_000);
    expect(cache.get(1, 'huge', 0)).toBeUndefined();
  });

  it('counts each entry as the memory it holds: Latin-1 text a byte a character, other text two, its kept value', () => {
    expect(stringBytes('{"name":"Zoë"}')).toBe(14);
    expect(stringBytes('{"name":"Ngọc"}')).toBe(30);
    expect(stringBytes('💇')).toBe(4);
    const latin1 = 'x'.repeat(1000);
    const wide = `${'x'.repeat(999)}ọ`;
    const budget = 2 * (1000 + 1 + 256);
    const ascii = new ReplyCache(budget);
    for (const key of ['a', 'b']) ascii.set(1, key, reply(latin1));
    expect(ascii.size).toBe(2);
    // The same length with one character past Latin-1 is twice the memory: one fits.
    const twoByte = new ReplyCache(budget);
    for (const key of ['a', 'b']) twoByte.set(1, key, reply(wide));
    expect(twoByte.size).toBe(1);
    expect(twoByte.get(1, 'b', 0)?.body).toBe(wide);
    // A kept value counts twice its JSON unless the route says how much it holds.
    const withValue = new ReplyCache(budget);
    const value = { shown: 'y'.repeat(300) };
    for (const key of ['a', 'b']) withValue.set(1, key, { ...reply(latin1), value });
    expect(withValue.size).toBe(1);
    const declared = new ReplyCache(budget);
    for (const key of ['a', 'b']) declared.set(1, key, { ...reply(latin1), value, valueBytes: 0 });
    expect(declared.size).toBe(2);
  });

  it('replaces an entry under the same key without counting it twice', () => {
    const cache = new ReplyCache(2 * (10 + 1 + 256));
    cache.set(1, 'a', reply('0123456789'));
    cache.set(1, 'a', reply('9876543210'));
    cache.set(1, 'b', reply('0123456789'));
    expect(cache.get(1, 'a', 0)?.body).toBe('9876543210');
    expect(cache.get(1, 'b', 0)).toBeDefined();
  });
});

describe('VersionedMemo', () => {
  it('answers a value at the version it was kept under only', () => {
    const memo = new VersionedMemo<boolean>(10);
    memo.set(3, 'a', false);
    expect(memo.get(3, 'a')).toBe(false);
    expect(memo.get(4, 'a')).toBeUndefined();
    expect(memo.get(2, 'a')).toBeUndefined();
  });

  it('empties at a newer version and keeps nothing read at an older one', () => {
    const memo = new VersionedMemo<string>(10);
    memo.set(3, 'a', 'A3');
    memo.set(4, 'b', 'B4');
    expect(memo.get(4, 'a')).toBeUndefined();
    expect(memo.size).toBe(1);
    // A slower miss that read at version 3 finishes after version 4's: it must not come back.
    memo.set(3, 'a', 'A3');
    expect(memo.get(4, 'a')).toBeUndefined();
    expect(memo.get(3, 'a')).toBeUndefined();
    expect(memo.size).toBe(1);
  });

  it('drops the least recently used past its size', () => {
    const memo = new VersionedMemo<number>(2);
    memo.set(1, 'a', 1);
    memo.set(1, 'b', 2);
    expect(memo.get(1, 'a')).toBe(1);
    memo.set(1, 'c', 3);
    expect(memo.size).toBe(2);
    expect(memo.get(1, 'b')).toBeUndefined();
    expect(memo.get(1, 'a')).toBe(1);
    expect(memo.get(1, 'c')).toBe(3);
  });
});

describe('ETags', () => {
  it('are strong, quoted and follow the body', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });

  it('match If-None-Match lists, weak forms and *', () => {
    const tag = '"abc"';
    expect(matchesEtag(undefined, tag)).toBe(false);
    expect(matchesEtag('"abc"', tag)).toBe(true);
    expect(matchesEtag('W/"abc"', tag)).toBe(true);
    expect(matchesEtag('"x", "abc"', tag)).toBe(true);
    expect(matchesEtag(' * ', tag)).toBe(true);
    expect(matchesEtag('"abcd"', tag)).toBe(false);
    expect(matchesEtag('abc', tag)).toBe(false);
  });
});

/** A database read the test completes by hand, counting the reads started. */
function manualReads() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  return {
    pending,
    read: () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
}

/** Two turns of the event loop: a read starts at the end of the turn it was asked for in. */
const tick = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

describe('CatalogueVersion.polled', () => {
  it('answers each call with a read that started after the call', async () => {
    const reads = manualReads();
    const version = CatalogueVersion.polled(reads.read);
    const first = version.current();
    await tick();
    expect(reads.pending).toHaveLength(1);
    // A call while that read is out must not use it: a write may have committed in between.
    const second = version.current();
    const third = version.current();
    await tick();
    expect(reads.pending).toHaveLength(1);
    reads.pending[0]!.resolve(7);
    expect(await first).toBe(7);
    await tick();
    expect(reads.pending).toHaveLength(2); // one read, shared by the two calls that waited
    reads.pending[1]!.resolve(8);
    expect(await second).toBe(8);
    expect(await third).toBe(8);
  });

  it('shares one read among the calls of the turn in which the previous read ended', async () => {
    const reads = manualReads();
    const version = CatalogueVersion.polled(reads.read);
    const first = version.current();
    await tick();
    const second = version.current();
    reads.pending[0]!.resolve(3);
    expect(await first).toBe(3);
    // Still the turn the first read ended in: the next read has not started and takes this call too.
    const third = version.current();
    expect(reads.pending).toHaveLength(1);
    await tick();
    expect(reads.pending).toHaveLength(2);
    reads.pending[1]!.resolve(4);
    expect([await second, await third]).toEqual([4, 4]);
  });

  it('lets a failed read fail its callers and the next call read again', async () => {
    const reads = manualReads();
    const version = CatalogueVersion.polled(reads.read);
    const first = version.current();
    await tick();
    reads.pending[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    const next = version.current();
    await tick();
    reads.pending[1]!.resolve(9);
    expect(await next).toBe(9);
  });
});

describe('CatalogueVersion.pushed', () => {
  it('reads once, then takes what is pushed, never going back', async () => {
    let reads = 0;
    const version = await CatalogueVersion.pushed(async () => {
      reads += 1;
      return 4;
    });
    expect(await version.current()).toBe(4);
    version.observe(6);
    version.observe(5);
    version.observe(Number.NaN);
    expect(await version.current()).toBe(6);
    expect(reads).toBe(1);
  });
});
