import type { Db } from '../db/client';

/**
 * Effects that cross modules, as typed events: the module where something happens emits it and does
 * not import the modules that react; src/server/app.ts (the composition root) subscribes their
 * services (docs/architecture.md "Events"). This keeps the module graph one-way.
 *
 * Handlers run one after another and `emit` awaits them all, so an effect that must share the
 * emitter's transaction gets it in the payload (`tx`): a handler that throws fails the emit, and the
 * transaction rolls back with everything it wrote.
 */
export interface AppEvents {
  /** A provider posted an opening, in `tx`: saved searches record their matches in the same transaction. */
  'opening.posted': {
    tx: Db;
    now: Date;
    opening: {
      id: string;
      providerId: string;
      startTime: Date;
      timeZone: string;
      price: string | null;
      /** At a reduced price (regular_price set): saved searches for reduced openings only match these. */
      reduced: boolean;
    };
  };
  /** A saved-search alert email was queued in `tx`, listing openings of these providers (each may repeat). */
  'saved-search-alert.sent': { tx: Db; providerIds: string[]; at: Date };
  /** A message was written to a thread in `tx` (from the app or an emailed reply): its recipient may be pushed. */
  'message.posted': { tx: Db; now: Date; messageId: string; threadId: string };
  /** A login ended (logout, a session revoked, a reused refresh token): what it subscribed stops. */
  'login.ended': { db: Db; familyId: string };
  /** A notification about one of these providers' openings was opened from a push (counted once per person and opening). */
  'push.opened': { db: Db; providerId: string; at: Date };
  /** A client saved a provider not already in their list (insights count only a client's first save ever). */
  'favorite.added': { db: Db; clientId: string; providerId: string; at: Date };
}

type Handler<P> = (payload: P) => unknown;

export class EventBus<Events extends object = AppEvents> {
  private readonly handlers = new Map<keyof Events, Handler<never>[]>();

  /** Subscribes `handler` to `name` (in src/server/app.ts; tests may subscribe too). */
  on<K extends keyof Events>(name: K, handler: Handler<Events[K]>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(name, list);
  }

  /** Runs the handlers of `name` in the order they subscribed, each awaited before the next. */
  async emit<K extends keyof Events>(name: K, payload: Events[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) await (handler as Handler<Events[K]>)(payload);
  }
}
