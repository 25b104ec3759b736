// A statement of account between a distributor and one retailer over a period: the balance brought
// forward (invoices − credit notes − settled payments before the period), every invoice, credit note
// and settled payment in it by date with the running balance, and the closing balance — in the
// currency of their trade terms. The same figures as JSON (the page), CSV (csv-stringify with the
// store export's formula guard, as the orders CSV) and PDF (server/core/pdf.ts).
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { formatPrice } from '../../../shared/markets';
import { runningBalance, STATEMENT_KIND_LABELS, type StatementEntry } from '../../../shared/payments';
import type { PartyRef, Statement } from '../../../shared/payment-views';
import type { DbOrTx } from '../../db/client';
import { invoices, payments } from '../../db/schema';
import { renderPdf } from '../../core/pdf';
import { decimal } from '../orders';
import { escapeCell } from '../../core/csv-cell';
import { paymentLabel } from './views';

export const STATEMENT_CSV_COLUMNS = ['Date', 'Type', 'Document', 'Reference', 'Debit', 'Credit', 'Balance'] as const;

const sum = (col: unknown) => sql<string>`coalesce(sum(${col}), 0)::bigint::text`;

export async function buildStatement(
  db: DbOrTx,
  parties: { issuer: PartyRef; customer: PartyRef },
  currency: string,
  period: { from: string; to: string },
  asOf: string,
): Promise<Statement> {
  const between = (col: typeof invoices.issuedOn) => and(gte(col, period.from), lte(col, period.to));
  const docs = and(
    eq(invoices.issuerId, parties.issuer.id),
    eq(invoices.customerId, parties.customer.id),
    eq(invoices.state, 'issued'),
    eq(invoices.currency, currency),
  );
  const paid = and(
    eq(payments.payeeId, parties.issuer.id),
    eq(payments.payerId, parties.customer.id),
    eq(payments.status, 'settled'),
    eq(payments.currency, currency),
  );
  const [[before], [paidBefore], documents, settled] = await Promise.all([
    db
      .select({
        invoiced: sql<string>`coalesce(sum(${invoices.totalMinor}) filter (where ${invoices.kind} = 'invoice'), 0)::bigint::text`,
        credited: sql<string>`coalesce(sum(${invoices.totalMinor}) filter (where ${invoices.kind} = 'credit_note'), 0)::bigint::text`,
      })
      .from(invoices)
      .where(and(docs, lt(invoices.issuedOn, period.from))),
    db
      .select({ n: sum(payments.amountMinor) })
      .from(payments)
      .where(and(paid, lt(payments.paidOn, period.from))),
    db
      .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, issuedOn: invoices.issuedOn, totalMinor: invoices.totalMinor })
      .from(invoices)
      .where(and(docs, between(invoices.issuedOn)))
      .orderBy(asc(invoices.issuedOn), asc(invoices.id)),
    db
      .select({ id: payments.id, paidOn: payments.paidOn, reference: payments.reference, amountMinor: payments.amountMinor })
      .from(payments)
      .where(and(paid, gte(payments.paidOn, period.from), lte(payments.paidOn, period.to)))
      .orderBy(asc(payments.paidOn), asc(payments.id)),
  ]);
  const openingMinor = Number(before?.invoiced ?? 0) - Number(before?.credited ?? 0) - Number(paidBefore?.n ?? 0);
  const entries: (StatementEntry & { order: number })[] = [
    ...documents.map((d) => ({
      date: d.issuedOn ?? period.from,
      kind: d.kind,
      document: d.number ?? '',
      reference: '',
      debitMinor: d.kind === 'invoice' ? d.totalMinor : 0,
      creditMinor: d.kind === 'credit_note' ? d.totalMinor : 0,
      order: d.kind === 'invoice' ? 0 : 1,
    })),
    ...settled.map((p) => ({
      date: p.paidOn,
      kind: 'payment' as const,
      document: paymentLabel(p.id),
      reference: p.reference,
      debitMinor: 0,
      creditMinor: p.amountMinor,
      order: 2,
    })),
  ];
  // By date; on one day invoices first, then credit notes, then payments (a stable, explainable order).
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order);
  const { lines, closingMinor } = runningBalance(
    openingMinor,
    entries.map(({ order: _order, ...e }) => e),
  );
  return { ...parties, currency, from: period.from, to: period.to, openingMinor, lines, closingMinor, asOf };
}

/** The statement as CSV: a BOM, CRLF, the balance brought forward, every line, the closing balance; every cell formula-escaped. */
export function statementCsv(s: Statement): string {
  const rows: string[][] = [
    [...STATEMENT_CSV_COLUMNS],
    [s.from, 'Opening balance', s.customer.name, s.issuer.name, '', '', decimal(s.openingMinor)],
    ...s.lines.map((l) => [
      l.date,
      STATEMENT_KIND_LABELS[l.kind],
      l.document,
      l.reference,
      l.debitMinor ? decimal(l.debitMinor) : '',
      l.creditMinor ? decimal(l.creditMinor) : '',
      decimal(l.balanceMinor),
    ]),
    [s.to, 'Closing balance', s.currency, '', '', '', decimal(s.closingMinor)],
  ];
  return stringify(
    rows.map((r) => r.map(escapeCell)),
    { bom: true, record_delimiter: 'windows' },
  );
}

/** The statement as an A4 PDF in the embedded font (accented names, currency signs). */
export function statementPdf(s: Statement): Promise<Buffer> {
  const money = (minor: number) => formatPrice(minor, s.currency);
  return renderPdf({ title: `Statement ${s.customer.name} ${s.from} to ${s.to}`, author: s.issuer.name }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    // Date, type, reference, debit, credit, balance.
    const cols = [0, 70, 150, 300, 370, 440].map((x) => left + x);
    const widths = [70, 80, 150, 70, 70, width - 440];
    doc.font('Bold').fontSize(18).text('Statement of account', left, 50);
    doc.font('Body').fontSize(10).moveDown(0.5);
    doc.text(`From ${s.issuer.name} to ${s.customer.name}`);
    doc.text(`Period ${s.from} to ${s.to} · ${s.currency} · issued ${s.asOf}`);
    doc.moveDown();
    let y = doc.y;
    const row = (cells: string[], bold = false) => {
      if (y > doc.page.height - doc.page.margins.bottom - 30) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      doc.font(bold ? 'Bold' : 'Body').fontSize(9);
      cells.forEach((c, i) => doc.text(c, cols[i], y, { width: widths[i], height: 12, ellipsis: true, align: i >= 3 ? 'right' : 'left' }));
      y += 16;
    };
    row(['Date', 'Type', 'Document', 'Debit', 'Credit', 'Balance'], true);
    row([s.from, 'Opening balance', '', '', '', money(s.openingMinor)]);
    for (const l of s.lines)
      row([
        l.date,
        STATEMENT_KIND_LABELS[l.kind],
        l.reference ? `${l.document} · ${l.reference}` : l.document,
        l.debitMinor ? money(l.debitMinor) : '',
        l.creditMinor ? money(l.creditMinor) : '',
        money(l.balanceMinor),
      ]);
    row([s.to, 'Closing balance', '', '', '', money(s.closingMinor)], true);
    doc
      .font('Body')
      .fontSize(9)
      .text(s.closingMinor > 0 ? `Amount due: ${money(s.closingMinor)}` : `In credit: ${money(-s.closingMinor)}`, left, y + 10);
  });
}
