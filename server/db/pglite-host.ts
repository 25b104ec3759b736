// The embedded database's thread (started by pglite-remote.ts): PGlite opened here, its repeated
// texts named (pglite-statements.ts), and one message per call. Transactions stay open across
// messages: `begin` enters PGlite's transaction (which runs alone, as it always has) and holds it
// until `end` commits or rolls it back.
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type HostMessage, type HostOptions, type HostRequest, toWire } from './pglite-remote';
import { preparingClient, type QueryClient, type TxQueryClient } from './pglite-statements';
import { createStatementNamer } from './statement-cache';
import { type EmscriptenModule, rememberFileSizes } from './pglite-file-sizes';

function parent(): MessagePort {
  if (!parentPort) throw new Error('pglite-host.ts runs as a worker thread (pglite-remote.ts starts it).');
  return parentPort;
}
const port = parent();
const options = workerData as HostOptions;
const send = (message: HostMessage) => port.postMessage(message);

/** An open transaction: its client, and how to end it (true: commit). */
interface Open {
  client: TxQueryClient;
  end: (commit: boolean) => void;
}
const open = new Map<number, Open>();
/** Thrown inside PGlite's transaction to roll it back without an error for the caller. */
const ROLLBACK = Symbol('rollback');

/** Parsers that keep the given types as text (the caller parses them on its side), one object per set. */
const rawParsers = new Map<string, Record<number, (value: string) => string>>();
function keepAsText(oids: number[]): QueryOptions['parsers'] {
  if (!oids.length) return undefined;
  const key = oids.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(oids.map((oid) => [oid, (value: string) => value]))));
  return parsers;
}

async function main(): Promise<void> {
  let pg: PGlite;
  try {
    pg = new PGlite(options.dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    await pg.waitReady;
    // A data directory on disk: its files' sizes remembered, not asked of the disk at every seek.
    rememberFileSizes((pg as unknown as { Module: EmscriptenModule }).Module, { check: process.env.PGLITE_FILE_SIZE_CHECK === 'true' });
  } catch (err) {
    send({ event: 'failed', error: toWire(err) });
    return;
  }
  // The channels listened to: PGlite's listeners hear a NOTIFY that arrives through its own calls,
  // the named statements' decoder hands over those that arrive with its answers.
  const channels = new Set<string>();
  const notify = (channel: string, payload: string) => send({ event: 'notification', channel, payload });
  // Kept as PostgreSQL names them (an unquoted name folds to lower case), as a notification carries it.
  const heard = (channel: string, payload: string) => {
    if (channels.has(channel)) notify(channel, payload);
  };
  const client: QueryClient = options.statementCache > 0 ? preparingClient(pg, createStatementNamer(options.statementCache), heard) : pg;

  // The end of each transaction, answered when PGlite's transaction promise settles.
  const ended = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();
  const settleEnd = (tx: number, err?: unknown) => {
    const waiter = ended.get(tx);
    ended.delete(tx);
    if (err === undefined || err === ROLLBACK) waiter?.resolve();
    else waiter?.reject(err);
  };

  const handlers: { [K in HostRequest['op']]: (request: Extract<HostRequest, { op: K }>) => Promise<unknown> } = {
    async query({ tx, text, params, rowMode, raw, paramTypes }) {
      const on = tx === undefined ? client : open.get(tx)?.client;
      if (!on) throw new Error('The transaction has ended.');
      const { blob, ...result } = await on.query(text, params, { rowMode, parsers: keepAsText(raw), paramTypes });
      void blob;
      return result;
    },
    async exec({ text }) {
      return (await pg.exec(text)).map(({ blob, ...result }) => (void blob, result));
    },
    begin({ tx, plain }) {
      return new Promise<void>((began, failed) => {
        let started = false;
        (plain ? pg : client)
          .transaction(
            (inside) =>
              new Promise<void>((resolve, reject) => {
                open.set(tx, { client: inside, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
                started = true;
                began();
              }),
          )
          .then(
            () => settleEnd(tx),
            (err: unknown) => (started ? settleEnd(tx, err) : failed(err)),
          );
      });
    },
    end({ tx, commit }) {
      const entry = open.get(tx);
      if (!entry) throw new Error('The transaction has ended.');
      return new Promise<void>((resolve, reject) => {
        // PGlite's transaction settles after its COMMIT or ROLLBACK ran: answer then.
        ended.set(tx, { resolve, reject });
        open.delete(tx);
        entry.end(commit);
      });
    },
    async listen({ channel }) {
      await pg.listen(channel, (payload) => notify(channel, payload));
      channels.add(channel.startsWith('"') ? channel.slice(1, -1).replaceAll('""', '"') : channel.toLowerCase());
    },
    dump: () => pg.dumpDataDir('none'),
    async close() {
      await pg.close();
      setImmediate(() => port.close());
    },
  };

  port.on('message', (request: HostRequest) => {
    const handler = handlers[request.op] as (r: HostRequest) => Promise<unknown>;
    Promise.resolve()
      .then(() => handler(request))
      .then((value) => send({ id: request.id, ok: true, value }))
      // A failure, or an answer that cannot cross threads: the caller gets the error, the thread goes on.
      .catch((err: unknown) => send({ id: request.id, ok: false, error: toWire(err) }));
  });
  send({ event: 'ready' });
}

void main();
