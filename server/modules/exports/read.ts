// What the accounting exports read: one organisation's issued documents (or payments) on one side,
// in a period, in keyset batches of BATCH — never the whole period in memory. Each batch walks the
// per-side index (issuer_id | customer_id, created_at, id) — (payee_id | payer_id, created_at, id)
// for payments — from the last row of the one before, so a long history costs one pass over the
// organisation's own rows; the period is a filter on that walk (no index on the issue date exists,
// and the order written is the order the records were created). The cursor keeps created_at as the
// database's text, to the microsecond: a JavaScript Date would cut it to the millisecond and find the
// last row again. A batch's lines (allocations) come in one query by the batch's ids.
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { invoiceItems, invoices, organisations, paymentAllocations, payments } from '../../db/schema';
import type { VatCategory } from '../../../shared/tax';
import type { ExportDocument, ExportLine, ExportPayment, Side } from './types';

/**
 * Records per batch. Small on purpose: a batch lives until the file has taken its last row, and one
 * that outlives two young-generation collections is copied to the old one and stays there until a
 * full collection. Measured on 100,000 invoices (bench/exports.mjs, PostgreSQL, Xero): 500 a batch
 * grew the process by 126 MB, 200 by 128 MB, 100 by 45 MB, 50 by 23 MB (5 % slower than 100).
 */
export const BATCH = 100;

export interface Period {
  from: string;
  to: string;
}

interface Cursor {
  at: string;
  id: number;
}

const credited = alias(invoices, 'credited');
const customerOrg = alias(organisations, 'customer_org');
const payerOrg = alias(organisations, 'payer_org');
const payeeOrg = alias(organisations, 'payee_org');

export function createExportReads(db: Db) {
  function documentBatch(organisationId: string, side: Side, kind: 'invoice' | 'credit_note', period: Period, after: Cursor | null) {
    const party = side === 'sales' ? invoices.issuerId : invoices.customerId;
    const cursor: SQL | undefined = after ? sql`(${invoices.createdAt}, ${invoices.id}) > (${after.at}::timestamptz, ${after.id})` : undefined;
    return db
      .select({
        id: invoices.id,
        at: sql<string>`${invoices.createdAt}::text`,
        kind: invoices.kind,
        number: invoices.number,
        creditsNumber: credited.number,
        reason: invoices.reason,
        issuedOn: invoices.issuedOn,
        dueOn: invoices.dueOn,
        taxPoint: invoices.taxPoint,
        currency: invoices.currency,
        layoutVersion: invoices.layoutVersion,
        taxRateBp: invoices.taxRateBp,
        subtotalMinor: invoices.subtotalMinor,
        dutyMinor: invoices.dutyMinor,
        taxMinor: invoices.taxMinor,
        totalMinor: invoices.totalMinor,
        vatBreakdown: invoices.vatBreakdown,
        dutyTreatment: invoices.dutyTreatment,
        paymentTermsDays: invoices.paymentTermsDays,
        issuer: invoices.issuer,
        customer: invoices.customer,
        customerEmail: customerOrg.email,
      })
      .from(invoices)
      .innerJoin(customerOrg, eq(customerOrg.id, invoices.customerId))
      .leftJoin(credited, eq(credited.id, invoices.creditsInvoiceId))
      .where(
        and(
          eq(party, organisationId),
          eq(invoices.kind, kind),
          eq(invoices.state, 'issued'),
          gte(invoices.issuedOn, period.from),
          lte(invoices.issuedOn, period.to),
          cursor,
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(BATCH);
  }

  async function linesOf(ids: number[]): Promise<Map<number, ExportLine[]>> {
    const rows = await db
      .select({
        invoiceId: invoiceItems.invoiceId,
        description: invoiceItems.description,
        cases: invoiceItems.cases,
        caseSize: invoiceItems.caseSize,
        unitPriceMinor: invoiceItems.unitPriceMinor,
        lineTotalMinor: invoiceItems.lineTotalMinor,
        dutyMinor: invoiceItems.dutyMinor,
        vatCategory: invoiceItems.vatCategory,
        vatRateBp: invoiceItems.vatRateBp,
      })
      .from(invoiceItems)
      .where(inArray(invoiceItems.invoiceId, ids))
      .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.id));
    const byInvoice = new Map<number, ExportLine[]>();
    // Built field by field, as the documents below: spread copies of wide rows go straight to the
    // old generation (types.ts `rowOf`).
    for (const l of rows) {
      const list = byInvoice.get(l.invoiceId) ?? [];
      list.push({
        description: l.description,
        cases: l.cases,
        caseSize: l.caseSize,
        unitPriceMinor: l.unitPriceMinor,
        lineTotalMinor: l.lineTotalMinor,
        dutyMinor: l.dutyMinor,
        vatCategory: l.vatCategory as VatCategory,
        vatRateBp: l.vatRateBp,
      });
      byInvoice.set(l.invoiceId, list);
    }
    return byInvoice;
  }

  /** The organisation's issued documents of `kind` on `side`, issued in the period, batch by batch. */
  async function* documents(organisationId: string, side: Side, kind: 'invoice' | 'credit_note', period: Period): AsyncGenerator<ExportDocument[]> {
    let after: Cursor | null = null;
    for (;;) {
      const rows = await documentBatch(organisationId, side, kind, period, after);
      if (!rows.length) return;
      const lines = await linesOf(rows.map((r) => r.id));
      yield rows.map((r): ExportDocument => ({
        id: r.id,
        kind: r.kind,
        // An issued document has all of these (the table's check `invoices_issued_numbered`, and the parties copied at issue).
        number: r.number as string,
        creditsNumber: r.creditsNumber,
        reason: r.reason,
        issuedOn: r.issuedOn as string,
        dueOn: r.dueOn as string,
        taxPoint: r.taxPoint,
        currency: r.currency,
        layoutVersion: r.layoutVersion,
        taxRateBp: r.taxRateBp,
        subtotalMinor: r.subtotalMinor,
        dutyMinor: r.dutyMinor,
        taxMinor: r.taxMinor,
        totalMinor: r.totalMinor,
        vatBreakdown: r.vatBreakdown,
        dutyTreatment: r.dutyTreatment,
        paymentTermsDays: r.paymentTermsDays,
        issuer: r.issuer!,
        customer: r.customer!,
        customerEmail: r.customerEmail,
        lines: lines.get(r.id) ?? [],
      }));
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, id: last.id };
    }
  }

  function paymentBatch(organisationId: string, side: Side, period: Period, settledOnly: boolean, after: Cursor | null) {
    const party = side === 'sales' ? payments.payeeId : payments.payerId;
    const cursor: SQL | undefined = after ? sql`(${payments.createdAt}, ${payments.id}) > (${after.at}::timestamptz, ${after.id})` : undefined;
    return db
      .select({
        id: payments.id,
        at: sql<string>`${payments.createdAt}::text`,
        paidOn: payments.paidOn,
        status: payments.status,
        method: payments.method,
        reference: payments.reference,
        currency: payments.currency,
        amountMinor: payments.amountMinor,
        payerName: payerOrg.legalName,
        payerVat: payerOrg.vatNumber,
        payeeName: payeeOrg.legalName,
        payeeVat: payeeOrg.vatNumber,
      })
      .from(payments)
      .innerJoin(payerOrg, eq(payerOrg.id, payments.payerId))
      .innerJoin(payeeOrg, eq(payeeOrg.id, payments.payeeId))
      .where(
        and(
          eq(party, organisationId),
          gte(payments.paidOn, period.from),
          lte(payments.paidOn, period.to),
          settledOnly ? eq(payments.status, 'settled') : undefined,
          cursor,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(BATCH);
  }

  /** The organisation's payments on `side` (received: sales; made: purchases) paid in the period, batch by batch. */
  async function* paymentsOf(organisationId: string, side: Side, period: Period, settledOnly: boolean): AsyncGenerator<ExportPayment[]> {
    let after: Cursor | null = null;
    for (;;) {
      const rows = await paymentBatch(organisationId, side, period, settledOnly, after);
      if (!rows.length) return;
      const allocations = await db
        .select({ paymentId: paymentAllocations.paymentId, number: invoices.number, amountMinor: paymentAllocations.amountMinor })
        .from(paymentAllocations)
        .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
        .where(
          inArray(
            paymentAllocations.paymentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(paymentAllocations.paymentId), asc(paymentAllocations.invoiceId));
      const byPayment = new Map<number, { number: string; amountMinor: number }[]>();
      for (const a of allocations) byPayment.set(a.paymentId, [...(byPayment.get(a.paymentId) ?? []), { number: a.number ?? '', amountMinor: a.amountMinor }]);
      yield rows.map((r) => ({
        id: r.id,
        paidOn: r.paidOn,
        status: r.status,
        method: r.method,
        reference: r.reference,
        currency: r.currency,
        amountMinor: r.amountMinor,
        payer: { name: r.payerName, vatNumber: r.payerVat },
        payee: { name: r.payeeName, vatNumber: r.payeeVat },
        allocations: byPayment.get(r.id) ?? [],
      }));
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, id: last.id };
    }
  }

  return { documents, payments: paymentsOf };
}

export type ExportReads = ReturnType<typeof createExportReads>;
