// Named (prepared) statements for the queries the application repeats, on PostgreSQL. Drizzle sends
// every query unnamed, so the server parses, analyses and plans it on every call; for a staff list
// that is most of the database's work. Once a query text has been seen a few times it gets a name
// (a hash of the text), node-postgres prepares it once per connection, and PostgreSQL keeps its
// parse. Its plan: after five runs a generic one when that is not worse (`plan_cache_mode = auto`),
// which a `limit` parameter never lets happen — so a list's first page has its limit written in
// (paged.ts, `PreparedPage`). docs/decisions/034-staff-lists-prepared-once-per-shape.md.
//
// Bounded: texts seen once (one-off SQL) are never named, and at most `maxStatements` texts are, so
// each connection holds at most that many. A statement whose result changed shape under it (a column's
// type altered) fails once ("cached plan must not change result type"); its text then gets a new
// name, and the next call prepares afresh (`mayBeStale`).
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface StatementNamer {
  /** The name to prepare `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined;
  /** After the server refused the prepared statement: the next call prepares `text` under a new name. */
  forget(text: string): void;
  /** How many texts have a name (tests, diagnostics). */
  readonly size: number;
}

/** Seen this many times before a text is named: one-off SQL stays unnamed. */
const MIN_USES = 3;
/** Texts counted but not (yet) named, at most: the count starts again when it is full. */
const MAX_COUNTED = 10_000;

export function createStatementNamer(maxStatements: number): StatementNamer {
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  let generation = 0;
  return {
    nameFor(text) {
      const name = names.get(text);
      if (name !== undefined || maxStatements <= 0) return name;
      if (names.size >= maxStatements) return undefined;
      const n = (uses.get(text) ?? 0) + 1;
      if (n < MIN_USES) {
        if (uses.size >= MAX_COUNTED) uses.clear();
        uses.set(text, n);
        return undefined;
      }
      uses.delete(text);
      const named = `frolic_${createHash('sha1').update(text).digest('hex').slice(0, 32)}_${generation}`;
      names.set(text, named);
      return named;
    },
    forget(text) {
      if (!names.delete(text)) return;
      generation++;
    },
    get size() {
      return names.size;
    },
  };
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * Whether the server's refusal may come from the prepared statement itself, which then gets a new
 * name: its result type changed under it (0A000 "cached plan must not change result type"), the
 * statement is gone from the session (26000, a pooler that reset it), or the schema moved under its
 * fixed parameter types (class 42: a column's type or a table changed). Re-preparing costs one parse.
 */
export const mayBeStale = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === '0A000' || code === '26000' || code.startsWith('42'));
};

/**
 * Names the repeated queries of every connection `pool` opens. Only queries sent as a config object
 * without a name (how Drizzle sends them; a query prepared by `prepared.ts` has the empty one) are touched; text queries, cursors and named statements go
 * as they are.
 */
export function nameStatements(pool: pg.Pool, namer: StatementNamer): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const c = config as QueryConfig | null;
      const plain = c !== null && typeof c === 'object' && typeof c.text === 'string' && !c.name && c.submit === undefined;
      if (!plain) return query(config, ...rest);
      const text = c.text as string;
      const name = namer.nameFor(text);
      if (name === undefined) return query(config, ...rest);
      const stale = (err: unknown) => {
        if (mayBeStale(err)) namer.forget(text);
      };
      // The pool calls with a callback; a checked-out client (a transaction) without one.
      const last = rest.at(-1);
      if (typeof last === 'function')
        return query({ ...c, name }, ...rest.slice(0, -1), (err: unknown, res: unknown) => {
          if (err) stale(err);
          (last as (err: unknown, res: unknown) => void)(err, res);
        });
      return (query({ ...c, name }, ...rest) as Promise<unknown>).catch((err: unknown) => {
        stale(err);
        throw err;
      });
    };
  });
}
