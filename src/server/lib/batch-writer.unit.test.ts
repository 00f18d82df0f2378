import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchWriter, type BatchWriterOptions } from './batch-writer';

/**
 * The batching both by-product writers share (the search log, insight events): when a batch goes,
 * what an unreachable database keeps, what a refused batch becomes, and the bound on the queue.
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
    write: async (batch) => {
      written.push(batch);
    },
    refused: async () => [],
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
    expect(logged).toEqual(['error test: database unavailable, will retry']);
    down = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([[1, 2]]);
    expect(w.size).toBe(0);
  });

  it('hands a refused batch to `refused`, and queues again only what it answers', async () => {
    const refusedWith: number[][] = [];
    let failures = 1;
    const { w, written } = writer({
      write: async (batch) => {
        if (failures-- > 0) throw new Error('invalid byte sequence');
        written.push(batch);
      },
      refused: async (batch) => {
        refusedWith.push(batch);
        return batch.filter((n) => n !== 2);
      },
    });
    w.push([1, 2]);
    await w.flush();
    expect(refusedWith).toEqual([[1, 2]]);
    expect(w.size).toBe(1);
    await w.close();
    expect(written).toEqual([[1]]);
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
