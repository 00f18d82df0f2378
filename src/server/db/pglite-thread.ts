import { Worker } from 'node:worker_threads';
import {
  Mutex,
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
} from '@electric-sql/pglite';
import { PGliteWorker } from '@electric-sql/pglite/worker';

/**
 * PGlite in a thread of its own. PGlite is PostgreSQL compiled to WebAssembly, and a statement runs
 * synchronously in the thread that called it: in the server's thread, every request, a cached
 * reply included, waited while a search ran (15–30 ms at 100,000 providers), so cache hits queued
 * behind misses (docs/performance.md). Here the database runs in a worker thread and the server's
 * thread only sends it wire protocol messages and reads the answers, so replies from the caches,
 * the JSON and the sockets go on while a statement runs.
 *
 * `ThreadedPglite` is a PGlite to its callers (drizzle's PGlite driver, db/prepared.ts): PGlite's
 * own base class, whose query(), exec() and transaction() send each statement to the thread as one
 * message, with PGlite's two locks and its notification listeners on this side. Every
 * answer is parsed here, so a NOTIFY's listeners are called before the promise of the statement
 * that committed it resolves, as with PGlite in the same thread (lib/catalogue-cache.ts relies on
 * it). Each call costs a message each way (tens of microseconds) on top of PGlite's own work.
 */

export interface ThreadStart {
  dataDir: string | undefined;
  /** A dumpDataDir() tarball to start from (OpenOptions.pgliteImage). */
  image: ArrayBuffer | undefined;
  /** PGlite's compiled WebAssembly, shared so each thread does not compile it again (tests). */
  wasmModule: WebAssembly.Module | undefined;
  startParams: string[];
}

type Request =
  | { op: 'protocol'; message: Uint8Array; syncToFs: boolean }
  | { op: 'query'; text: string; params: unknown[]; paramTypes: number[] | undefined }
  | { op: 'exec'; text: string }
  | { op: 'sync' }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' | undefined }
  | { op: 'close' };
export type ThreadRequest = { id: number } & Request;

/** id 0 is the start: ready, or the error that stopped it. */
export interface ThreadReply {
  id: number;
  data?: Uint8Array<ArrayBuffer>;
  error?: string;
}

/** PGlite's base class, which the package exports only as the parent of its browser worker. */
interface BaseMethods {
  serializers: PGlite['serializers'];
  parsers: PGlite['parsers'];
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  _initArrayTypes(): Promise<void>;
}
const BasePGlite = Object.getPrototypeOf(PGliteWorker) as abstract new () => BaseMethods;

type ExecOptions = {
  syncToFs?: boolean;
  throwOnError?: boolean;
  onNotice?: (notice: messages.NoticeMessage) => void;
};

/**
 * The thread's first module: it registers tsx's loader in the thread (Node 20 applies neither the
 * process's --import nor a worker's execArgv --import to a worker thread's modules) and then loads
 * the worker, written in TypeScript as the rest of the server.
 */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./pglite-thread-worker.ts', import.meta.url).href)});
})`;

export class ThreadedPglite extends BasePGlite {
  readonly debug = 0;
  readonly waitReady: Promise<void>;
  /** The thread's PGlite is ready (waitReady also has the array types read). */
  readonly #started: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (reply: ThreadReply) => void; reject: (e: Error) => void }
  >();
  #nextId = 1;
  #closed = false;
  /** Set when the thread ended or failed: every later call fails with it. */
  #failure: Error | null = null;
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  readonly #listenMutex = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(start: ThreadStart) {
    super();
    this.#worker = new Worker(BOOT, {
      eval: true,
      workerData: start,
      transferList: start.image ? [start.image] : [],
    });
    const started = new Promise<ThreadReply>((resolve, reject) => {
      this.#pending.set(0, { resolve, reject });
    });
    this.#worker.on('message', (reply: ThreadReply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      // The thread keeps the process alive only while a call waits for it.
      if (this.#pending.size === 0) this.#worker.unref();
      waiting?.resolve(reply);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`PGlite is closed (its thread exited with ${code})`)),
    );
    this.#started = started.then((reply) => {
      if (reply.error) throw new Error(reply.error);
    });
    this.waitReady = this.#started.then(() => this._initArrayTypes());
  }

  /** The thread is gone: this and every later call fail as calls to a closed PGlite do (a 503). */
  #fail(error: Error): void {
    this.#failure ??= error.message.startsWith('PGlite is closed')
      ? error
      : new Error(`PGlite is closed (its thread failed: ${error.message})`, { cause: error });
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
    this.#pending.clear();
  }

  async #call(request: Request, transfer: ArrayBuffer[] = []): Promise<ThreadReply> {
    if (this.#failure) throw this.#failure;
    const id = this.#nextId++;
    const reply = await new Promise<ThreadReply>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id }, transfer);
    });
    if (reply.error) throw new Error(reply.error);
    return reply;
  }

  async _checkReady(): Promise<void> {
    if (this.#closed) throw new Error('PGlite is closed');
    await this.#started;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  /**
   * PGlite's query() in one message to the thread instead of six (Parse, two Describes, Bind,
   * Execute and Sync are sent from there). A query with its own serializers or a blob takes
   * PGlite's own way.
   */
  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.serializers || options?.blob) return super.query<T>(text, params, options);
    await this._checkReady();
    const reply = await this.#inTurn({ op: 'query', text, params, paramTypes: options?.paramTypes });
    return this.#results(reply, text, params, options)[0] as Results<T>;
  }

  /** PGlite's exec() (the simple protocol, several statements), in one message to the thread. */
  override async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    if (options?.blob) return super.exec(text, options);
    await this._checkReady();
    const reply = await this.#inTurn({ op: 'exec', text });
    return this.#results(reply, text, undefined, options);
  }

  /**
   * Protocol messages that need no answer before they are sent (db/prepared.ts's Bind, Execute and
   * Sync of a statement already prepared), sent in turn as query() sends a statement. `build` is
   * called under the locks, just before the message is sent: what it reads of the session (which
   * settings the last message left) is what the thread will have run when this one runs.
   */
  async execProtocolInTurn(build: () => Uint8Array): Promise<messages.BackendMessage[]> {
    await this._checkReady();
    const reply = await this.#inTurn(() => {
      // A copy: the caller may reuse its buffer, and this one moves to the thread.
      const sent = build().slice();
      return [{ op: 'protocol', message: sent, syncToFs: false }, [sent.buffer]];
    });
    return this.#read(reply.data ?? new Uint8Array(0), true, undefined);
  }

  /**
   * Sends a statement outside any transaction. PGlite's two locks are held only while its message
   * is sent (so never inside another caller's transaction, and in the order the locks are taken),
   * not until its answer is back: the thread runs the statements of many requests back to back
   * instead of waiting, after each answer, for this thread to read it and send the next (under
   * the Zipf search load it waited about a quarter of the time). The thread answers in the order
   * it was sent, one message at a time, and each answer is read (its notifications handed to their
   * listeners) before the next one's message event is taken.
   */
  #inTurn(request: Request | (() => [Request, ArrayBuffer[]])): Promise<ThreadReply> {
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const [message, transfer] = typeof request === 'function' ? request() : [request, []];
        return { sent: this.#call(message, transfer) };
      }),
    ).then(({ sent }) => sent);
  }

  /** PGlite's transaction(), its statements sent as query() and exec() send theirs. */
  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this._checkReady();
    return this._runExclusiveTransaction(async () => {
      await this.#runExec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#runQuery<R>(text, params ?? [], options);
        },
        sql: async <R>(strings: TemplateStringsArray, ...params: unknown[]) => {
          open();
          return this.#runQuery<R>(
            strings.reduce((text, part, i) => `${text}$${i}${part}`),
            params,
          );
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.#runExec(text, options);
        },
        rollback: async () => {
          open();
          await this.#runExec('ROLLBACK');
          closed = true;
        },
        listen: async (channel: string, callback: (payload: string) => void) => {
          open();
          return this.listen(channel, callback, tx);
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [committed] = await this.#runExec('COMMIT');
          if (committed?.command === 'ROLLBACK') throw withStatement(new TransactionAbortedError(), 'COMMIT');
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#runExec('ROLLBACK');
        }
        throw error;
      }
    });
  }

  #runQuery<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      const reply = await this.#call({ op: 'query', text, params, paramTypes: options?.paramTypes });
      return this.#results(reply, text, params, options)[0] as Results<T>;
    });
  }

  #runExec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this._runExclusiveQuery(async () => {
      const reply = await this.#call({ op: 'exec', text });
      return this.#results(reply, text, undefined, options);
    });
  }

  /** A statement's answer as PGlite's query() and exec() give it: one result per statement. */
  #results(
    reply: ThreadReply,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Results[] {
    return parse.parseResults(this.#readStatement(reply.data, text, params, options), this.parsers, options);
  }

  /** #read, with a database error carrying its statement as PGlite's errors do. */
  #readStatement(
    data: Uint8Array | undefined,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): messages.BackendMessage[] {
    try {
      return this.#read(data ?? new Uint8Array(0), true, options?.onNotice);
    } catch (error) {
      if (error instanceof messages.DatabaseError) throw withStatement(error, text, params, options);
      throw error;
    }
  }

  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ExecOptions = {}): Promise<Uint8Array> {
    // A copy: the caller may reuse its buffer, and this one moves to the thread.
    const sent = message.slice();
    const reply = await this.#call({ op: 'protocol', message: sent, syncToFs }, [sent.buffer]);
    return reply.data ?? new Uint8Array(0);
  }

  async execProtocolRawStream(
    message: Uint8Array,
    { syncToFs = true, onRawData }: { syncToFs?: boolean; onRawData: (data: Uint8Array) => void },
  ): Promise<void> {
    onRawData(await this.execProtocolRaw(message, { syncToFs }));
  }

  async execProtocolStream(
    message: Uint8Array,
    { syncToFs = true, throwOnError = true, onNotice }: ExecOptions = {},
  ): Promise<messages.BackendMessage[]> {
    const data = await this.execProtocolRaw(message, { syncToFs });
    return this.#read(data, throwOnError, onNotice);
  }

  async execProtocol(
    message: Uint8Array,
    { syncToFs = true, throwOnError = true, onNotice }: ExecOptions = {},
  ): Promise<{ messages: messages.BackendMessage[]; data: Uint8Array }> {
    const data = await this.execProtocolRaw(message, { syncToFs });
    return { messages: this.#read(data, throwOnError, onNotice), data };
  }

  /**
   * PGlite's reading of an answer: the first database error is kept (and thrown), notices go to
   * `onNotice`, notifications to the channel's listeners (from a microtask, as PGlite does: after
   * the code running now, before the statement's promise resolves to its caller).
   */
  #read(
    data: Uint8Array,
    throwOnError: boolean,
    onNotice: ExecOptions['onNotice'],
  ): messages.BackendMessage[] {
    const results: messages.BackendMessage[] = [];
    let databaseError: messages.DatabaseError | null = null;
    new protocol.Parser().parse(data, (message) => {
      if (databaseError) return;
      if (message instanceof messages.DatabaseError) {
        if (throwOnError) databaseError = message;
      } else if (message instanceof messages.NoticeMessage) {
        onNotice?.(message);
      } else if (message instanceof messages.NotificationResponseMessage) {
        for (const listener of this.#listeners.get(message.channel) ?? [])
          queueMicrotask(() => listener(message.payload));
      }
      results.push(message);
    });
    if (databaseError) throw databaseError;
    return results;
  }

  async syncToFs(): Promise<void> {
    await this.#call({ op: 'sync' });
  }

  // COPY … TO/FROM '/dev/blob' (PGlite's files beside a statement) is not used by this app.
  async _handleBlob(blob?: Blob): Promise<void> {
    if (blob) throw new Error('PGlite in a thread does not take a blob with a statement');
  }
  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }
  async _cleanupBlob(): Promise<void> {}

  /** PGlite's listen(): the LISTEN runs in the database, the listeners are kept here. */
  listen(channel: string, callback: (payload: string) => void, tx?: Transaction) {
    return this.#listenMutex.runExclusive(async () => {
      const name = postgresName(channel);
      const listeners = this.#listeners.get(name) ?? new Set();
      this.#listeners.set(name, listeners);
      listeners.add(callback);
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`);
      } catch (error) {
        this.#forget(name, callback);
        throw error;
      }
      return async (unlistenTx?: Transaction) => {
        await this.#listenMutex.runExclusive(async () => {
          this.#forget(name, callback);
          if (!this.#listeners.has(name)) await (unlistenTx ?? this).exec(`UNLISTEN ${channel}`);
        });
      };
    });
  }

  #forget(name: string, callback: (payload: string) => void): void {
    const listeners = this.#listeners.get(name);
    listeners?.delete(callback);
    if (listeners?.size === 0) this.#listeners.delete(name);
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return this.#queryMutex.runExclusive(async () => {
      await this._checkReady();
      const reply = await this.#call({ op: 'dump', compression });
      return new Blob([reply.data ?? new Uint8Array(0)]);
    });
  }

  /** Waits for the statements under way (PGlite's close() does), closes the database, ends the thread. */
  async close(): Promise<void> {
    await this._checkReady();
    await this.#transactionMutex.runExclusive(() =>
      this.#queryMutex.runExclusive(async () => {
        await this._checkReady();
        this.#closed = true;
      }),
    );
    try {
      await this.#call({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}

/** PGlite's PGliteError: the database's error with the statement, its values and options. */
function withStatement(
  error: messages.DatabaseError,
  query: string,
  params?: unknown[],
  queryOptions?: QueryOptions,
): messages.DatabaseError {
  return Object.assign(error, { query, params, queryOptions });
}

/** PGlite's channel names: unquoted names fold to lower case, quoted ones are kept as written. */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}
