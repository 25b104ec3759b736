// The Audit Logs screen's query (spec §5 audit search, issue 17): the search, the exact action and
// table, the user's email, a date range and the keyset cursor — one schema for the API, the page's
// URL and the CSV export.
import { z } from './zod';
import { recordId, withoutNul } from './admin';
import { calendarDate } from './partners';

export { AUDIT_CSV_COLUMNS, AUDIT_FILTER_KEYS, AUDIT_PAGE_SIZE } from '../audit-constants';

/** A form's empty field is no filter; a NUL is noise (PostgreSQL text cannot hold one). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => withoutNul(v)?.trim() || undefined);

const optionalDate = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(calendarDate(label).optional());

/** An id the previous page gave; an empty field is none. */
const cursor = z.preprocess((v) => (v === '' ? undefined : v), recordId('The cursor is not valid.').optional());

const filterShape = {
  /** Case-insensitive substring of the record id, the user id or the table name. */
  q: optionalText(200),
  /** Exact action (INSERT, UPDATE, SIGN_IN …). */
  action: optionalText(64),
  /** Exact table name. */
  table: optionalText(64),
  /** The acting user's email address (exact, case-insensitive). */
  user: optionalText(254).transform((v) => v?.toLowerCase()),
  /** From this day on (UTC). */
  from: optionalDate('start date'),
  /** Up to and including this day (UTC). */
  to: optionalDate('end date'),
};
const DATE_ORDER = { message: 'The start date must be on or before the end date.', path: ['to'] };
const inOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;

/** The filters alone (the CSV export: the whole filtered set). */
export const auditLogFilters = z.object(filterShape).refine(inOrder, DATE_ORDER);
export type AuditLogFilters = z.infer<typeof auditLogFilters>;

/** A page: `before` (older than this id) or `after` (newer than this id, the way back). */
export const auditLogQuery = z
  .object({ ...filterShape, before: cursor, after: cursor })
  .refine(inOrder, DATE_ORDER)
  .refine((f) => f.before === undefined || f.after === undefined, { message: 'Give one cursor, not both.', path: ['after'] });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** An audit row's id in a path. */
export const auditLogId = recordId('Audit log not found.');

export interface AuditUserView {
  id: string;
  email: string | null;
  name: string;
  deleted: boolean;
}

export interface AuditLogRowView {
  id: number;
  userId: string | null;
  /** The acting user as the users table has them now (a deleted person reads "Deleted user"). */
  user: AuditUserView | null;
  action: string;
  tableName: string;
  recordId: string | null;
  ipAddress: string | null;
  createdAt: string;
}

export interface AuditLogDetailView extends AuditLogRowView {
  oldValues: unknown;
  newValues: unknown;
  userAgent: string | null;
  /** `service` or `trigger` (a write that bypassed the services). */
  source: string;
}

export interface AuditLogPage {
  items: AuditLogRowView[];
  /** `before` for the next (older) page, or null at the oldest. */
  older: number | null;
  /** `after` for the previous (newer) page, or null at the newest. */
  newer: number | null;
}
