// The Audit Logs screen's constants, without zod (pages import them; the schema is in schemas/audit.ts).

/** Spec §9: the first page holds the 100 newest rows; older ones come page by page. */
export const AUDIT_PAGE_SIZE = 100;

/** The CSV's columns (spec §7), in order. */
export const AUDIT_CSV_COLUMNS = ['ID', 'User ID', 'Action', 'Table', 'Record ID', 'Created At', 'IP Address'] as const;

/** The query's filters (not the cursor): what tells "nothing matches" from "nothing recorded yet", and what the export takes. */
export const AUDIT_FILTER_KEYS = ['q', 'action', 'table', 'user', 'from', 'to'] as const;
