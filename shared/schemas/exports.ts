// Export to accounting (issue 45): what a download asks for — the accounting system's format, the
// kind of record and the dates, both ends included (issue date for documents, payment date for
// payments). The refusals a client may act on carry stable codes (details[].code): `date_format`,
// `date_unknown`, `date_range_reversed`, `date_range_too_long`. docs/accounting-exports.md says what
// each format holds.
import { z } from './zod';

export const EXPORT_FORMATS = ['xero', 'quickbooks', 'plain'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks Online',
  plain: 'Plain CSV',
};

/** Each kind is its own download: the path's last segment (`/api/partner/exports/<kind>.csv`). */
export const EXPORT_KINDS = ['invoices', 'credit-notes', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  invoices: 'Invoices',
  'credit-notes': 'Credit notes',
  payments: 'Payments',
};

/**
 * The longest period one download covers: five years, as a statement. The file streams (its size
 * costs no memory); the limit keeps one request from reading a whole database's history.
 */
export const MAX_EXPORT_DAYS = 366 * 5 + 1;

const DAY = 86_400_000;

/** A day that exists: 2026-02-29 does not (Date.parse would roll it over to March). */
function isDay(d: string): boolean {
  const t = Date.parse(`${d}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}

/** A calendar date as YYYY-MM-DD, with a code for each way it can be wrong. */
const exportDate = (label: string) =>
  z.string({ error: `Enter the ${label} as YYYY-MM-DD.` }).superRefine((d, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) ctx.addIssue({ code: 'custom', message: `Enter the ${label} as YYYY-MM-DD.`, params: { code: 'date_format' } });
    else if (!isDay(d)) ctx.addIssue({ code: 'custom', message: `The ${label} does not exist.`, params: { code: 'date_unknown' } });
  });

export const exportQuery = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: 'Choose Xero, QuickBooks Online or Plain CSV.' }),
    from: exportDate('start date'),
    to: exportDate('end date'),
  })
  .superRefine((q, ctx) => {
    // Only two real dates are compared (a malformed one has its own issue above).
    if (!isDay(q.from) || !isDay(q.to)) return;
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The start date must be on or before the end date.', params: { code: 'date_range_reversed' } });
    else if ((Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY + 1 > MAX_EXPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'One download covers at most five years.', params: { code: 'date_range_too_long' } });
  });
export type ExportQuery = z.infer<typeof exportQuery>;

/** Where each kind downloads: a partner's for its organisation, staff's (`admin`) for the brand. */
export function exportApiPath(area: 'partner' | 'admin', kind: ExportKind): string {
  return `/api/${area}/exports/${kind}.csv`;
}

/** The file's name: what, for which system, which period — e.g. `invoices-xero-2026-01-01-to-2026-03-31.csv`. */
export function exportFileName(kind: ExportKind, q: ExportQuery): string {
  return `${kind}-${q.format}-${q.from}-to-${q.to}.csv`;
}
