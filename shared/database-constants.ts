// The Database Management screen's constants, without zod (pages import them; the schemas are in
// schemas/database.ts).

/** Spec §9: the editor's text before anything was typed — a select of 10 rows from users. */
export const DEFAULT_SQL = 'SELECT id, email, status, created_at\nFROM users\nORDER BY created_at DESC\nLIMIT 10;';
/** Rows a read returns at most (through a cursor: the rest is never fetched). */
export const SQL_ROW_CAP = 1_000;
/** Characters of SQL one run may send. */
export const SQL_MAX_LENGTH = 20_000;
/** Rows per page of the table browser. */
export const TABLE_PAGE_SIZE = 50;
/** Below this estimate the browser counts exactly at once; above it, on demand. */
export const EXACT_COUNT_BELOW = 10_000;
/** The spec's tables, first in the list when they exist (spec §2 Database Management). */
export const SPEC_TABLES = ['users', 'profiles', 'products', 'orders', 'order_items', 'invoices', 'payments', 'store_locations', 'audit_logs'] as const;
