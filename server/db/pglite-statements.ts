// Named (prepared) statements on PGlite, the embedded database's counterpart of statement-cache.ts.
// PGlite's `query` sends every statement unnamed, as six calls into the database (parse, describe the
// statement, bind, describe the portal, execute, sync), so each call is parsed, analysed and planned
// again. Here a text the namer picked (repeated; at most DATABASE_STATEMENT_CACHE of them) is parsed
// once under its name, its parameter types and result columns kept, and every later call is one call
// into the database: bind, execute, sync. PostgreSQL keeps the plan (a generic one after five runs
// when that is not worse). docs/decisions/034-staff-lists-prepared-once-per-shape.md.
//
// PGlite has one session, shared with the SQL editor; the editor refuses PREPARE, DEALLOCATE, DISCARD
// and schema changes (server/modules/sql/classify.ts), so nothing else drops or shadows these names.
// A statement the database refuses as stale (its result type changed under it, or it is gone) is
// forgotten; outside a transaction the call is then run again unnamed, so the caller never sees it.
import { type PGlite, type QueryOptions, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite';
import { decodeRows, parseMessages, resultOf } from './pglite-rows';
import { mayBeStale, type StatementNamer } from './statement-cache';

/** Queries: what a transaction's client offers. */
export interface TxQueryClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}
/** What Drizzle's PGlite driver (and statementRows) needs of a client: queries and transactions. */
export interface QueryClient extends TxQueryClient {
  transaction<T>(work: (tx: TxQueryClient) => Promise<T>): Promise<T>;
}

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

interface Prepared {
  name: string;
  /** The parameters' type oids, as the database inferred them: each value is serialised for its type. */
  paramTypes: number[];
  /** The statement's row description (none for a statement without rows), put before each call's rows. */
  description: Message[];
  /** Its columns, as a result names them. */
  fields: { name: string; dataTypeID: number }[];
}

/** PGlite's members its own `query` uses, public in JavaScript but not in its types. */
interface Internals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  syncToFs(): Promise<void>;
}

const { serialize } = protocol;
const { DatabaseError, NotificationResponseMessage } = protocol.messages;
type RowDescriptionMessage = InstanceType<typeof protocol.messages.RowDescriptionMessage>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The error as PGlite's own `query` throws it: the database's error with the query attached. */
function withQuery(err: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined): unknown {
  if (err !== null && typeof err === 'object' && 'code' in err) Object.assign(err, { query, params, queryOptions });
  return err;
}

/**
 * `onNotification`: a NOTIFY that arrives with a named statement's answer (PGlite's own listeners
 * hear only those that arrive through its own calls).
 */
export function preparingClient(client: PGlite, namer: StatementNamer, onNotification?: (channel: string, payload: string) => void): QueryClient {
  const pg = client as PGlite & Internals;
  const prepared = new Map<string, Prepared>();
  // Names whose text was forgotten: closed in the database with the next statement prepared.
  const retired: string[] = [];

  async function prepare(text: string, name: string, options: QueryOptions | undefined): Promise<Prepared> {
    const closes = retired.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    const message = concat([...closes, serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const { messages } = await pg.execProtocol(message, { syncToFs: false });
    const description = messages.filter((m) => m.name === 'rowDescription');
    const fields = description.flatMap((m) => (m as RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })));
    return { name, paramTypes: parse.parseDescribeStatementResults(messages), description, fields };
  }

  async function execute<T>(statement: Prepared, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    const message = concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
    // The caller's parsers over PGlite's, by prototype: parseResults would copy all of PGlite's parsers
    // into a new object at every call to merge them (and Drizzle passes parsers every time).
    const parsers = options?.parsers ? (Object.assign(Object.create(pg.parsers), options.parsers) as Internals['parsers']) : pg.parsers;
    // The answer as bytes, decoded here (decodeRows): PGlite's own parser copies every field into an
    // ArrayBuffer of its own before decoding it, the costliest part of a row-heavy answer on the
    // database's thread. An answer with anything else in it (an error, a notice, a notification) goes
    // to PGlite's.
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (data) => chunks.push(data.slice()) });
    const bytes = chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks);
    const decoded = decodeRows(bytes);
    if (decoded) return resultOf<T>(statement.fields, decoded, parsers, options?.rowMode);
    const messages = parseMessages(bytes);
    const error = messages.find((m) => m instanceof DatabaseError);
    if (error) throw error;
    for (const m of messages) if (m instanceof NotificationResponseMessage) onNotification?.(m.channel, m.payload);
    return parse.parseResults([...statement.description, ...messages], parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  async function run<T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, tx: Transaction | undefined): Promise<Results<T>> {
    const unnamed = () => (tx ? tx.query<T>(text, params, options) : pg.query<T>(text, params, options));
    if (options?.blob) return unnamed();
    const name = namer.nameFor(text);
    if (name === undefined) return unnamed();
    // As PGlite's own `query` does first: a closing or closed database refuses the call.
    await pg._checkReady();
    const named = () =>
      pg._runExclusiveQuery(async () => {
        let statement = prepared.get(text);
        if (statement?.name !== name) {
          statement = await prepare(text, name, options);
          prepared.set(text, statement);
        }
        const result = await execute<T>(statement, params, options);
        if (!tx) await pg.syncToFs();
        return result;
      });
    try {
      // Outside a transaction a query waits for any transaction to end, as PGlite's own does.
      return await (tx ? named() : pg._runExclusiveTransaction(named));
    } catch (err) {
      if (!mayBeStale(err)) throw withQuery(err, text, params, options);
      prepared.delete(text);
      namer.forget(text);
      retired.push(name);
      // In a transaction the error has aborted it: the caller's rollback follows.
      if (tx) throw withQuery(err, text, params, options);
      return unnamed();
    }
  }

  const inside = (tx: Transaction): TxQueryClient => ({
    query: (text, params, options) => run(text, params, options, tx),
  });
  return {
    query: (text, params, options) => run(text, params, options, undefined),
    transaction: (work) => pg.transaction((tx) => work(inside(tx))),
  };
}
