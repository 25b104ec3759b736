// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every
// query runs on the thread that calls it, so in the server's thread a list's query, its rows' decoding
// and every other request took turns on one core — and a long query (the SQL editor's, an export)
// froze the HTTP server and the chat with it. Here PGlite runs in a worker thread
// (pglite-host.ts, with the named statements of pglite-statements.ts), and this side is the client
// the rest of the process uses: Drizzle's (query and transaction), the SQL editor's (a transaction
// with array rows), exec, LISTEN, and the data-directory dump the tests clone. The server's thread
// keeps HTTP, rendering and JSON; the database's thread keeps PostgreSQL — two cores instead of one.
//
// A call is a message; its answer comes back with the rows as PGlite's types decoded them, except
// the types a caller brings its own parsers for (Drizzle keeps dates and intervals as text): those
// cross as text and the caller's parsers run here. Errors come back as PGlite's DatabaseError with
// the database's fields (code, constraint, detail…), so callers see what PGlite would have thrown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { QueryClient, TxQueryClient } from './pglite-statements';

export interface HostOptions {
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir: string;
  loadDataDir?: Blob;
  /** How many repeated texts become named statements (0: none). */
  statementCache: number;
}

/** A request to the database's thread. `tx` names the open transaction a query belongs to. */
export type HostRequest =
  | { op: 'query'; id: number; tx?: number; text: string; params: unknown[]; rowMode?: 'array' | 'object'; raw: number[]; paramTypes?: number[] }
  | { op: 'exec'; id: number; text: string }
  | { op: 'begin'; id: number; tx: number; plain: boolean }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

/** A request before it is numbered. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** An error as it crosses threads: its message, its name, and the database's fields. */
export interface WireError {
  message: string;
  name: string;
  database: boolean;
  fields: Record<string, unknown>;
}

export type HostMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { event: 'notification'; channel: string; payload: string }
  | { event: 'ready' }
  | { event: 'failed'; error: WireError };

/** The fields of PGlite's DatabaseError worth carrying (what PostgreSQL reports, and the query). */
export const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
  'length',
] as const;

export function toWire(err: unknown): WireError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', database: false, fields: {} };
  const fields: Record<string, unknown> = {};
  const database = err instanceof messages.DatabaseError;
  for (const key of ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (value !== undefined && (key !== 'params' || isCloneable(value))) fields[key] = value;
  }
  return { message: err.message, name: err.name, database, fields };
}

function isCloneable(value: unknown): boolean {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

function fromWire(wire: WireError): Error {
  if (wire.database) return Object.assign(new messages.DatabaseError(wire.message, Number(wire.fields.length ?? 0), 'error'), wire.fields);
  const err = new Error(wire.message);
  err.name = wire.name;
  return Object.assign(err, wire.fields);
}

/** The embedded database as the process sees it. */
export interface EmbeddedDatabase extends QueryClient {
  /**
   * PGlite's own transaction, its statements never named: the SQL editor's (its texts are the
   * user's, run under SET LOCAL ROLE, and must not outlive the run as prepared statements).
   */
  plainTransaction<T>(work: (tx: TxQueryClient) => Promise<T>): Promise<T>;
  /** Several statements in one text (no parameters), outside any transaction. */
  exec(text: string): Promise<Results[]>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => void>;
  dumpDataDir(): Promise<Blob>;
  /** Settles if the thread stops without `close()` (PGlite aborted, out of memory): the process should restart. */
  readonly stopped: Promise<Error>;
  readonly closed: boolean;
  close(): Promise<void>;
}

/**
 * The database's thread: the build's bundle beside the server's (build/server/pglite-host.js), or —
 * running from source (tests, `npm run dev`) — pglite-host.ts through tsx's loader, registered in
 * the thread before it imports the file.
 */
function startHost(options: HostOptions): Worker {
  const here = import.meta.url;
  if (!new URL(here).pathname.endsWith('.ts')) return new Worker(new URL('./pglite-host.js', here), { workerData: options });
  const host = JSON.stringify(new URL('./pglite-host.ts', here).href);
  // Resolved here, from this file: the thread's own resolution would start from the working directory.
  const tsx = JSON.stringify(tsxEsmApi(here));
  const code = `import(${tsx}).then(({ register }) => { register(); return import(${host}); });`;
  return new Worker(code, { eval: true, workerData: options });
}

/** tsx's ESM API as its package exports it, found from `from` (Vitest's module runner has no import.meta.resolve). */
function tsxEsmApi(from: string): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), (exports['./esm/api'] as { import: { default: string } }).import.default)).href;
}

/** Starts the database's thread and resolves once PGlite is open there (or rejects with why it could not open). */
export async function startEmbeddedDatabase(options: HostOptions): Promise<EmbeddedDatabase> {
  const worker = startHost(options);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let nextTx = 1;
  let closed = false;
  let closing: Promise<void> | undefined;
  let gone: Error | undefined;
  let stop!: (err: Error) => void;
  const stopped = new Promise<Error>((resolve) => (stop = resolve));

  // The thread keeps the process alive only while an answer is awaited, like a query in progress
  // would; an idle database (or a LISTEN) does not hold a finished script open.
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: HostMessage) => {
      if ('event' in message) {
        if (message.event === 'ready') resolve();
        else if (message.event === 'failed') {
          reject(fromWire(message.error));
          void worker.terminate();
        } else for (const handler of listeners.get(message.channel) ?? []) handler(message.payload);
        return;
      }
      const call = settle(message.id);
      if (!call) return;
      if (message.ok) call.resolve(message.value);
      else call.reject(fromWire(message.error));
    });
    const fail = (err: Error) => {
      if (gone) return;
      gone = err;
      if (!closing && !closed) stop(err);
      closed = true;
      reject(err);
      for (const id of [...pending.keys()]) settle(id)?.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
  });

  const call = <T>(request: WithoutId<HostRequest>): Promise<T> => {
    if (gone) return Promise.reject(gone);
    if (closing) return Promise.reject(new Error('The embedded database is closing.'));
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id } as HostRequest);
      } catch (err) {
        // A parameter that cannot cross threads (a function, a symbol): this call fails, nothing waits.
        settle(id);
        reject(err as Error);
      }
    });
  };

  async function query<T>(text: string, params: unknown[] = [], queryOptions: QueryOptions = {}, tx?: number): Promise<Results<T>> {
    if (queryOptions.serializers || queryOptions.blob) throw new Error('The embedded database takes no serializers or blobs.');
    const parsers = queryOptions.parsers;
    const raw = parsers ? Object.keys(parsers).map(Number) : [];
    const result = await call<Results<T>>({ op: 'query', tx, text, params, rowMode: queryOptions.rowMode, raw, paramTypes: queryOptions.paramTypes });
    if (parsers) applyParsers(result as Results<unknown>, parsers);
    return result;
  }

  async function transaction<T>(work: (tx: TxQueryClient) => Promise<T>, plain: boolean): Promise<T> {
    const tx = nextTx++;
    await call({ op: 'begin', tx, plain });
    let result: T;
    try {
      result = await work({ query: (text, params, queryOptions) => query(text, params, queryOptions, tx) });
    } catch (err) {
      // The caller's error is the one to see, even if the rollback fails too (the thread gone).
      await call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await call({ op: 'end', tx, commit: true });
    return result;
  }

  try {
    await ready;
  } finally {
    worker.unref();
  }

  return {
    query: (text, params, queryOptions) => query(text, params, queryOptions),
    transaction: (work) => transaction(work, false),
    plainTransaction: (work) => transaction(work, true),
    exec: (text) => call<Results[]>({ op: 'exec', text }),
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        try {
          await call({ op: 'listen', channel });
        } catch (err) {
          listeners.delete(channel);
          throw err;
        }
      }
      set.add(onPayload);
      return () => {
        set.delete(onPayload);
      };
    },
    dumpDataDir: () => call<Blob>({ op: 'dump' }),
    get closed() {
      return closed;
    },
    stopped,
    close() {
      if (closed && !closing) return Promise.resolve();
      // One close, awaited by every caller; calls made meanwhile are refused.
      closing ||= (async () => {
        try {
          await call({ op: 'close' });
        } finally {
          closed = true;
          gone ??= new Error('The embedded database is closed.');
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}

/** The caller's parsers on the fields PGlite sent as text, in place (rows by index or by name: there the last column of a name). */
function applyParsers(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>): void {
  const byName = result.rows.length > 0 && !Array.isArray(result.rows[0]);
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID] as ((value: string, type: number) => unknown) | undefined;
    if (!parse) return;
    if (byName && result.fields.findLastIndex((f) => f.name === field.name) !== i) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = Array.isArray(row) ? i : field.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
}
