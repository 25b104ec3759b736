// Export to accounting (issue 45): an organisation's invoices, credit notes or payments of a period
// as a CSV in Xero's or QuickBooks Online's import columns, or our own plain CSV
// (docs/accounting-exports.md). Who may export what:
// - staff holding Finance (`finance:manage`, a grant over every organisation) export the brand's own
//   records — the brand is an organisation like the others (server/db/brand.ts);
// - a partner organisation's members holding its type role (an importer's `importer` …) export their
//   organisation's; a member with the generic partner role reads invoices but is refused here
//   (`read_only_access`), as is anyone without an organisation (`no_organisation`).
// No organisation id is ever taken from the request: each export is of the viewer's own organisation,
// so another organisation's records cannot be asked for. The Xero and QuickBooks files hold the
// selling side — documents it issued, payments it received (settled) — as those imports are sales
// imports; the plain CSV holds both sides, with a Side column, and every payment's status.
// Refusals come before the first byte (the response can still say them); the file then streams.
import type { Writable } from 'node:stream';
import { READ_ONLY_REFUSAL } from '../../../shared/partners';
import { exportFileName, type ExportKind, type ExportQuery } from '../../../shared/schemas/exports';
import type { Access, Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { recordAudit } from '../audit';
import { brandId } from '../../db/brand';
import type { Db } from '../../db/client';
import { createAllow, organisationTypeOf, partnerOrganisation, requireAnyScope } from '../trade';
import { writeCsv } from './csv';
import { PLAIN_DOCUMENT_COLUMNS, PLAIN_PAYMENT_COLUMNS, plainDocumentRows, plainPaymentRow } from './plain';
import { QUICKBOOKS_BANK_COLUMNS, QUICKBOOKS_INVOICE_COLUMNS, quickBooksDocumentRows, quickBooksPaymentRow } from './quickbooks';
import { createExportReads, type Period } from './read';
import type { Columns, ExportDocument, Row, Side } from './types';
import { XERO_INVOICE_COLUMNS, XERO_STATEMENT_COLUMNS, xeroDocumentRows, xeroPaymentRow } from './xero';

export type ExportChannel = 'partner' | 'staff';

export interface ExportFile {
  filename: string;
  /** Streams the CSV into `out`; settles when written, or with what stopped it (the client went away). */
  writeTo(out: Writable): Promise<void>;
}

const NO_ORGANISATION = 'Only a member of a partner organisation, or staff with Finance for the brand, can export to accounting.';

export interface ExportDeps {
  db: Db;
  access: Access;
}

export function createExportService({ db, access }: ExportDeps) {
  const allow = createAllow(access, 'Export');
  const reads = createExportReads(db);

  /** The organisation whose records the viewer exports on `channel`, or the refusal. */
  async function exporterOf(viewer: Viewer | null, channel: ExportChannel): Promise<string> {
    if (channel === 'staff') {
      requireAnyScope(await allow(viewer, { permission: 'finance:manage' }));
      return brandId(db);
    }
    await allow(viewer, { permission: 'orders:manage' });
    const organisationId = partnerOrganisation(viewer!, NO_ORGANISATION);
    await allow(viewer, { permission: 'orders:manage', resource: { organisationIds: [organisationId] } });
    const type = await organisationTypeOf(db, organisationId);
    if (!type || !viewer!.roles.includes(type)) throw new AppError(READ_ONLY_REFUSAL.code, 'forbidden', READ_ONLY_REFUSAL.message);
    return organisationId;
  }

  /**
   * Each side's batches one after the other, each record's rows made as the file reaches it (not a
   * batch's at once: rows waiting on a slow reader would outlive the young generation and fill the old).
   */
  async function* rowsOf<T, C extends string>(
    sides: readonly Side[],
    batchesOf: (side: Side) => AsyncIterable<T[]>,
    rows: (record: T, side: Side) => Row<C>[],
  ): AsyncGenerator<Row<C>[]> {
    for (const side of sides) for await (const batch of batchesOf(side)) for (const record of batch) yield rows(record, side);
  }

  function file<T, C extends string>(
    filename: string,
    columns: Columns<C>,
    sides: readonly Side[],
    batchesOf: (side: Side) => AsyncIterable<T[]>,
    rows: (record: T, side: Side) => Row<C>[],
  ): ExportFile {
    return { filename, writeTo: (out) => writeCsv(columns, rowsOf(sides, batchesOf, rows), out) };
  }

  return {
    /**
     * The viewer's organisation's `kind` of record in the period, as `query.format` imports it: the
     * refusals (who may not export) are thrown here; the rows are read as the file is written.
     */
    async download(viewer: Viewer | null, kind: ExportKind, query: ExportQuery, channel: ExportChannel = 'partner', actor?: Actor): Promise<ExportFile> {
      const organisationId = await exporterOf(viewer, channel);
      // Financial records leaving the portal: who took which, as the audit log's own export is recorded.
      if (actor)
        await recordAudit(db, actor, {
          action: 'EXPORT',
          tableName: kind === 'payments' ? 'payments' : 'invoices',
          recordId: null,
          newValues: { organisationId, kind, format: query.format, from: query.from, to: query.to },
        });
      const period: Period = { from: query.from, to: query.to };
      const name = exportFileName(kind, query);
      const plain = query.format === 'plain';
      const sides: readonly Side[] = plain ? ['sales', 'purchases'] : ['sales'];
      if (kind === 'payments') {
        const batches = (side: Side) => reads.payments(organisationId, side, period, !plain);
        if (query.format === 'xero') return file(name, XERO_STATEMENT_COLUMNS, sides, batches, (p) => [xeroPaymentRow(p)]);
        if (query.format === 'quickbooks') return file(name, QUICKBOOKS_BANK_COLUMNS, sides, batches, (p) => [quickBooksPaymentRow(p)]);
        return file(name, PLAIN_PAYMENT_COLUMNS, sides, batches, (p, side) => [plainPaymentRow(p, side)]);
      }
      const batches = (side: Side) => reads.documents(organisationId, side, kind === 'invoices' ? 'invoice' : 'credit_note', period);
      if (query.format === 'xero') return file(name, XERO_INVOICE_COLUMNS, sides, batches, (d: ExportDocument) => xeroDocumentRows(d));
      if (query.format === 'quickbooks') return file(name, QUICKBOOKS_INVOICE_COLUMNS, sides, batches, (d: ExportDocument) => quickBooksDocumentRows(d));
      return file(name, PLAIN_DOCUMENT_COLUMNS, sides, batches, plainDocumentRows);
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
