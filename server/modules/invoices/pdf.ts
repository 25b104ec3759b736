// An invoice or a credit note as a PDF, drawn from the stored document only (its parties as copied
// at issue, its lines and totals), so the same document renders the same every time — for the
// download and for the email's attachment. Amounts are formatted in the document's currency.
// Two layouts, by the document's `layout_version`: 1, issued before issue 44, renders as it was
// issued (one flat tax rate) but for the "Per case" column, which now shows the case's price; 2 is a
// full VAT invoice (HMRC VAT Notice 700 §16.3): the tax point, both VAT numbers, each line's duty and
// VAT category and rate (never a line VAT amount), VAT per category, the duty and VAT category
// wording, the payment terms and the seller's bank details.
import type { InvoiceParty } from '../../db/schema';
import { formatPrice } from '../../../shared/markets';
import { taxRateLabel } from '../../../shared/invoice-totals';
import { DUTY_NOTES, type DutyTreatment, type VatBreakdownRow, type VatCategory, vatRateLabel } from '../../../shared/tax';
import { type Pdf, renderPdf } from '../../core/pdf';
import { plural } from '../../../shared/plural';

export interface PrintableLine {
  description: string;
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  /** The net: cases × case size × per-bottle price. */
  lineTotalMinor: number;
  /** Layout 2: the bottle (for the unit), the duty and the rate it was computed at (null: none charged), the VAT category and rate. */
  volumeMl: number | null;
  dutyPerHlpaMinor: number | null;
  dutyMinor: number;
  vatCategory: VatCategory;
  vatRateBp: number;
}

export interface PrintableDocument {
  /** 1: as issued before issue 44 (one flat tax rate); 2: a full VAT invoice. */
  layoutVersion: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedOn: string;
  /** Layout 2: the day the tax rules were read (a credit note: its invoice's). */
  taxPoint: string | null;
  dueOn: string;
  currency: string;
  issuer: InvoiceParty;
  customer: InvoiceParty;
  lines: PrintableLine[];
  subtotalMinor: number;
  dutyMinor: number;
  dutyTreatment: DutyTreatment | null;
  /** Layout 1's flat rate. */
  taxRateBp: number;
  taxMinor: number;
  /** Layout 2: VAT per category and rate. */
  vatBreakdown: VatBreakdownRow[];
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
/** Columns of layout 1's lines table: x and width (the per-case column wide enough for a price). */
const COLS = {
  description: { x: LEFT, w: 195 },
  cases: { x: LEFT + 195, w: 45 },
  caseSize: { x: LEFT + 240, w: 85 },
  unit: { x: LEFT + 325, w: 80 },
  total: { x: LEFT + 405, w: 90 },
};
/** Layout 2's: description and unit, cases, per-case price, duty, VAT category and rate, net. */
const COLS2 = {
  description: { x: LEFT, w: 170 },
  cases: { x: LEFT + 170, w: 40 },
  perCase: { x: LEFT + 210, w: 75 },
  duty: { x: LEFT + 285, w: 70 },
  vat: { x: LEFT + 355, w: 50 },
  net: { x: LEFT + 405, w: 90 },
};
type Column = { x: number; w: number };

/** A bottle's volume as a label reads it: 700 → "70cl", 1000 → "1L", 375 → "37.5cl". */
export function volumeLabel(ml: number): string {
  if (ml >= 1000 && ml % 100 === 0) return `${ml / 1000}L`;
  return `${(ml / 10).toLocaleString('en', { maximumFractionDigits: 1 })}cl`;
}

/** A line's unit: "case of 6 × 70cl" (the bottle when known). */
export function unitLabel(caseSize: number, volumeMl: number | null): string {
  return volumeMl ? `case of ${caseSize} × ${volumeLabel(volumeMl)}` : `case of ${caseSize}`;
}

/** Whether an account is an IBAN (two letters, two check digits) rather than a local account number. */
const isIban = (account: string) => /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account.replace(/\s+/g, ''));

function party(doc: Pdf, heading: string, p: InvoiceParty, x: number, y: number, width: number, vatNumber = false): number {
  doc.font('Bold').fontSize(9).fillColor('#555555').text(heading.toUpperCase(), x, y, { width });
  doc.font('Bold').fontSize(11).fillColor('#000000').text(p.legalName, { width });
  doc.font('Body').fontSize(10);
  if (p.tradingName && p.tradingName !== p.legalName) doc.text(`Trading as ${p.tradingName}`, { width });
  for (const line of p.addressLines) doc.text(line, { width });
  doc.text(countryName(p.country), { width });
  doc.text(`Licence ${p.licenceNumber} (${p.licenceJurisdiction})`, { width });
  if (vatNumber && p.vatNumber) doc.text(`VAT number ${p.vatNumber}`, { width });
  return doc.y;
}

function tableHeader(doc: Pdf, headings: [string, Column, 'left' | 'right'][]) {
  const y = doc.y;
  doc.font('Bold').fontSize(9).fillColor('#555555');
  for (const [label, col, align] of headings) doc.text(label, col.x, y, { width: col.w, align });
  const below = doc.y + 4;
  rule(doc, below);
  doc.fillColor('#000000').font('Body').fontSize(10);
  doc.y = below + 6;
}

function rule(doc: Pdf, y: number) {
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
}

const HEADINGS_1: [string, Column, 'left' | 'right'][] = [
  ['Description', COLS.description, 'left'],
  ['Cases', COLS.cases, 'right'],
  ['Per case', COLS.caseSize, 'right'],
  ['Per bottle', COLS.unit, 'right'],
  ['Amount', COLS.total, 'right'],
];
const HEADINGS_2: [string, Column, 'left' | 'right'][] = [
  ['Description', COLS2.description, 'left'],
  ['Cases', COLS2.cases, 'right'],
  ['Per case', COLS2.perCase, 'right'],
  ['Duty', COLS2.duty, 'right'],
  ['VAT', COLS2.vat, 'right'],
  ['Net', COLS2.net, 'right'],
];

/** Renders the document; `author` is the issuer's name. */
export function renderInvoicePdf(d: PrintableDocument): Promise<Buffer> {
  const money = (minor: number) => formatPrice(minor, d.currency);
  const full = d.layoutVersion >= 2;
  const title = d.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  return renderPdf({ title: `${title} ${d.number}`, author: d.issuer.legalName }, (doc) => {
    doc.font('Bold').fontSize(22).text(title, LEFT, 50);
    doc.font('Body').fontSize(10);
    const facts: [string, string][] = [
      ['Number', d.number],
      ['Issued', longDate(d.issuedOn)],
      ...(full && d.taxPoint ? ([['Tax point', longDate(d.taxPoint)]] as [string, string][]) : []),
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
    // Layout 2 prints both VAT numbers: the seller's always, the buyer's whenever it has one (an
    // intra-Community supply, K, is only decided when it has one).
    const left = party(doc, 'From', d.issuer, LEFT, top, 235, full);
    const right = party(doc, d.kind === 'credit_note' ? 'Credited to' : 'Bill to', d.customer, 310, top, 235, full);
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
    const headings = full ? HEADINGS_2 : HEADINGS_1;
    tableHeader(doc, headings);
    for (const l of d.lines) {
      if (doc.y > doc.page.height - 140) {
        doc.addPage();
        doc.y = 50;
        tableHeader(doc, headings);
      }
      const rowY = doc.y;
      const perCase = money(l.caseSize * l.unitPriceMinor);
      if (full) {
        doc.text(l.description, COLS2.description.x, rowY, { width: COLS2.description.w });
        doc.fontSize(8.5).fillColor('#555555').text(unitLabel(l.caseSize, l.volumeMl), { width: COLS2.description.w });
        doc.fontSize(10).fillColor('#000000');
        const after = doc.y;
        doc.text(String(l.cases), COLS2.cases.x, rowY, { width: COLS2.cases.w, align: 'right' });
        doc.text(perCase, COLS2.perCase.x, rowY, { width: COLS2.perCase.w, align: 'right' });
        doc.text(l.dutyPerHlpaMinor === null ? '—' : money(l.dutyMinor), COLS2.duty.x, rowY, { width: COLS2.duty.w, align: 'right' });
        doc.text(vatRateLabel(l.vatCategory, l.vatRateBp), COLS2.vat.x, rowY, { width: COLS2.vat.w, align: 'right' });
        doc.text(money(l.lineTotalMinor), COLS2.net.x, rowY, { width: COLS2.net.w, align: 'right' });
        doc.y = Math.max(after, doc.y) + 4;
      } else {
        doc.text(l.description, COLS.description.x, rowY, { width: COLS.description.w });
        const after = doc.y;
        doc.text(String(l.cases), COLS.cases.x, rowY, { width: COLS.cases.w, align: 'right' });
        doc.text(perCase, COLS.caseSize.x, rowY, { width: COLS.caseSize.w, align: 'right' });
        doc.text(money(l.unitPriceMinor), COLS.unit.x, rowY, { width: COLS.unit.w, align: 'right' });
        doc.text(money(l.lineTotalMinor), COLS.total.x, rowY, { width: COLS.total.w, align: 'right' });
        doc.y = Math.max(after, doc.y) + 4;
      }
    }
    const totals: [string, string, boolean][] = full
      ? [
          ['Subtotal', money(d.subtotalMinor), false],
          ['Duty', money(d.dutyMinor), false],
          ...d.vatBreakdown.map((b): [string, string, boolean] => [
            `VAT ${vatRateLabel(b.category, b.rateBp)} on ${money(b.basisMinor)}`,
            money(b.vatMinor),
            false,
          ]),
          [d.kind === 'credit_note' ? 'Total credited' : 'Total due', money(d.totalMinor), true],
        ]
      : [
          ['Subtotal', money(d.subtotalMinor), false],
          [`Tax (${taxRateLabel(d.taxRateBp)})`, money(d.taxMinor), false],
          [d.kind === 'credit_note' ? 'Total credited' : 'Total due', money(d.totalMinor), true],
        ];
    // The totals stay together (a long document's last page may have no room left for them).
    if (doc.y > doc.page.height - 60 - totals.length * 16) {
      doc.addPage();
      doc.y = 50;
    }
    const ruleY = doc.y + 2;
    rule(doc, ruleY);
    doc.y = ruleY + 8;
    for (const [label, value, strong] of totals) {
      const ty = doc.y;
      doc.font(strong ? 'Bold' : 'Body').fontSize(strong ? 12 : 10);
      // Layout 2's labels are longer ("VAT S 20% on £1,234.56").
      doc.text(label, full ? 230 : 300, ty, { width: full ? 220 : 150 });
      doc.text(value, 405, ty, { width: 140, align: 'right' });
      doc.y = Math.max(doc.y, ty + 14) + 2;
    }
    doc.moveDown(1.5);
    doc.font('Body').fontSize(9).fillColor('#555555');
    const notes: string[] = [];
    if (full) {
      for (const b of d.vatBreakdown) {
        if (b.category === 'K')
          notes.push(
            `VAT ${b.category}: Exempt intra-Community supply. Supplier's VAT number ${d.issuer.vatNumber || '—'}; customer's VAT number ${d.customer.vatNumber || '—'}.`,
          );
        else if (b.category !== 'S' && b.note) notes.push(`VAT ${b.category}: ${b.note}${b.note.endsWith('.') ? '' : '.'}`);
      }
      if (d.dutyTreatment) notes.push(DUTY_NOTES[d.dutyTreatment]);
    }
    notes.push(
      d.kind === 'credit_note'
        ? `This credit note reduces what is owed on invoice ${d.credits ?? ''}. Amounts in ${d.currency}.`
        : `Payment within ${plural(d.paymentTermsDays, 'day')}, by ${longDate(d.dueOn)}. Amounts in ${d.currency}. Please quote ${d.number} with your payment.`,
    );
    if (full && d.kind === 'invoice' && d.issuer.bankAccount) {
      const account = d.issuer.bankAccount;
      notes.push(
        [
          `Pay to ${d.issuer.bankAccountName || d.issuer.legalName}`,
          `${isIban(account) ? 'IBAN' : 'Account'} ${account}`,
          ...(d.issuer.bankBic ? [`BIC ${d.issuer.bankBic}`] : []),
        ].join(' · '),
      );
    }
    doc.text(notes[0]!, LEFT, doc.y, { width: WIDTH });
    for (const n of notes.slice(1)) {
      doc.moveDown(0.4);
      doc.text(n, LEFT, doc.y, { width: WIDTH });
    }
    doc.fillColor('#000000');
  });
}
