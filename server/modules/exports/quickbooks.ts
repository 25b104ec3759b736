// QuickBooks Online's imports (docs/accounting-exports.md has the sources): invoices in the columns of
// its invoice import sample, credit notes in the same columns with positive amounts (QuickBooks
// imports them with its own credit-note import, which maps columns by hand), and received payments
// as a bank upload in its three-column form (Date, Description, Amount). Each row carries its share
// of its rate's VAT in ItemTaxAmount (lines.ts), so QuickBooks books the VAT as invoiced and the
// document's total is ours to the minor unit; choose "Exclusive of tax" when importing.
import { decimal } from '../orders';
import { amountRows, dayFirst, goodsDescription, vatShares } from './lines';
import { quickBooksTaxCode } from './tax-codes';
import { columnsOf, type ExportDocument, type ExportPayment, type Row, rowOf } from './types';

export const QUICKBOOKS_INVOICE_COLUMNS = columnsOf(
  [
    'InvoiceNo',
    'Customer',
    'InvoiceDate',
    'DueDate',
    'Terms',
    'Location',
    'Memo',
    'Item(Product/Service)',
    'ItemDescription',
    'ItemQuantity',
    'ItemRate',
    'ItemAmount',
    'ItemTaxCode',
    'ItemTaxAmount',
    'Currency',
  ],
  ['ItemQuantity', 'ItemRate', 'ItemAmount', 'ItemTaxAmount'],
);
type InvoiceColumn = (typeof QUICKBOOKS_INVOICE_COLUMNS.names)[number];

export const QUICKBOOKS_BANK_COLUMNS = columnsOf(['Date', 'Description', 'Amount'], ['Amount']);
type BankColumn = (typeof QUICKBOOKS_BANK_COLUMNS.names)[number];

/** The product (or service) a duty row books to; QuickBooks creates it on import when asked to. */
export const QUICKBOOKS_DUTY_ITEM = 'Excise duty';

export function quickBooksDocumentRows(doc: ExportDocument): Row<InvoiceColumn>[] {
  const head: Partial<Row<InvoiceColumn>> = {
    InvoiceNo: doc.number,
    Customer: doc.customer.legalName,
    InvoiceDate: dayFirst(doc.issuedOn),
    DueDate: dayFirst(doc.dueOn),
    // QuickBooks' own terms are named so ("Net 30"); one it lacks is created or mapped on import.
    Terms: `Net ${doc.paymentTermsDays}`,
    Location: '',
    Memo: doc.creditsNumber ? `Credit note for ${doc.creditsNumber}${doc.reason ? `: ${doc.reason}` : ''}` : '',
    Currency: doc.currency,
  };
  const amounts = amountRows(doc);
  const vat = vatShares(doc, amounts);
  return amounts.map((r, i) =>
    rowOf<InvoiceColumn>(head, {
      'Item(Product/Service)': r.kind === 'goods' ? r.line.description : QUICKBOOKS_DUTY_ITEM,
      ItemDescription: r.kind === 'goods' ? goodsDescription(r.line) : `Excise duty: ${r.line.description}`,
      ItemQuantity: String(r.quantity),
      ItemRate: decimal(r.unitMinor),
      ItemAmount: decimal(r.amountMinor),
      ItemTaxCode: quickBooksTaxCode(r.category, r.rateBp),
      ItemTaxAmount: decimal(vat[i] ?? 0),
    }),
  );
}

/**
 * A payment received, as a bank line (money in: positive). QuickBooks asks for descriptions without
 * numbers (its bank upload's rule), so it names the payer only; the invoices it pays are matched in
 * QuickBooks' For Review tab.
 */
export function quickBooksPaymentRow(p: ExportPayment): Row<BankColumn> {
  return { Date: dayFirst(p.paidOn), Description: `Payment from ${p.payer.name}`, Amount: decimal(p.amountMinor) };
}
