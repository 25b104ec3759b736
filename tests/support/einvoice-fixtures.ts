// Peppol BIS Billing 3.0 documents written by hand for the validator's own tests: one invoice per
// VAT category Frolic issues (S domestic, Z, E, K intra-community, G export) and a credit note, with
// a document-level shipping charge, totals computed here in cents. They are what the published
// examples show (the same elements in the same order), with our own parties and figures; the official
// validator found no fatal rule in any of them (the report of issue 45's validation work).
import type { VatCategory } from '../../shared/tax';

export type SampleCategory = Extract<VatCategory, 'S' | 'Z' | 'E' | 'K' | 'G'>;

export interface SampleOptions {
  readonly category?: SampleCategory;
  readonly kind?: 'Invoice' | 'CreditNote';
}

interface Party {
  readonly endpoint: readonly [scheme: string, id: string];
  readonly name: string;
  readonly street: string;
  readonly city: string;
  readonly zone: string;
  readonly country: string;
  readonly vat: string | null;
}

const SELLER: Party = {
  endpoint: ['0208', '0999000129'],
  name: 'Frolic Spirits NV',
  street: 'Rue de la Loi 16',
  city: 'Brussels',
  zone: '1000',
  country: 'BE',
  vat: 'BE0999000129',
};

const DOMESTIC_BUYER: Party = {
  endpoint: ['0208', '0999000228'],
  name: 'Café Vermeulen BV',
  street: 'Meir 50',
  city: 'Antwerp',
  zone: '2000',
  country: 'BE',
  vat: 'BE0999000228',
};

const BUYERS: Record<SampleCategory, Party> = {
  S: DOMESTIC_BUYER,
  Z: DOMESTIC_BUYER,
  E: DOMESTIC_BUYER,
  K: {
    endpoint: ['0009', '12345678200016'],
    name: 'Cave Lumière SARL',
    street: '12 rue Oberkampf',
    city: 'Paris',
    zone: '75011',
    country: 'FR',
    vat: 'FR11123456782',
  },
  G: { endpoint: ['0060', '123456789'], name: 'Alpine Bar AG', street: 'Bahnhofstrasse 3', city: 'Zürich', zone: '8001', country: 'CH', vat: null },
};

/** The rate (percent) and, for zero-rated categories, the exemption reason each sample prints. */
const TAX: Record<SampleCategory, { percent: number; reason?: readonly [code: string, text: string] }> = {
  S: { percent: 21 },
  Z: { percent: 0 },
  E: { percent: 0, reason: ['VATEX-EU-132', 'Exempt under Article 132 of Directive 2006/112/EC'] },
  K: { percent: 0, reason: ['VATEX-EU-IC', 'Intra-Community supply'] },
  G: { percent: 0, reason: ['VATEX-EU-G', 'Export outside the EU'] },
};

const LINES = [
  { name: 'Frolic Gin 70cl', quantity: 12, priceCents: 1850 },
  { name: 'Frolic Bitter Orange 50cl', quantity: 6, priceCents: 1125 },
] as const;
const SHIPPING_CENTS = 1500;

const amount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const money = (tag: string, cents: number) => `<cbc:${tag} currencyID="EUR">${amount(cents)}</cbc:${tag}>`;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function party(role: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: Party): string {
  const taxScheme = p.vat
    ? `<cac:PartyTaxScheme><cbc:CompanyID>${p.vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
    : '';
  return `<cac:${role}><cac:Party>
    <cbc:EndpointID schemeID="${p.endpoint[0]}">${p.endpoint[1]}</cbc:EndpointID>
    <cac:PartyName><cbc:Name>${escape(p.name)}</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>${escape(p.street)}</cbc:StreetName><cbc:CityName>${escape(p.city)}</cbc:CityName><cbc:PostalZone>${p.zone}</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${p.country}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    ${taxScheme}
    <cac:PartyLegalEntity><cbc:RegistrationName>${escape(p.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:${role}>`;
}

/** A category element (TaxCategory, ClassifiedTaxCategory) with the sample's rate and, in the breakdown, its reason. */
function category(tag: string, code: SampleCategory, withReason: boolean): string {
  const { percent, reason } = TAX[code];
  const why =
    withReason && reason
      ? `<cbc:TaxExemptionReasonCode>${reason[0]}</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>${reason[1]}</cbc:TaxExemptionReason>`
      : '';
  return `<cac:${tag}><cbc:ID>${code}</cbc:ID><cbc:Percent>${percent}</cbc:Percent>${why}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;
}

/** A valid Peppol BIS 3.0 invoice (or credit note) of one VAT category, as a UBL 2.1 string. */
export function sampleEInvoice({ category: code = 'S', kind = 'Invoice' }: SampleOptions = {}): string {
  const invoice = kind === 'Invoice';
  const lineCents = LINES.map((l) => l.quantity * l.priceCents);
  const netCents = lineCents.reduce((a, b) => a + b, 0);
  const basisCents = netCents + SHIPPING_CENTS;
  const vatCents = Math.floor((basisCents * TAX[code].percent) / 100 + 0.5); // half up, as BR-CO-17 rounds
  const lines = LINES.map(
    (l, i) => `<cac:${kind}Line>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${invoice ? 'Invoiced' : 'Credited'}Quantity unitCode="C62">${l.quantity}</cbc:${invoice ? 'Invoiced' : 'Credited'}Quantity>
    ${money('LineExtensionAmount', lineCents[i]!)}
    <cac:Item><cbc:Name>${escape(l.name)}</cbc:Name>${category('ClassifiedTaxCategory', code, false)}</cac:Item>
    <cac:Price>${money('PriceAmount', l.priceCents)}</cac:Price>
  </cac:${kind}Line>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<${kind} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${kind}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${invoice ? 'INV' : 'CN'}-2026-00042</cbc:ID>
  <cbc:IssueDate>2026-12-07</cbc:IssueDate>
  ${invoice ? '<cbc:DueDate>2027-01-06</cbc:DueDate>\n  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>' : '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>'}
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>PO-7781</cbc:BuyerReference>
  ${invoice ? '' : '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-2026-00041</cbc:ID><cbc:IssueDate>2026-12-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>'}
  ${party('AccountingSupplierParty', SELLER)}
  ${party('AccountingCustomerParty', BUYERS[code])}
  <cac:Delivery>
    <cbc:ActualDeliveryDate>2026-12-04</cbc:ActualDeliveryDate>
    <cac:DeliveryLocation><cac:Address><cbc:CityName>${escape(BUYERS[code].city)}</cbc:CityName><cac:Country><cbc:IdentificationCode>${BUYERS[code].country}</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation>
  </cac:Delivery>
  <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentID>${invoice ? 'INV' : 'CN'}-2026-00042</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>BE71096123456769</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:AllowanceCharge>
    <cbc:ChargeIndicator>true</cbc:ChargeIndicator>
    <cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>
    <cbc:AllowanceChargeReason>Shipping</cbc:AllowanceChargeReason>
    ${money('Amount', SHIPPING_CENTS)}
    ${category('TaxCategory', code, false)}
  </cac:AllowanceCharge>
  <cac:TaxTotal>
    ${money('TaxAmount', vatCents)}
    <cac:TaxSubtotal>${money('TaxableAmount', basisCents)}${money('TaxAmount', vatCents)}${category('TaxCategory', code, true)}</cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    ${money('LineExtensionAmount', netCents)}
    ${money('TaxExclusiveAmount', basisCents)}
    ${money('TaxInclusiveAmount', basisCents + vatCents)}
    ${money('ChargeTotalAmount', SHIPPING_CENTS)}
    ${money('PayableAmount', basisCents + vatCents)}
  </cac:LegalMonetaryTotal>
  ${lines.join('\n  ')}
</${kind}>
`;
}
