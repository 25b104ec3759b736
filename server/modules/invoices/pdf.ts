// An invoice or a credit note as a PDF, drawn from the stored document only (its parties as copied
// at issue, its lines and totals), so the same document renders the same every time — for the
// download and for the email's attachment. Amounts are formatted in the document's currency.
import type { InvoiceParty } from '../../db/schema';
import { formatPrice } from '../../../shared/markets';
import { taxRateLabel } from '../../../shared/invoice-totals';
import { type Pdf, renderPdf } from '../../core/pdf';
import { plural } from '../../../shared/plural';

export interface PrintableLine {
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
}

export interface PrintableDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedOn: string;
  dueOn: string;
  currency: string;
  issuer: InvoiceParty;
  customer: InvoiceParty;
  lines: PrintableLine[];
  subtotalMinor: number;
  taxRateBp: number;
  taxMinor: number;
  totalMinor: number;
  paymentTermsDays: number;
  /** The order numbers it bills (an invoice). */
  orders: string[];
  /** The number of the invoice a credit note credits. */
  credits: string | null;
  reason: string;
}

const countries = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return countries.of(code) ?? code;
  } catch {
    return code;
  }
};
const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const LEFT = 50;
const WIDTH = 495;
/** Columns of the lines table: x and width. */
const COLS = {
  description: { x: LEFT, w: 215 },
  cases: { x: LEFT + 215, w: 50 },
  caseSize: { x: LEFT + 265, w: 60 },
  unit: { x: LEFT + 325, w: 80 },
  total: { x: LEFT + 405, w: 90 },
};

function party(doc: Pdf, heading: string, p: InvoiceParty, x: number, y: number, width: number): number {
  doc.font('Bold').fontSize(9).fillColor('#555555').text(heading.toUpperCase(), x, y, { width });
  doc.font('Bold').fontSize(11).fillColor('#000000').text(p.legalName, { width });
  doc.font('Body').fontSize(10);
  if (p.tradingName && p.tradingName !== p.legalName) doc.text(`Trading as ${p.tradingName}`, { width });
  for (const line of p.addressLines) doc.text(line, { width });
  doc.text(countryName(p.country), { width });
  doc.text(`Licence ${p.licenceNumber} (${p.licenceJurisdiction})`, { width });
  return doc.y;
}

function tableHeader(doc: Pdf) {
  const y = doc.y;
  doc.font('Bold').fontSize(9).fillColor('#555555');
  doc.text('Description', COLS.description.x, y, { width: COLS.description.w });
  doc.text('Cases', COLS.cases.x, y, { width: COLS.cases.w, align: 'right' });
  doc.text('Per case', COLS.caseSize.x, y, { width: COLS.caseSize.w, align: 'right' });
  doc.text('Per bottle', COLS.unit.x, y, { width: COLS.unit.w, align: 'right' });
  doc.text('Amount', COLS.total.x, y, { width: COLS.total.w, align: 'right' });
  const below = doc.y + 4;
  doc
    .moveTo(LEFT, below)
    .lineTo(LEFT + WIDTH, below)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
  doc.fillColor('#000000').font('Body').fontSize(10);
  doc.y = below + 6;
}

/** Renders the document; `author` is the issuer's name. */
export function renderInvoicePdf(d: PrintableDocument): Promise<Buffer> {
  const money = (minor: number) => formatPrice(minor, d.currency);
  const title = d.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  return renderPdf({ title: `${title} ${d.number}`, author: d.issuer.legalName }, (doc) => {
    doc.font('Bold').fontSize(22).text(title, LEFT, 50);
    doc.font('Body').fontSize(10);
    const facts: [string, string][] = [
      ['Number', d.number],
      ['Issued', longDate(d.issuedOn)],
      ...(d.kind === 'invoice' ? ([['Due', longDate(d.dueOn)]] as [string, string][]) : []),
      ...(d.credits ? ([['Credits invoice', d.credits]] as [string, string][]) : []),
    ];
    let y = 52;
    for (const [label, value] of facts) {
      doc.font('Body').fillColor('#555555').text(label, 320, y, { width: 90 });
      doc.font('Bold').fillColor('#000000').text(value, 410, y, { width: 135, align: 'right' });
      y += 15;
    }
    const top = Math.max(y, 95) + 15;
    const left = party(doc, 'From', d.issuer, LEFT, top, 235);
    const right = party(doc, d.kind === 'credit_note' ? 'Credited to' : 'Bill to', d.customer, 310, top, 235);
    doc.x = LEFT;
    doc.y = Math.max(left, right) + 18;
    if (d.orders.length) {
      doc
        .font('Body')
        .fontSize(10)
        .text(`Orders: ${d.orders.join(', ')}`, LEFT, doc.y, { width: WIDTH });
      doc.moveDown(0.8);
    }
    if (d.kind === 'credit_note' && d.reason) {
      doc.font('Body').fontSize(10).text(`Reason: ${d.reason}`, LEFT, doc.y, { width: WIDTH });
      doc.moveDown(0.8);
    }
    tableHeader(doc);
    for (const l of d.lines) {
      if (doc.y > doc.page.height - 140) {
        doc.addPage();
        doc.y = 50;
        tableHeader(doc);
      }
      const rowY = doc.y;
      doc.text(l.description, COLS.description.x, rowY, { width: COLS.description.w });
      const after = doc.y;
      doc.text(String(l.cases), COLS.cases.x, rowY, { width: COLS.cases.w, align: 'right' });
      doc.text(`${l.caseSize} btl`, COLS.caseSize.x, rowY, { width: COLS.caseSize.w, align: 'right' });
      doc.text(money(l.unitPriceMinor), COLS.unit.x, rowY, { width: COLS.unit.w, align: 'right' });
      doc.text(money(l.lineTotalMinor), COLS.total.x, rowY, { width: COLS.total.w, align: 'right' });
      doc.y = Math.max(after, doc.y) + 4;
    }
    const ruleY = doc.y + 2;
    doc
      .moveTo(LEFT, ruleY)
      .lineTo(LEFT + WIDTH, ruleY)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
    doc.y = ruleY + 8;
    const totals: [string, string, boolean][] = [
      ['Subtotal', money(d.subtotalMinor), false],
      [`Tax (${taxRateLabel(d.taxRateBp)})`, money(d.taxMinor), false],
      [d.kind === 'credit_note' ? 'Total credited' : 'Total due', money(d.totalMinor), true],
    ];
    for (const [label, value, strong] of totals) {
      const ty = doc.y;
      doc.font(strong ? 'Bold' : 'Body').fontSize(strong ? 12 : 10);
      doc.text(label, 300, ty, { width: 150 });
      doc.text(value, 405, ty, { width: 140, align: 'right' });
      doc.y = Math.max(doc.y, ty + 14) + 2;
    }
    doc.moveDown(1.5);
    doc.font('Body').fontSize(9).fillColor('#555555');
    doc.text(
      d.kind === 'credit_note'
        ? `This credit note reduces what is owed on invoice ${d.credits ?? ''}. Amounts in ${d.currency}.`
        : `Payment within ${plural(d.paymentTermsDays, 'day')}, by ${longDate(d.dueOn)}. Amounts in ${d.currency}. Please quote ${d.number} with your payment.`,
      LEFT,
      doc.y,
      { width: WIDTH },
    );
    doc.fillColor('#000000');
  });
}
