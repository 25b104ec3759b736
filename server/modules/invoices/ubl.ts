// An invoice or a credit note as a UBL 2.1 e-invoice following EN 16931 and the Peppol BIS Billing
// 3.0 profile (issue 45), drawn from the same stored document as the PDF (`PrintableDocument`), so
// both say the same to the minor unit:
// - each line is its bottles at the per-bottle price; its excise duty is a line charge ("Excise
//   duty"), so the line's net amount (BT-131) includes it, as the VAT basis does (shared/tax.ts);
// - VAT is broken down per category and rate as stored (`vat_breakdown`); exempt categories carry
//   their exemption reason, with the VATEX code for K (intra-Community) and G (export);
// - the totals are the stored ones: line extension = tax exclusive = subtotal + duty, tax inclusive =
//   payable = total.
// It names the Peppol profile when both parties have an electronic address (their Peppol endpoint, or
// their VAT number under Peppol's VAT scheme), EN 16931 alone otherwise.
// Elements are written in the order the UBL 2.1 schema's sequences require. Documents issued before
// issue 45 lack the parties' endpoints and address parts: the endpoint then comes from the VAT
// number (Peppol's VAT schemes), the address from the printed lines.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { InvoicePartyView } from '../../../shared/invoice-views';
import { VAT_ENDPOINT_SCHEMES } from '../../../shared/peppol';
import { DUTY_NOTES, type VatBreakdownRow, type VatCategory } from '../../../shared/tax';
import type { PrintableDocument } from './pdf';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
export const PEPPOL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** EN 16931 alone: a document one of whose parties has no electronic address (Peppol requires both). */
export const EN16931_CUSTOMIZATION = 'urn:cen.eu:en16931:2017';

/** What the e-invoice needs beyond the printed document. */
export interface EInvoiceDocument extends PrintableDocument {
  /** BT-10: the buyer's references of the orders billed (else their numbers, else the credited invoice's). */
  buyerReference: string;
  /** BT-13: the order billed, when the invoice bills exactly one. */
  orderReference: string | null;
  /** The credited invoice's issue date (a credit note). */
  creditsIssuedOn: string | null;
}

/** UNTDID 5189/VATEX reasons for the exempt categories (the CEF VATEX code list). */
const VATEX: Partial<Record<VatCategory, string>> = { K: 'VATEX-EU-IC', G: 'VATEX-EU-G' };

/** A party's Peppol endpoint: its own, or one from its VAT number; null when it has neither. */
export function endpointOf(party: InvoicePartyView): { scheme: string; id: string } | null {
  if (party.endpoint?.id) return party.endpoint;
  const vat = vatId(party);
  const scheme = vat ? VAT_ENDPOINT_SCHEMES[vat.slice(0, 2)] : undefined;
  return vat && scheme ? { scheme, id: vat } : null;
}

/** The VAT number with its country prefix (BR-CO-09; Greece's is EL), or null when there is none. */
export function vatId(party: InvoicePartyView): string | null {
  const raw = (party.vatNumber ?? '').replace(/\s+/g, '').toUpperCase();
  if (!raw) return null;
  if (/^[A-Z]{2}/.test(raw)) return raw;
  return `${party.country === 'GR' ? 'EL' : party.country}${raw}`;
}

const fractionDigits = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Minor units as the decimal UBL expects ("1234.50"), exactly (no floating point). */
export function decimal(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

const percent = (rateBp: number) => decimal(rateBp, 2);

/** The address in parts: stored at issue since issue 45, else read back from the printed lines. */
function addressOf(party: InvoicePartyView): { line1: string; line2: string; city: string; region: string; postalCode: string } {
  if (party.address) return party.address;
  const lines = party.addressLines;
  const last = lines.length > 1 ? (lines.at(-1) ?? '') : '';
  const street = lines.length > 1 ? lines.slice(0, -1) : lines;
  return { line1: street[0] ?? '', line2: street.slice(1).join(', '), city: last.split(',')[0]?.trim() ?? '', region: '', postalCode: '' };
}

/**
 * The VAT breakdown and each line's category: as stored, or for a document issued before issue 44
 * (one flat rate, no breakdown), one row — standard at its rate, zero rated at 0 %.
 */
function taxOf(doc: PrintableDocument): { breakdown: VatBreakdownRow[]; lineCategory: (i: number) => { category: VatCategory; rateBp: number } } {
  if (doc.layoutVersion >= 2 && doc.vatBreakdown.length) {
    return { breakdown: doc.vatBreakdown, lineCategory: (i) => ({ category: doc.lines[i]!.vatCategory, rateBp: doc.lines[i]!.vatRateBp }) };
  }
  const category: VatCategory = doc.taxRateBp > 0 ? 'S' : 'Z';
  const row: VatBreakdownRow = { category, rateBp: doc.taxRateBp, basisMinor: doc.subtotalMinor + doc.dutyMinor, vatMinor: doc.taxMinor, note: '' };
  return { breakdown: [row], lineCategory: () => ({ category, rateBp: doc.taxRateBp }) };
}

export function renderUbl(doc: EInvoiceDocument): string {
  const credit = doc.kind === 'credit_note';
  const digits = fractionDigits(doc.currency);
  const money = (minor: number) => decimal(minor, digits);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(credit ? NS.creditNote : NS.invoice, credit ? 'CreditNote' : 'Invoice', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
  });
  const cbc = (parent: XMLBuilder, name: string, text: string, attrs?: Record<string, string>) => {
    parent.ele(NS.cbc, `cbc:${name}`, attrs).txt(text);
    return parent;
  };
  const cac = (parent: XMLBuilder, name: string) => parent.ele(NS.cac, `cac:${name}`);
  const amount = (parent: XMLBuilder, name: string, minor: number) => cbc(parent, name, money(minor), { currencyID: doc.currency });
  const { breakdown, lineCategory } = taxOf(doc);

  // Peppol BIS 3.0 when both parties have an electronic address (it requires both, R010 and R020);
  // otherwise the document claims EN 16931 alone: it imports into accounting, but cannot travel on Peppol.
  const peppol = !!endpointOf(doc.issuer) && !!endpointOf(doc.customer);
  cbc(root, 'CustomizationID', peppol ? PEPPOL_CUSTOMIZATION : EN16931_CUSTOMIZATION);
  if (peppol) cbc(root, 'ProfileID', PEPPOL_PROFILE);
  cbc(root, 'ID', doc.number);
  cbc(root, 'IssueDate', doc.issuedOn);
  if (credit) {
    if (doc.taxPoint && doc.taxPoint !== doc.issuedOn) cbc(root, 'TaxPointDate', doc.taxPoint);
    cbc(root, 'CreditNoteTypeCode', '381');
  } else {
    cbc(root, 'DueDate', doc.dueOn);
    cbc(root, 'InvoiceTypeCode', '380');
  }
  // One note at most (Peppol R002): what the document says about duty, and a credit note's reason.
  const note = [doc.dutyTreatment ? DUTY_NOTES[doc.dutyTreatment] : '', credit ? doc.reason : ''].filter(Boolean).join(' ');
  if (note) cbc(root, 'Note', note);
  if (!credit && doc.taxPoint && doc.taxPoint !== doc.issuedOn) cbc(root, 'TaxPointDate', doc.taxPoint);
  cbc(root, 'DocumentCurrencyCode', doc.currency);
  cbc(root, 'BuyerReference', doc.buyerReference);
  if (doc.orderReference) cbc(cac(root, 'OrderReference'), 'ID', doc.orderReference);
  if (credit && doc.credits) {
    const ref = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(ref, 'ID', doc.credits);
    if (doc.creditsIssuedOn) cbc(ref, 'IssueDate', doc.creditsIssuedOn);
  }

  const party = (role: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: InvoicePartyView) => {
    const node = cac(cac(root, role), 'Party');
    const endpoint = endpointOf(p);
    if (endpoint) cbc(node, 'EndpointID', endpoint.id, { schemeID: endpoint.scheme });
    if (p.licenceNumber) cbc(cac(node, 'PartyIdentification'), 'ID', p.licenceNumber);
    cbc(cac(node, 'PartyName'), 'Name', p.tradingName || p.legalName);
    const a = addressOf(p);
    const address = cac(node, 'PostalAddress');
    if (a.line1) cbc(address, 'StreetName', a.line1);
    if (a.line2) cbc(address, 'AdditionalStreetName', a.line2);
    if (a.city) cbc(address, 'CityName', a.city);
    if (a.postalCode) cbc(address, 'PostalZone', a.postalCode);
    if (a.region) cbc(address, 'CountrySubentity', a.region);
    cbc(cac(address, 'Country'), 'IdentificationCode', p.country);
    const vat = vatId(p);
    if (vat) {
      const scheme = cac(node, 'PartyTaxScheme');
      cbc(scheme, 'CompanyID', vat);
      cbc(cac(scheme, 'TaxScheme'), 'ID', 'VAT');
    }
    cbc(cac(node, 'PartyLegalEntity'), 'RegistrationName', p.legalName);
  };
  party('AccountingSupplierParty', doc.issuer);
  party('AccountingCustomerParty', doc.customer);

  // Delivered to the customer's address on the tax point (the supply's date: BR-IC-11, BR-IC-12).
  const delivery = cac(root, 'Delivery');
  if (doc.taxPoint) cbc(delivery, 'ActualDeliveryDate', doc.taxPoint);
  const to = addressOf(doc.customer);
  const deliverTo = cac(cac(delivery, 'DeliveryLocation'), 'Address');
  if (to.line1) cbc(deliverTo, 'StreetName', to.line1);
  if (to.city) cbc(deliverTo, 'CityName', to.city);
  if (to.postalCode) cbc(deliverTo, 'PostalZone', to.postalCode);
  cbc(cac(deliverTo, 'Country'), 'IdentificationCode', doc.customer.country);

  // Paid by credit transfer to the seller's account (an invoice; BR-61 wants the account).
  if (!credit && doc.issuer.bankAccount) {
    const means = cac(root, 'PaymentMeans');
    cbc(means, 'PaymentMeansCode', '30', { name: 'Credit transfer' });
    cbc(means, 'PaymentID', doc.number);
    const account = cac(means, 'PayeeFinancialAccount');
    // An IBAN in its electronic form; a local account (a UK sort code and number) as printed.
    const iban = doc.issuer.bankAccount.replace(/\s+/g, '');
    cbc(account, 'ID', /^[A-Z]{2}\d{2}/.test(iban) ? iban : doc.issuer.bankAccount);
    if (doc.issuer.bankAccountName) cbc(account, 'Name', doc.issuer.bankAccountName);
    if (doc.issuer.bankBic) cbc(cac(account, 'FinancialInstitutionBranch'), 'ID', doc.issuer.bankBic);
  }
  if (!credit) cbc(cac(root, 'PaymentTerms'), 'Note', `Payment due within ${doc.paymentTermsDays} days of the invoice date.`);

  const category = (parent: XMLBuilder, name: 'TaxCategory' | 'ClassifiedTaxCategory', c: { category: VatCategory; rateBp: number; note?: string }) => {
    const node = cac(parent, name);
    cbc(node, 'ID', c.category);
    cbc(node, 'Percent', percent(c.rateBp));
    if (name === 'TaxCategory' && c.category !== 'S' && c.category !== 'Z') {
      const code = VATEX[c.category];
      if (code) cbc(node, 'TaxExemptionReasonCode', code);
      if (c.note) cbc(node, 'TaxExemptionReason', c.note);
    }
    cbc(cac(node, 'TaxScheme'), 'ID', 'VAT');
  };
  const taxTotal = cac(root, 'TaxTotal');
  amount(taxTotal, 'TaxAmount', doc.taxMinor);
  for (const row of breakdown) {
    const sub = cac(taxTotal, 'TaxSubtotal');
    amount(sub, 'TaxableAmount', row.basisMinor);
    amount(sub, 'TaxAmount', row.vatMinor);
    category(sub, 'TaxCategory', { category: row.category, rateBp: row.rateBp, note: row.note || undefined });
  }

  const net = doc.subtotalMinor + doc.dutyMinor;
  const totals = cac(root, 'LegalMonetaryTotal');
  amount(totals, 'LineExtensionAmount', net);
  amount(totals, 'TaxExclusiveAmount', net);
  amount(totals, 'TaxInclusiveAmount', doc.totalMinor);
  amount(totals, 'PayableAmount', doc.totalMinor);

  doc.lines.forEach((l, i) => {
    const line = cac(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
    cbc(line, 'ID', String(i + 1));
    cbc(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity', String(l.cases * l.caseSize), { unitCode: 'H87' });
    amount(line, 'LineExtensionAmount', l.lineTotalMinor + l.dutyMinor);
    if (l.dutyMinor > 0) {
      const charge = cac(line, 'AllowanceCharge');
      cbc(charge, 'ChargeIndicator', 'true');
      cbc(charge, 'AllowanceChargeReason', 'Excise duty');
      amount(charge, 'Amount', l.dutyMinor);
    }
    const item = cac(line, 'Item');
    cbc(item, 'Description', `${l.cases} × ${l.caseSize}${l.volumeMl ? ` × ${l.volumeMl} ml` : ''}`);
    cbc(item, 'Name', l.description);
    category(item, 'ClassifiedTaxCategory', lineCategory(i));
    amount(cac(line, 'Price'), 'PriceAmount', l.unitPriceMinor);
  });
  return root.end({ prettyPrint: true });
}
