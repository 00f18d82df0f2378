import type { FastifyBaseLogger } from 'fastify';

export interface Background {
  /**
   * Runs `task` after the current request has answered, without the request waiting for it.
   * A failure is logged with `task` as its name; nothing else sees it.
   */
  background: (name: string, task: () => Promise<unknown>) => void;
  /** Resolves once every task started so far (and any they started) has finished. */
  settle: () => Promise<void>;
}

/**
 * Work a request starts and does not wait for, e.g. looking up an address and mailing it: the
 * answer then takes the same time whatever the work finds. Tracked so that shutdown and tests can
 * wait for it (`settle()`).
 */
export function backgroundTasks(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    background(name, task) {
      const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: name }, `background task failed: ${name}`),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
