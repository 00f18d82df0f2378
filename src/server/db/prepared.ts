import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { concatBytes } from './bytes';
import type { ThreadedPglite } from './pglite-thread';
import type * as schema from './schema';

/** client.ts's Db, written out here: client.ts imports this module. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Prepared statements for statements built per request (a search's shape depends on its filters): the
 * statement is named by its text and parsed once per connection; each request binds its values.
 *
 * - PostgreSQL: node-postgres's named statements, cached by each pooled connection for its life.
 * - PGlite: PGlite's query() parses and describes every time (six protocol round trips into WASM),
 *   so this runs the extended protocol itself: Parse and Describe once per text, then one Bind,
 *   Execute, Sync per call.
 *
 * Each statement says how it is planned (PlanMode): 'custom', for its values on every run, the
 * connections' default (plan_cache_mode = force_custom_plan, client.ts); or 'generic', once per
 * connection, for a statement whose text fixes its own way through the tables, so that no value
 * changes which plan is best (ADR 031). A connection is switched (SET plan_cache_mode) only when its
 * last statement was planned the other way.
 *
 * Only for statements whose texts come from a bounded set of shapes (no values spliced into the
 * text), and only reads: a statement prepared here does not sync PGlite's files to disk.
 */
export type PlanMode = 'generic' | 'custom';

const SETTING: Record<PlanMode, string> = { generic: 'force_generic_plan', custom: 'force_custom_plan' };

/** SET plan_cache_mode of the mode. */
const setMode = (mode: PlanMode) => `SET plan_cache_mode = ${SETTING[mode]}`;

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

const observers = new WeakMap<Db, (text: string, params: unknown[], mode: PlanMode) => Promise<void>>();

/**
 * Calls `observe` with each statement executePrepared is about to run on `db` (its text, values and
 * plan mode), first: for the explain tests, which read the plan each one runs with.
 */
export function observePrepared(
  db: Db,
  observe: (text: string, params: unknown[], mode: PlanMode) => Promise<void>,
): Db {
  observers.set(db, observe);
  return db;
}

/**
 * Runs a read as a prepared statement named by its text, planned as `mode` says; answers its rows
 * like `db.execute`.
 */
export async function executePrepared<T>(db: Db, query: SQL, mode: PlanMode = 'custom'): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  await observers.get(db)?.(text, params, mode);
  const pglite = pgliteRunners.get(db);
  if (pglite) return pglite.query<T>(text, params, mode);
  let name: string | undefined = nameOf(text);
  if (!named.has(name)) {
    if (named.size >= MAX_PREPARED) name = undefined;
    else named.add(name);
  }
  const pool = (db._.session as unknown as { client: unknown }).client;
  if (pool instanceof pg.Pool)
    return runPooled<T>(pool, { name, text, values: params, types: PG_TYPES }, mode);
  // A transaction's connection (or a database this module was not told about): drizzle's own way,
  // and nothing switched, since a SET in a transaction is undone by its rollback.
  const statement = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  return ((await statement.execute()) as { rows: T[] }).rows;
}

/** The mode each PostgreSQL connection's last prepared statement was planned in (force_custom_plan before any). */
const connectionModes = new WeakMap<pg.ClientBase, PlanMode>();

/** A statement on a connection of the pool, switched to `mode` first when it is in the other. */
async function runPooled<T>(pool: pg.Pool, query: pg.QueryConfig, mode: PlanMode): Promise<T[]> {
  const connection = await pool.connect();
  try {
    // A statement without a name is planned for its values whatever the setting.
    if (query.name && (connectionModes.get(connection) ?? 'custom') !== mode) {
      await connection.query(setMode(mode));
      connectionModes.set(connection, mode);
    }
    const result = await connection.query(query);
    connection.release();
    return result.rows as T[];
  } catch (error) {
    // As pg's pool.query does: a connection whose statement failed is not reused.
    connection.release(error as Error);
    throw error;
  }
}

/**
 * What drizzle's drivers leave as text (they do for db.execute): dates and times, numeric[], the
 * arrays of dates and times.
 */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
]);

const RAW_TEXT = Object.fromEntries([...TEXT_TYPES].map((oid) => [oid, (value: string) => value]));

const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

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
  /** The mode the last statement sent was planned in (the session's plan_cache_mode). */
  #mode: PlanMode = 'custom';
  constructor(private readonly client: PgliteClient) {}

  async query<T>(text: string, params: unknown[], mode: PlanMode): Promise<T[]> {
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
    const bound = this.#run(statement, params);
    // Bound and run in turn with other callers' statements (ThreadedPglite.execProtocolInTurn):
    // the named statement stays whatever runs between. The mode is switched in the same message,
    // decided when it is sent: the session's setting is then what the last message sent left.
    let switched = false;
    const messages = await client.execProtocolInTurn(() => {
      switched = this.#mode !== mode;
      this.#mode = mode;
      return switched ? concatBytes([protocol.serialize.query(setMode(mode)), bound]) : bound;
    });
    // The SET's answer ends with its ReadyForQuery; the statement's follows.
    const own = switched
      ? messages.slice(messages.findIndex((m) => m.name === 'readyForQuery') + 1)
      : messages;
    return this.#rows<T>(statement, own);
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
