/**
 * A background job that runs one pass at a time: every `pollMs`, at once when kicked, and again
 * straight away when a pass says there is more to do. stop() waits for the pass in flight. Used by
 * the mail worker and the opening-alert dispatcher (through PollingWorker).
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly opts: {
      pollMs: number;
      /** One pass; resolves true when it stopped at a batch limit and should run again now. */
      pass: () => Promise<boolean>;
      onError: (error: unknown) => void;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs a pass now (after a change that queued work). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.opts
      .pass()
      .then((more) => {
        if (more) this.again = true;
      })
      .catch(this.opts.onError)
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const next = this.again ? 0 : this.opts.pollMs;
        this.again = false;
        this.schedule(next);
      });
  }
}

/**
 * start / kick / stop for a background worker whose pass is one method (the mail worker, the
 * opening-alert dispatcher): subclasses write `pass` and nothing else about scheduling.
 */
export abstract class PollingWorker {
  private readonly loop: PollingLoop;

  constructor(opts: { pollMs: number; onError: (error: unknown) => void }) {
    this.loop = new PollingLoop({ pollMs: opts.pollMs, pass: () => this.pass(), onError: opts.onError });
  }

  /** One pass; resolves true when it stopped at a batch limit and should run again now. */
  protected abstract pass(): Promise<boolean>;

  start(): void {
    this.loop.start();
  }

  /** Runs a pass now (after a change that queued work). */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling; resolves when the pass in flight has finished. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }
}
