// How invoices and credit notes read: one document in full for its side (its lines with what was
// credited, the orders it bills, its credit notes, the actions the viewer may take), the document as
// printed (issued ones only) and its PDF, the orders still to invoice per customer, and a preview of
// an invoice before anything is written.
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/invoice-totals';
import { invoiceActions } from '../../../shared/invoice-actions';
import { INVOICEABLE } from '../../../shared/orders';
import { todayUtc } from '../../../shared/partners';
import type { InvoiceOrdersInput } from '../../../shared/schemas/invoices';
import type { VatCategory } from '../../../shared/tax';
import { AppError } from '../../core/errors';
import { invoiceItems, invoiceOrders, invoices, orders, organisations } from '../../db/schema';
import type { InvoiceContext } from './context';
import { creditedOn, type InvoiceRow, organisationOf, partyOf, prepareInvoice } from './documents';
import { invoiceSummary } from './list';
import { renderInvoicePdf } from './pdf';
import { type EInvoiceDocument, renderUbl } from './ubl';
import type { InvoiceableCustomer, InvoiceDetail, InvoicePreview, InvoiceSide } from './types';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createInvoiceViews(ctx: InvoiceContext) {
  const { db, now, requireRow } = ctx;

  async function detail(row: InvoiceRow, side: InvoiceSide): Promise<InvoiceDetail> {
    const today = todayUtc(now());
    const [items, onOrders, notes, issuerOrg, customerOrg, creditsRow] = await Promise.all([
      db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.id)),
      db
        .select({ id: orders.id, number: orders.number })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(eq(invoiceOrders.invoiceId, row.id))
        .orderBy(asc(orders.id)),
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.creditsInvoiceId, row.id), eq(invoices.kind, 'credit_note')))
        .orderBy(asc(invoices.id)),
      organisationOf(db, row.issuerId),
      organisationOf(db, row.customerId),
      row.creditsInvoiceId ? requireRow(row.creditsInvoiceId) : Promise.resolve(null),
    ]);
    const credited = row.kind === 'invoice' ? await creditedOn(db, row.id) : null;
    // The shared decision the server checks before each step (shared/invoice-actions.ts).
    const actions = invoiceActions(ctx.invoiceFacts(row, side, items, credited));
    const issuerParty = row.issuer ?? partyOf(issuerOrg);
    const customerParty = row.customer ?? partyOf(customerOrg);
    return {
      ...invoiceSummary(
        row,
        { issuerName: issuerParty.tradingName, customerName: customerParty.tradingName, creditsNumber: creditsRow?.number ?? null },
        today,
      ),
      side,
      actions,
      version: row.version,
      issuerParty,
      customerParty,
      layoutVersion: row.layoutVersion,
      subtotalMinor: row.subtotalMinor,
      dutyMinor: row.dutyMinor,
      taxRateBp: row.taxRateBp,
      taxMinor: row.taxMinor,
      vatBreakdown: row.vatBreakdown,
      dutyTreatment: row.dutyTreatment,
      taxPoint: row.taxPoint,
      paymentTermsDays: row.paymentTermsDays,
      creditLimitMinor: row.creditLimitMinor,
      reason: row.reason,
      issuedAt: iso(row.issuedAt),
      orders: onOrders,
      items: items.map((i) => ({
        id: i.id,
        orderId: i.orderId,
        orderItemId: i.orderItemId,
        description: i.description,
        cases: i.cases,
        caseSize: i.caseSize,
        unitPriceMinor: i.unitPriceMinor,
        lineTotalMinor: i.lineTotalMinor,
        dutyMinor: i.dutyMinor,
        vatCategory: i.vatCategory as VatCategory,
        vatRateBp: i.vatRateBp,
        creditedCases: credited?.cases.get(i.orderItemId ?? -1) ?? 0,
      })),
      creditNotes: notes.map((n) => ({ id: n.id, number: n.number, issuedOn: n.issuedOn, totalMinor: n.totalMinor, reason: n.reason })),
    };
  }

  /** The stored document as printed (issued documents only). */
  async function printable(row: InvoiceRow): Promise<EInvoiceDocument> {
    if (row.state !== 'issued' || !row.number || !row.issuedOn || !row.dueOn || !row.issuer || !row.customer)
      throw new AppError('invoice_not_issued', 'conflict', 'A draft has no PDF: issue it first.');
    const [items, onOrders, creditsRow] = await Promise.all([
      db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, row.id)).orderBy(asc(invoiceItems.id)),
      db
        .select({ number: orders.number, buyerReference: orders.buyerReference })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(eq(invoiceOrders.invoiceId, row.creditsInvoiceId ?? row.id))
        .orderBy(asc(orders.id)),
      row.creditsInvoiceId ? requireRow(row.creditsInvoiceId) : Promise.resolve(null),
    ]);
    // The buyer's references of the orders billed (a credit note: its invoice's), else their numbers.
    const references = [...new Set(onOrders.map((o) => o.buyerReference).filter(Boolean))];
    return {
      kind: row.kind,
      number: row.number,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      currency: row.currency,
      issuer: row.issuer,
      customer: row.customer,
      layoutVersion: row.layoutVersion,
      taxPoint: row.taxPoint ?? row.issuedOn,
      dutyTreatment: row.dutyTreatment,
      lines: items.map((i) => ({ ...i, vatCategory: i.vatCategory as VatCategory })),
      subtotalMinor: row.subtotalMinor,
      dutyMinor: row.dutyMinor,
      taxRateBp: row.taxRateBp,
      taxMinor: row.taxMinor,
      vatBreakdown: row.vatBreakdown,
      totalMinor: row.totalMinor,
      paymentTermsDays: row.paymentTermsDays,
      orders: row.creditsInvoiceId ? [] : onOrders.map((o) => o.number),
      credits: creditsRow?.number ?? null,
      creditsIssuedOn: creditsRow?.issuedOn ?? null,
      buyerReference: (references.length ? references : onOrders.map((o) => o.number)).join('; ') || (creditsRow?.number ?? row.number),
      orderReference: !row.creditsInvoiceId && onOrders.length === 1 ? onOrders[0]!.number : null,
      reason: row.reason,
    };
  }

  /** The PDF of a stored, issued document. */
  async function renderStored(id: number): Promise<{ filename: string; bytes: Buffer }> {
    const row = await requireRow(id);
    const doc = await printable(row);
    return { filename: `${doc.number}.pdf`, bytes: await renderInvoicePdf(doc) };
  }

  /** The UBL e-invoice of a stored, issued document (EN 16931, Peppol BIS 3.0): the same document as the PDF. */
  async function renderStoredUbl(id: number): Promise<{ filename: string; bytes: Buffer }> {
    const row = await requireRow(id);
    const doc = await printable(row);
    return { filename: `${doc.number}.xml`, bytes: Buffer.from(renderUbl(doc), 'utf8') };
  }

  /** The viewer's customers with approved orders on no invoice: what Generate Invoice offers. */
  async function invoiceable(organisationId: string): Promise<InvoiceableCustomer[]> {
    const rows = await db
      .select({ order: orders, name: organisations.tradingName })
      .from(orders)
      .innerJoin(organisations, eq(organisations.id, orders.buyerId))
      .where(
        and(
          eq(orders.sellerId, organisationId),
          inArray(orders.status, [...INVOICEABLE]),
          notExists(
            db
              .select({ one: sql`1` })
              .from(invoiceOrders)
              .where(eq(invoiceOrders.orderId, orders.id)),
          ),
        ),
      )
      .orderBy(asc(organisations.tradingName), asc(orders.id))
      .limit(1000);
    const byCustomer = new Map<string, InvoiceableCustomer>();
    for (const { order, name } of rows) {
      const c = byCustomer.get(order.buyerId) ?? { id: order.buyerId, name, orders: [] };
      c.orders.push({ id: order.id, number: order.number, currency: order.currency, totalMinor: order.totalMinor, submittedAt: iso(order.submittedAt) });
      byCustomer.set(order.buyerId, c);
    }
    return [...byCustomer.values()];
  }

  /** What an invoice of these orders would say if issued now (nothing is written, no number is taken). */
  async function preview(issuerId: string, input: InvoiceOrdersInput): Promise<InvoicePreview> {
    const today = todayUtc(now());
    const p = await prepareInvoice(db, issuerId, input, { taxPoint: today });
    return {
      customer: { id: p.customer.id, name: p.customer.tradingName },
      currency: p.currency,
      orders: p.orders.map((o) => ({ id: o.id, number: o.number })),
      lines: p.lines.map(({ orderId, description, cases, caseSize, unitPriceMinor, lineTotalMinor, dutyMinor, vatCategory, vatRateBp }) => ({
        orderId,
        description,
        cases,
        caseSize,
        unitPriceMinor,
        lineTotalMinor,
        dutyMinor,
        vatCategory,
        vatRateBp,
      })),
      subtotalMinor: p.subtotalMinor,
      dutyMinor: p.dutyMinor,
      taxRateBp: p.taxRateBp,
      taxMinor: p.taxMinor,
      totalMinor: p.totalMinor,
      vatBreakdown: p.vatBreakdown,
      dutyTreatment: p.dutyTreatment,
      taxPoint: p.taxPoint,
      exampleRates: p.exampleRates,
      paymentTermsDays: p.paymentTermsDays,
      dueOn: addDays(today, p.paymentTermsDays),
    };
  }

  return { detail, renderStored, renderStoredUbl, invoiceable, preview };
}
