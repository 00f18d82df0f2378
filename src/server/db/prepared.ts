import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { concatBytes } from './bytes';
import type { ThreadedPglite } from './pglite-thread';
import type * as schema from './schema';

/** client.ts's Db, written out here: client.ts imports this module. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Prepared statements for statements built per request (a search's shape depends on its filters): the
 * statement is named by its text and parsed once per connection; each request binds its values.
 *
 * - PostgreSQL: node-postgres's named statements (drizzle passes the name through), cached by each
 *   pooled connection for its life.
 * - PGlite: drizzle ignores the name there, and PGlite's query() parses and describes every time
 *   (six protocol round trips into WASM), so this runs the extended protocol itself: Parse and
 *   Describe once per text, then one Bind, Execute, Sync per call.
 *
 * Each run is planned for its values: the connections set plan_cache_mode = force_custom_plan
 * (client.ts says why generic plans were not kept; ADR 031).
 *
 * Only for statements whose texts come from a bounded set of shapes (no values spliced into the
 * text), and only reads: a statement prepared here does not sync PGlite's files to disk.
 */
const dialect = new PgDialect();

/** More distinct texts than this runs the rest unnamed: a bug that splices values cannot fill memory. */
export const MAX_PREPARED = 2000;

const named = new Set<string>();

/** A stable name of a text (PostgreSQL names are at most 63 bytes). */
const nameOf = (text: string) => `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** What this needs of the PGlite it runs statements on (db/pglite-thread.ts's). */
type PgliteClient = Pick<
  ThreadedPglite,
  | '_checkReady'
  | '_runExclusiveTransaction'
  | '_runExclusiveQuery'
  | 'execProtocolStream'
  | 'execProtocolInTurn'
  | 'serializers'
  | 'parsers'
>;

const pgliteRunners = new WeakMap<Db, PglitePrepared>();

/** Makes `db` (a PGlite database) run executePrepared's statements through `client`'s protocol. */
export function preparePgliteStatements(db: Db, client: PgliteClient): void {
  pgliteRunners.set(db, new PglitePrepared(client));
}

const observers = new WeakMap<Db, (text: string, params: unknown[]) => Promise<void>>();

/**
 * Calls `observe` with each statement executePrepared is about to run on `db` (its text and
 * values), first: for the explain tests, which read the plan each one runs with.
 */
export function observePrepared(db: Db, observe: (text: string, params: unknown[]) => Promise<void>): Db {
  observers.set(db, observe);
  return db;
}

/** Runs a read as a prepared statement named by its text; answers its rows like `db.execute`. */
export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  await observers.get(db)?.(text, params);
  const pglite = pgliteRunners.get(db);
  if (pglite) return pglite.query<T>(text, params);
  const name = nameOf(text);
  if (!named.has(name)) {
    if (named.size >= MAX_PREPARED) return rowsOfResult<T>(await db.execute(query));
    named.add(name);
  }
  const statement = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  return rowsOfResult<T>(await statement.execute());
}

const rowsOfResult = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What drizzle's PGlite driver leaves as text (it does for db.execute): dates and times, numeric[]. */
const RAW_TEXT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, (value: string) => value],
  ),
);

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface PgliteStatement {
  /** '' is PostgreSQL's unnamed statement, replaced by the next one. */
  name: string;
  /** The parameters' type ids (Describe of the statement), for PGlite's serializers. */
  paramTypes: number[];
  /** The statement's RowDescription, which parseResults needs before the rows. */
  rowDescription: Message | null;
}

class PglitePrepared {
  /** Each text's statement, prepared or being prepared (a failed one is forgotten). */
  readonly #statements = new Map<string, Promise<PgliteStatement>>();
  /** Names given so far: a name is never given twice, even after its Parse failed. */
  #named = 0;
  constructor(private readonly client: PgliteClient) {}

  async query<T>(text: string, params: unknown[]): Promise<T[]> {
    const client = this.client;
    await client._checkReady();
    const known = this.#statements.get(text);
    if (!known && this.#statements.size >= MAX_PREPARED) {
      // Unnamed: the next Parse replaces it, so it is bound under the same two locks as PGlite's
      // query() takes (never inside another caller's transaction, one statement at a time).
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const statement = await this.#prepare('', text);
          const messages = await client.execProtocolStream(this.#run(statement, params), { syncToFs: false });
          return this.#rows<T>(statement, messages);
        }),
      );
    }
    const statement = await (known ?? this.#prepareNamed(text));
    // Bound and run in turn with other callers' statements (ThreadedPglite.execProtocolInTurn):
    // the named statement stays whatever runs between.
    return this.#rows<T>(statement, await client.execProtocolInTurn(this.#run(statement, params)));
  }

  /** Parse and Describe under the two locks, once per text; later callers wait for the same. */
  #prepareNamed(text: string): Promise<PgliteStatement> {
    const client = this.client;
    const name = `q${++this.#named}`;
    const preparing = client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => this.#prepare(name, text)),
    );
    this.#statements.set(text, preparing);
    preparing.catch(() => this.#statements.delete(text));
    return preparing;
  }

  /** Bind (each value by its parameter's serializer), Execute, Sync. */
  #run(statement: PgliteStatement, params: unknown[]): Uint8Array {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.client.serializers[statement.paramTypes[i]!];
      return serialize ? serialize(value) : String(value);
    });
    return concatBytes([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
  }

  #rows<T>(statement: PgliteStatement, messages: Message[]): T[] {
    const withFields = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const [result] = parse.parseResults(withFields, this.client.parsers, { parsers: RAW_TEXT });
    return (result?.rows ?? []) as T[];
  }

  async #prepare(name: string, text: string): Promise<PgliteStatement> {
    const messages = await this.client.execProtocolStream(
      concatBytes([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
  }
}
