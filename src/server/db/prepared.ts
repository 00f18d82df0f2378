import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { concatBytes } from './bytes';
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

/** What this needs of a PGlite (db/pglite-thread.ts's ThreadedPglite is one). */
type PgliteClient = Pick<
  PGlite,
  | '_checkReady'
  | '_runExclusiveTransaction'
  | '_runExclusiveQuery'
  | 'execProtocolStream'
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
  readonly #statements = new Map<string, PgliteStatement>();
  constructor(private readonly client: PgliteClient) {}

  async query<T>(text: string, params: unknown[]): Promise<T[]> {
    const client = this.client;
    await client._checkReady();
    // The same two locks as PGlite's query(): never inside another caller's transaction, one
    // statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let statement = this.#statements.get(text);
        if (!statement) {
          const name = this.#statements.size < MAX_PREPARED ? `q${this.#statements.size + 1}` : '';
          statement = await this.#prepare(name, text);
          if (name !== '') this.#statements.set(text, statement);
        }
        const paramTypes = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = client.serializers[paramTypes[i]!];
          return serialize ? serialize(value) : String(value);
        });
        const messages = await client.execProtocolStream(
          concatBytes([
            protocol.serialize.bind({ statement: statement.name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        const withFields = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
        const [result] = parse.parseResults(withFields, client.parsers, { parsers: RAW_TEXT });
        return (result?.rows ?? []) as T[];
      }),
    );
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
