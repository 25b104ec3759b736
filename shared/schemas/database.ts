// The Database Management screen (issue 19, master admin only): the table browser's queries and
// the SQL editor's requests and answers — one contract for the API and the screen.
import { z } from './zod';
import { requiredText } from './text';
import { SQL_MAX_LENGTH } from '../database-constants';
import { withoutNul } from './admin';

export { DEFAULT_SQL, EXACT_COUNT_BELOW, SPEC_TABLES, SQL_MAX_LENGTH, SQL_ROW_CAP, TABLE_PAGE_SIZE } from '../database-constants';

const sqlText = z
  .string({ error: 'Enter a query.' })
  .max(SQL_MAX_LENGTH, `At most ${SQL_MAX_LENGTH.toLocaleString('en')} characters.`)
  .transform((v) => withoutNul(v) ?? '')
  .refine((v) => v.trim() !== '', 'Enter a query.');

/** POST /api/admin/sql/check: what the text would do, before it runs (the write confirmation). */
export const sqlCheckBody = z.object({ sql: sqlText });

/** POST /api/admin/sql/run. `allowWrites` is the screen's switch; writes also need the step-up. */
export const sqlRunBody = z.object({
  sql: sqlText,
  allowWrites: z.boolean().default(false),
  /** The tables the confirmation listed: a write runs only if they are exactly the tables it changes. */
  confirmedTables: z.array(z.string().max(128)).max(100).optional(),
});

/** POST /api/admin/sql/saved, PUT /api/admin/sql/saved/:id. */
export const savedQueryBody = z.object({
  name: z
    .string({ error: 'Enter a name.' })
    .transform((v) => withoutNul(v)?.trim() ?? '')
    .pipe(requiredText('Enter a name.').max(120, 'At most 120 characters.')),
  sql: sqlText,
});

/** GET /api/admin/database/tables/:name?after=…: the keyset cursor is the last row's primary key, as JSON. */
export const tableRowsQuery = z.object({
  after: z
    .string()
    .max(2_000)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        const parsed: unknown = JSON.parse(v);
        if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((p) => typeof p === 'string' || typeof p === 'number'))
          return parsed as (string | number)[];
      } catch {
        // answered below
      }
      ctx.addIssue({ code: 'custom', message: 'The cursor is not valid.' });
      return z.NEVER;
    }),
});

export type StatementKind = 'read' | 'write';

/** One statement of the text as the parser sees it. */
export interface CheckedStatement {
  /** The statement's own text (from the parser's offsets). */
  text: string;
  /** SELECT, INSERT, UPDATE, DELETE, MERGE, EXPLAIN, SHOW. */
  command: string;
  kind: StatementKind;
  /** The tables a write changes (its target and those of writes inside its CTEs); empty for a read. */
  tables: string[];
  /** EXPLAIN ANALYZE only: the statement it runs (its plan is what the cost cap checks). */
  analyzes?: string;
}

export interface SqlCheck {
  statements: CheckedStatement[];
  writes: boolean;
  /** Every table the writes change, once each, sorted. */
  tables: string[];
}

export interface ResultColumn {
  name: string;
  /** The PostgreSQL type name (int4, text, timestamptz …). */
  type: string;
  /** A secret column (password hash, token hash …): its cells are null, shown as hidden as in the table browser. */
  masked: boolean;
}

/** A cell as JSON: numbers, strings, booleans, null; timestamps as ISO strings; bytea as \x hex; json as is. */
export type Cell = string | number | boolean | null | object;

export interface StatementResult {
  text: string;
  command: string;
  columns: ResultColumn[];
  rows: Cell[][];
  /** Rows returned (reads) or changed (writes). */
  rowCount: number;
  /** A read had more than SQL_ROW_CAP rows: only the first SQL_ROW_CAP were fetched. */
  more: boolean;
}

export interface SqlRunResult {
  results: StatementResult[];
  durationMs: number;
  writes: boolean;
}

export interface SavedQuery {
  id: number;
  name: string;
  sql: string;
  createdBy: string | null;
  createdByName: string | null;
  updatedAt: string;
}

export interface SqlHistoryEntry {
  id: number;
  sql: string;
  userId: string | null;
  userName: string | null;
  outcome: 'ok' | 'error' | 'refused';
  writes: boolean;
  rowCount: number | null;
  durationMs: number | null;
  error: string | null;
  at: string;
}

export interface TableSummary {
  name: string;
  /** The planner's estimate, or the exact count when it was small enough to take. */
  rows: number;
  exact: boolean;
}

export interface TableColumn {
  name: string;
  type: string;
  nullable: boolean;
  /** Part of the primary key (the keyset order). */
  primaryKey: boolean;
  /** A secret the SQL editor may not read: never sent, shown masked. */
  masked: boolean;
}

export interface TablePage {
  name: string;
  columns: TableColumn[];
  rows: Cell[][];
  /** The cursor of the next page (the last row's primary key), or null at the end. */
  next: string | null;
  /** The estimate, or the exact count (see `exact`). */
  count: number;
  exact: boolean;
}

/** Whether the editor can run here, on what, and within which limits (the screen's notice). */
export interface SqlStatus {
  engine: 'pglite' | 'postgres';
  available: boolean;
  /** Why it is not available (no role could be made for it), or null. */
  reason: string | null;
  role: string;
  rowCap: number;
  /** PostgreSQL: the statement timeout. */
  timeoutMs: number | null;
  /** The plan cost cap (EXPLAIN's total cost). */
  maxPlanCost: number;
}
