// Xero's imports (docs/accounting-exports.md has the sources): sales invoices in the columns of its
// sales invoice template, credit notes in the same template with negative amounts (Xero's rule for
// importing credit notes), and received payments as a bank statement in its statement template.
// Amounts are tax exclusive (choose "Tax exclusive" when importing). Xero works out VAT per line and
// rounds each line; we round once per rate on the rate's whole basis (shared/tax.ts), so where the
// two differ a "VAT rounding" line outside VAT (account 860, Xero's default Rounding account) makes
// the document's total ours to the minor unit — Xero's own advice for rounding differences.
import { taxOn } from '../../../shared/invoice-totals';
import { decimal } from '../orders';
import { amountRows, dayFirst, goodsDescription } from './lines';
import { XERO_NO_VAT, xeroTaxType } from './tax-codes';
import { columnsOf, type ExportDocument, type ExportPayment, type Row, rowOf } from './types';

export const XERO_INVOICE_COLUMNS = columnsOf(
  [
    '*ContactName',
    'EmailAddress',
    'POAddressLine1',
    'POAddressLine2',
    'POAddressLine3',
    'POAddressLine4',
    'POCity',
    'PORegion',
    'POPostalCode',
    'POCountry',
    '*InvoiceNumber',
    'Reference',
    '*InvoiceDate',
    '*DueDate',
    'InventoryItemCode',
    '*Description',
    '*Quantity',
    '*UnitAmount',
    'Discount',
    '*AccountCode',
    '*TaxType',
    'TrackingName1',
    'TrackingOption1',
    'TrackingName2',
    'TrackingOption2',
    'Currency',
    'BrandingTheme',
  ],
  ['*Quantity', '*UnitAmount', 'Discount'],
);
type InvoiceColumn = (typeof XERO_INVOICE_COLUMNS.names)[number];

export const XERO_STATEMENT_COLUMNS = columnsOf(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number'], ['*Amount']);
type StatementColumn = (typeof XERO_STATEMENT_COLUMNS.names)[number];

/** Xero's default chart of accounts: 200 Sales, 860 Rounding (change them in Xero's import if yours differ). */
export const XERO_SALES_ACCOUNT = '200';
export const XERO_ROUNDING_ACCOUNT = '860';

/** Xero's VAT on the rows as it works it out: each row's, rounded, added up. */
export function xeroVatOf(rows: readonly { amountMinor: number; rateBp: number }[]): number {
  return rows.reduce((s, r) => s + taxOn(r.amountMinor, r.rateBp), 0);
}

export function xeroDocumentRows(doc: ExportDocument): Row<InvoiceColumn>[] {
  // A credit note is imported as an invoice with negative amounts: the unit amount carries the sign.
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const lines = doc.customer.addressLines;
  const head: Partial<Row<InvoiceColumn>> = {
    '*ContactName': doc.customer.legalName,
    EmailAddress: doc.customerEmail,
    POAddressLine1: lines[0] ?? '',
    POAddressLine2: lines[1] ?? '',
    POAddressLine3: lines[2] ?? '',
    POAddressLine4: lines.slice(3).join(', '),
    // The printed address is kept as printed (its city line is one of the lines above).
    POCity: '',
    PORegion: '',
    POPostalCode: '',
    POCountry: doc.customer.country,
    '*InvoiceNumber': doc.number,
    Reference: doc.creditsNumber ? `Credits ${doc.creditsNumber}` : '',
    '*InvoiceDate': dayFirst(doc.issuedOn),
    '*DueDate': dayFirst(doc.dueOn),
    InventoryItemCode: '',
    Discount: '',
    TrackingName1: '',
    TrackingOption1: '',
    TrackingName2: '',
    TrackingOption2: '',
    Currency: doc.currency,
    BrandingTheme: '',
  };
  const amounts = amountRows(doc);
  const rows = amounts.map((r) =>
    rowOf<InvoiceColumn>(head, {
      '*Description': r.kind === 'goods' ? goodsDescription(r.line) : `Excise duty: ${r.line.description}`,
      '*Quantity': String(r.quantity),
      '*UnitAmount': decimal(sign * r.unitMinor),
      '*AccountCode': XERO_SALES_ACCOUNT,
      '*TaxType': xeroTaxType(r.category, r.rateBp),
    }),
  );
  const rounding = doc.taxMinor - xeroVatOf(amounts);
  if (rounding !== 0)
    rows.push(
      rowOf<InvoiceColumn>(head, {
        '*Description': 'VAT rounding: VAT as invoiced, rounded once per rate (Xero rounds each line)',
        '*Quantity': '1',
        '*UnitAmount': decimal(sign * rounding),
        '*AccountCode': XERO_ROUNDING_ACCOUNT,
        '*TaxType': XERO_NO_VAT,
      }),
    );
  return rows;
}

/** A payment received, as a line of the bank statement it arrived on (money in: positive). */
export function xeroPaymentRow(p: ExportPayment): Row<StatementColumn> {
  return {
    '*Date': dayFirst(p.paidOn),
    '*Amount': decimal(p.amountMinor),
    Payee: p.payer.name,
    Description: p.allocations.length ? `Payment of ${p.allocations.map((a) => a.number).join(', ')}` : 'Payment on account',
    Reference: p.reference,
    'Cheque Number': p.method === 'cheque' ? p.reference : '',
  };
}
