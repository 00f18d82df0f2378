import type { AppContext } from '#server/context.ts';
import { PollingWorker } from '#server/lib/polling-loop.ts';

/**
 * Emails about new messages (docs/product.md 'Messages'): a thread side whose notify_due_at has come
 * gets one email with what it has not read, at most one per thread per 15 minutes.
 * (Being built: see the notifier's tests.)
 */
export class MessageNotifier extends PollingWorker {
  constructor(
    private readonly ctx: AppContext,
    pollMs: number,
  ) {
    super({ pollMs, onError: (error) => ctx.log.error({ err: error }, 'message notifications pass failed') });
  }

  protected async pass(): Promise<boolean> {
    await this.runOnce();
    return false;
  }

  /** One pass: every due thread side. Returns the emails queued. */
  async runOnce(): Promise<number> {
    return 0;
  }
}
