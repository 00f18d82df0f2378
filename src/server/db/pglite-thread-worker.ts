import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, parse, protocol } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { concatBytes } from './bytes';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread';

/**
 * The embedded database's own thread (db/pglite-thread.ts): one PGlite, which runs the wire
 * protocol messages the server's thread sends, one at a time, and answers the bytes PostgreSQL
 * wrote. Nothing is parsed here: errors, rows and notifications are read on the server's thread.
 */
const start = workerData as ThreadStart;
const port = parentPort!;

// cube and earthdistance must be listed before pg_trgm (db/client.ts says why).
const client = new PGlite({
  ...(start.dataDir ? { dataDir: start.dataDir } : {}),
  ...(start.image ? { loadDataDir: new Blob([start.image]) } : {}),
  ...(start.wasmModule ? { pgliteWasmModule: start.wasmModule } : {}),
  startParams: start.startParams,
  extensions: { cube, earthdistance, pg_trgm },
});

/** Runs protocol messages; answers the bytes PostgreSQL wrote (PGlite's own parser left out). */
async function run(message: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await client.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (bytes) => chunks.push(bytes.slice()),
  });
  return concatBytes(chunks);
}

function backendMessages(bytes: Uint8Array): messages.BackendMessage[] {
  const out: messages.BackendMessage[] = [];
  new protocol.Parser().parse(bytes, (message) => out.push(message));
  return out;
}

const failed = (bytes: Uint8Array) => backendMessages(bytes).some((m) => m instanceof messages.DatabaseError);

/** PGlite writes its files after a statement outside a transaction (as its query() and exec() do). */
async function syncOutsideTransaction(): Promise<void> {
  if (!client.isInTransaction()) await client.syncToFs();
}

/**
 * PGlite's query(), in one call from the server's thread instead of six: Parse; Describe of the
 * statement, whose parameter types choose each value's serializer; Bind, Describe of the portal,
 * Execute; Sync. The answer holds every message but the statement's description, as PGlite's
 * query() reads them; after a failed step only the Sync is sent, as there.
 */
async function query(
  text: string,
  params: unknown[],
  paramTypes: number[] | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  const answers: Uint8Array<ArrayBuffer>[] = [];
  const parsed = await run(protocol.serialize.parse({ text, ...(paramTypes ? { types: paramTypes } : {}) }));
  answers.push(parsed);
  if (!failed(parsed)) {
    const described = await run(protocol.serialize.describe({ type: 'S' }));
    if (failed(described)) answers.push(described);
    else {
      const types = parse.parseDescribeStatementResults(backendMessages(described));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = client.serializers[types[i]!];
        return serialize ? serialize(value) : String(value);
      });
      answers.push(
        await run(
          concatBytes([
            protocol.serialize.bind({ values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
          ]),
        ),
      );
    }
  }
  answers.push(await run(protocol.serialize.sync()));
  await syncOutsideTransaction();
  return concatBytes(answers);
}

async function answer(request: ThreadRequest): Promise<ThreadReply> {
  switch (request.op) {
    case 'protocol': {
      const data = await run(request.message);
      if (request.syncToFs) await client.syncToFs();
      return { id: request.id, data };
    }
    case 'query':
      return { id: request.id, data: await query(request.text, request.params, request.paramTypes) };
    case 'exec': {
      const data = concatBytes([
        await run(protocol.serialize.query(request.text)),
        await run(protocol.serialize.sync()),
      ]);
      await syncOutsideTransaction();
      return { id: request.id, data };
    }
    case 'sync':
      await client.syncToFs();
      return { id: request.id };
    case 'dump': {
      const blob = await client.dumpDataDir(request.compression);
      return { id: request.id, data: new Uint8Array(await blob.arrayBuffer()) };
    }
    case 'close':
      await client.close();
      return { id: request.id };
  }
}

// One request at a time, in the order sent: the caller's locks already make it so; the chain keeps
// a stray request (a sync beside a statement) from interleaving with another.
let line: Promise<unknown> = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  line = line.then(async () => {
    let reply: ThreadReply;
    try {
      reply = await answer(request);
    } catch (error) {
      reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply, reply.data ? [reply.data.buffer] : []);
  });
});

client.waitReady.then(
  () => port.postMessage({ id: 0 } satisfies ThreadReply),
  (error: unknown) =>
    port.postMessage({
      id: 0,
      error: error instanceof Error ? error.message : String(error),
    } satisfies ThreadReply),
);
