// Our own CSV: every document and payment of the period on either side, with every amount as issued
// — nothing left for an importer to work out. A document is one `Document` row (its totals), a
// `Line` row per line (net and duty, VAT category and rate) and a `VAT` row per category (basis, VAT,
// the exemption note); amounts are positive, the kind says which way a credit note goes. A payment is
// one row with what it paid, per invoice.
import { DUTY_TREATMENT_LABELS, type VatCategory } from '../../../shared/tax';
import { PAYMENT_METHOD_LABELS } from '../../../shared/invoicing';
import { PAYMENT_STATUS_LABELS } from '../../../shared/status-labels';
import { decimal } from '../orders';
import { taxOfLine, vatByCategory } from './lines';
import { columnsOf, type ExportDocument, type ExportPayment, type Row, rowOf, type Side } from './types';

export const PLAIN_DOCUMENT_COLUMNS = columnsOf(
  [
    'Side',
    'Record',
    'Kind',
    'Number',
    'Credits',
    'Issued on',
    'Due on',
    'Tax point',
    'Currency',
    'Seller',
    'Seller VAT number',
    'Seller country',
    'Buyer',
    'Buyer VAT number',
    'Buyer country',
    'Duty treatment',
    'Description',
    'Cases',
    'Case size',
    'Unit price',
    'Net',
    'Duty',
    'VAT category',
    'VAT rate %',
    'VAT basis',
    'VAT',
    'Total',
    'Note',
  ],
  ['Cases', 'Case size', 'Unit price', 'Net', 'Duty', 'VAT rate %', 'VAT basis', 'VAT', 'Total'],
);
type DocumentColumn = (typeof PLAIN_DOCUMENT_COLUMNS.names)[number];

export const PLAIN_PAYMENT_COLUMNS = columnsOf(
  [
    'Side',
    'Paid on',
    'Status',
    'Method',
    'Reference',
    'Payer',
    'Payer VAT number',
    'Payee',
    'Payee VAT number',
    'Currency',
    'Amount',
    'Allocated',
    'Unallocated',
    'Invoices',
  ],
  ['Amount', 'Allocated', 'Unallocated'],
);
type PaymentColumn = (typeof PLAIN_PAYMENT_COLUMNS.names)[number];

const rate = (bp: number) => (bp / 100).toFixed(2);

export function plainDocumentRows(doc: ExportDocument, side: Side): Row<DocumentColumn>[] {
  const blank = Object.fromEntries(PLAIN_DOCUMENT_COLUMNS.names.map((c) => [c, ''])) as Row<DocumentColumn>;
  const head = rowOf<DocumentColumn>(blank, {
    Side: side === 'sales' ? 'Sales' : 'Purchases',
    Kind: doc.kind === 'invoice' ? 'Invoice' : 'Credit note',
    Number: doc.number,
    Credits: doc.creditsNumber ?? '',
    'Issued on': doc.issuedOn,
    'Due on': doc.dueOn,
    'Tax point': doc.taxPoint ?? '',
    Currency: doc.currency,
    Seller: doc.issuer.legalName,
    'Seller VAT number': doc.issuer.vatNumber ?? '',
    'Seller country': doc.issuer.country,
    Buyer: doc.customer.legalName,
    'Buyer VAT number': doc.customer.vatNumber ?? '',
    'Buyer country': doc.customer.country,
    'Duty treatment': doc.dutyTreatment ? DUTY_TREATMENT_LABELS[doc.dutyTreatment] : '',
  });
  const rows: Row<DocumentColumn>[] = [
    rowOf<DocumentColumn>(head, {
      Record: 'Document',
      Net: decimal(doc.subtotalMinor),
      Duty: decimal(doc.dutyMinor),
      VAT: decimal(doc.taxMinor),
      Total: decimal(doc.totalMinor),
      Note: doc.reason,
    }),
  ];
  for (const line of doc.lines) {
    const tax = taxOfLine(doc, line);
    rows.push(
      rowOf<DocumentColumn>(head, {
        Record: 'Line',
        Description: line.description,
        Cases: String(line.cases),
        'Case size': String(line.caseSize),
        'Unit price': decimal(line.unitPriceMinor),
        Net: decimal(line.lineTotalMinor),
        Duty: decimal(line.dutyMinor),
        'VAT category': tax.category,
        'VAT rate %': rate(tax.rateBp),
      }),
    );
  }
  const breakdown =
    doc.layoutVersion >= 2
      ? doc.vatBreakdown
      : [...vatByCategory(doc)].map(([key, vatMinor]) => ({
          category: key.split(':')[0] as VatCategory,
          rateBp: doc.taxRateBp,
          basisMinor: doc.subtotalMinor + doc.dutyMinor,
          vatMinor,
          note: '',
        }));
  for (const b of breakdown)
    rows.push(
      rowOf<DocumentColumn>(head, {
        Record: 'VAT',
        'VAT category': b.category,
        'VAT rate %': rate(b.rateBp),
        'VAT basis': decimal(b.basisMinor),
        VAT: decimal(b.vatMinor),
        Note: b.note,
      }),
    );
  return rows;
}

export function plainPaymentRow(p: ExportPayment, side: Side): Row<PaymentColumn> {
  const allocated = p.allocations.reduce((s, a) => s + a.amountMinor, 0);
  return {
    Side: side === 'sales' ? 'Received' : 'Paid',
    'Paid on': p.paidOn,
    Status: PAYMENT_STATUS_LABELS[p.status],
    Method: PAYMENT_METHOD_LABELS[p.method],
    Reference: p.reference,
    Payer: p.payer.name,
    'Payer VAT number': p.payer.vatNumber,
    Payee: p.payee.name,
    'Payee VAT number': p.payee.vatNumber,
    Currency: p.currency,
    Amount: decimal(p.amountMinor),
    Allocated: decimal(allocated),
    Unallocated: decimal(p.amountMinor - allocated),
    Invoices: p.allocations.map((a) => `${a.number} ${decimal(a.amountMinor)}`).join('; '),
  };
}
