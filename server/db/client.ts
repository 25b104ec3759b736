// Opens the one database client of the process: PGlite under DATA_DIR by default, node-postgres when
// DATABASE_URL is set. Also applies migrations (under an advisory lock) and exposes LISTEN/NOTIFY.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { createStatementNamer, nameStatements } from './statement-cache';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './pglite-remote';
import type { QueryClient } from './pglite-statements';
import { MIGRATIONS_DIR } from '../root';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What services accept: the database, or the transaction they are asked to run inside. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** PGlite only: the embedded database's client (the SQL editor's runs need its own transaction, array rows and SET LOCAL ROLE). */
  pglite?: EmbeddedDatabase;
  /** Deliver `payload` to every listener of `channel`, in this process and in others (NOTIFY). */
  notify(channel: string, payload: string): Promise<void>;
  /** PGlite only: settles if the embedded database's thread stops on its own (pglite-remote.ts). */
  stopped?: Promise<Error>;
  /** Subscribe to a channel (LISTEN); returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Arbitrary constant identifying "Frolic migrations" among advisory locks.
const MIGRATION_LOCK_KEY = 727_101;
// Another: "a Frolic instance is preparing the database" (everything a start writes).
const STARTUP_LOCK_KEY = 727_102;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** How many repeated query texts become prepared statements (0: none; statement-cache.ts, pglite-statements.ts). */
  statementCache?: number;
  migrationsFolder?: string;
}

/** Repeated query texts prepared, at most, unless configured (DATABASE_STATEMENT_CACHE). */
export const DEFAULT_STATEMENT_CACHE = 500;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.statementCache ?? DEFAULT_STATEMENT_CACHE)
    : openPglite(options, options.statementCache ?? DEFAULT_STATEMENT_CACHE);
}

async function openPglite(options: OpenOptions, statementCache: number): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // On its own thread (pglite-remote.ts), with pg_trgm (the audit log's and the users' substring
  // search; migration 0013 creates the extension) and the repeated texts named (pglite-statements.ts).
  const client = await startEmbeddedDatabase({ dataDir, statementCache, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    stopped: client.stopped,
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => unlisten();
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number, statementCache: number): Promise<Database> {
  // A fixed-size pool: a connection once opened is kept (pg's default closes one idle for 10 s). A
  // new connection is a new PostgreSQL backend with cold caches and none of the statements the cache
  // prepared on the old one, so a burst after a quiet spell would pay for both in its first seconds.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, min: poolSize });
  if (statementCache > 0) nameStatements(pool, createStatementNamer(statementCache));
  // An idle connection dropped by the server (restart, failover, admin command) must not crash the
  // process: the pool replaces it on the next query.
  const onIdleError = (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('PostgreSQL connection error:', err.message);
  };
  pool.on('error', onIdleError);
  // One dedicated connection for LISTEN, opened on first use and re-opened (re-issuing every LISTEN)
  // if the server drops it, so cross-instance delivery survives a database restart.
  let listener: Promise<pg.Client> | undefined;
  let closing = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const connectListener = (): Promise<pg.Client> => {
    const p = (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', onIdleError);
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      client.on('end', () => {
        listener = undefined;
        if (!closing && handlers.size) setTimeout(() => void ensureListener().catch(() => undefined), 1000);
      });
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return client;
    })();
    p.catch(() => {
      listener = undefined;
    });
    return p;
  };
  const ensureListener = () => (listener ??= connectListener());
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db,
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(onPayload);
      const client = await ensureListener();
      if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closing = true;
      await listener?.then((c) => c.end()).catch(() => undefined);
      await pool.end();
    },
  };
}

/**
 * Applies pending migrations. The Drizzle migrator takes no lock, so instances starting together on
 * one PostgreSQL would race: a session-level advisory lock serialises them.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  // The lock must be held on the connection that migrates: run everything in one transaction-less
  // session of a dedicated client.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    conn.release();
  }
}

/**
 * Runs `work` holding the start-up lock. Instances starting together on one PostgreSQL take turns at
 * what a start writes — migrations, system roles, demo content, the first master admin, the demo
 * users — each of which reads before it writes and so does nothing the second time; unserialised,
 * two of them would insert the same demo content or the same first admin and one would crash. On
 * PGlite the process owns the data directory: nothing to wait for.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  // A session-level lock on a connection of its own, held while `work` uses the pool.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    conn.release();
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The rows of one statement whose text is written out, for the hottest paths: no query builder at
 * each call, and the statement cache prepares it once it repeats, on either database (its text never
 * changes: statement-cache.ts). `text` uses $1…$n: cast each parameter (`$1::uuid`) so that both
 * drivers send it as text. Outside a transaction: the statement is one of its own.
 */
export async function statementRows<T>(db: Db, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | QueryClient }).$client;
  const result = client instanceof pg.Pool ? await client.query({ text, values }) : await client.query<T>(text, values);
  return result.rows as T[];
}

/** The rows of a raw query, typed by the caller (drizzle's `execute` answers `unknown` for both drivers' result shapes). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
