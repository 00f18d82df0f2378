import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchWriter, type BatchWriterOptions } from './batch-writer';

/**
 * The batching both by-product writers share (the search log, insight events): when a batch goes,
 * what an unreachable database keeps, how a refused batch is split around its bad items, and the
 * bound on the queue.
 */

const logged: string[] = [];
const log = {
  warn: (...args: unknown[]) => logged.push(`warn ${String(args.at(-1))}`),
  error: (...args: unknown[]) => logged.push(`error ${String(args.at(-1))}`),
} as unknown as FastifyBaseLogger;

function writer(overrides: Partial<BatchWriterOptions<number>> = {}) {
  const written: number[][] = [];
  const w = new BatchWriter<number>({
    log,
    label: 'test',
    intervalMs: 100,
    maxBatch: 3,
    maxQueued: 5,
    itemName: 'item',
    write: async (batch) => {
      written.push(batch);
    },
    ...overrides,
  });
  return { w, written };
}

const unreachable = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

afterEach(() => {
  vi.useRealTimers();
  logged.length = 0;
});

describe('BatchWriter', () => {
  it('writes after the interval, or at once when a batch is full, in batches of at most maxBatch', async () => {
    vi.useFakeTimers();
    const { w, written } = writer();
    w.push([1, 2]);
    await vi.advanceTimersByTimeAsync(99);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([[1, 2]]);
    w.push([3, 4, 5, 6]);
    await w.flush();
    expect(written).toEqual([[1, 2], [3, 4, 5], [6]]);
    expect(w.size).toBe(0);
  });

  it('keeps a batch while the database is unreachable and writes it a second later', async () => {
    vi.useFakeTimers();
    let down = true;
    const written: number[][] = [];
    const { w } = writer({
      write: async (batch) => {
        if (down) throw unreachable();
        written.push(batch);
      },
    });
    w.push([1, 2]);
    await w.flush();
    expect(w.size).toBe(2);
    expect(logged).toEqual([
      'error test: database unavailable (ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432), 2 waiting, will retry',
    ]);
    down = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([[1, 2]]);
    expect(w.size).toBe(0);
  });

  it('splits a refused batch until each bad item is alone, drops those with one line each, writes the rest', async () => {
    const attempts: number[][] = [];
    const { w, written } = writer({
      maxBatch: 8,
      maxQueued: 8,
      write: async (batch) => {
        attempts.push(batch);
        // 3 and 6 are bad; the database also refuses a statement too big to bind (08P01): a
        // statement's fault, not an outage, so it is split like any other refusal.
        if (batch.includes(3))
          throw Object.assign(new Error('violates foreign key constraint'), { code: '23503' });
        if (batch.includes(6))
          throw Object.assign(new Error('bind message has 30000 parameter formats'), { code: '08P01' });
        written.push(batch);
      },
    });
    w.push([1, 2, 3, 4, 5, 6, 7, 8]);
    await w.flush();
    expect(w.size).toBe(0);
    expect(written.flat().sort()).toEqual([1, 2, 4, 5, 7, 8]);
    expect(logged).toEqual([
      'warn test: one item refused by the database (23503 violates foreign key constraint), dropped',
      'warn test: one item refused by the database (08P01 bind message has 30000 parameter formats), dropped',
    ]);
    // Halves, not one by one: 8 → 4+4 → 2+2 and 2+2 → singles only around the bad items.
    expect(attempts.length).toBeLessThanOrEqual(11);
  });

  it('keeps a batch whole, unsplit, when the refusal is of the moment (deadlock, timeout, out of resources)', async () => {
    for (const code of ['40P01', '40001', '57014', '55P03', '53300']) {
      let attempts = 0;
      const { w, written } = writer({
        maxBatch: 10,
        write: async (batch) => {
          attempts += 1;
          if (attempts === 1) throw Object.assign(new Error('passing trouble'), { code });
          written.push(batch);
        },
      });
      w.push([1, 2, 3]);
      await w.flush();
      expect(attempts, code).toBe(1);
      expect(w.size, code).toBe(3);
      await w.close();
      expect(written, code).toEqual([[1, 2, 3]]);
    }
    expect(logged.some((line) => line.includes('refused by the database'))).toBe(false);
  });

  it('keeps what is left when the database goes away while a refused batch is being split', async () => {
    let down = false;
    const { w, written } = writer({
      maxBatch: 4,
      write: async (batch) => {
        if (down) throw unreachable();
        if (batch.includes(1)) {
          // The bad item is found, and then the database becomes unreachable.
          if (batch.length === 1) down = true;
          throw Object.assign(new Error('value too long'), { code: '22001' });
        }
        written.push(batch);
      },
    });
    w.push([1, 2, 3, 4]);
    await w.flush();
    expect(w.size).toBe(3);
    down = false;
    await w.close();
    expect(written.flat().sort()).toEqual([2, 3, 4]);
  });

  it('drops the oldest beyond maxQueued, and says at close what it could not write', async () => {
    const { w } = writer({
      maxBatch: 100,
      write: async () => {
        throw unreachable();
      },
    });
    w.push([1, 2, 3, 4, 5, 6, 7]);
    expect(w.size).toBe(5);
    expect(logged).toContain('warn test: queue full, dropped the oldest');
    await w.close();
    expect(w.size).toBe(5);
    expect(logged).toContain('error test: 5 not written before shutdown');
  });

  it('runs afterWrite once each pass has emptied the queue, not while the database is away', async () => {
    let down = false;
    let after = 0;
    const { w } = writer({
      write: async () => {
        if (down) throw unreachable();
      },
      afterWrite: async () => {
        after += 1;
      },
    });
    await w.flush();
    expect(after).toBe(1);
    down = true;
    w.push([1]);
    await w.flush();
    expect(after).toBe(1);
  });
});
