// The e-invoice's building blocks: exact decimals from minor units, VAT identifiers with their
// prefix, endpoints (the party's own, else from its VAT number under Peppol's VAT schemes), and a
// document issued before issue 44 (one flat rate, no breakdown) written as one VAT category.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { InvoicePartyView } from '../../../shared/invoice-views';
import { decimal, type EInvoiceDocument, endpointOf, renderUbl, vatId } from './ubl';

const party = (over: Partial<InvoicePartyView> = {}): InvoicePartyView => ({
  legalName: 'Thames Drinks Ltd',
  tradingName: 'Thames Drinks',
  licenceNumber: 'LIC-1',
  licenceJurisdiction: 'GB',
  addressLines: ['2 Trade Street', 'London, E1 6AN'],
  country: 'GB',
  vatNumber: '',
  ...over,
});

const doc = (over: Partial<EInvoiceDocument> = {}): EInvoiceDocument => ({
  layoutVersion: 1,
  kind: 'invoice',
  number: 'INV-2026-0007',
  issuedOn: '2026-03-02',
  taxPoint: null,
  dueOn: '2026-04-01',
  currency: 'GBP',
  issuer: party({ vatNumber: 'GB434031494' }),
  customer: party({ legalName: 'Corner Wines Ltd', tradingName: 'Corner Wines' }),
  lines: [
    {
      description: 'Harbour Gin',
      cases: 2,
      caseSize: 6,
      unitPriceMinor: 1999,
      lineTotalMinor: 23_988,
      volumeMl: null,
      dutyPerHlpaMinor: null,
      dutyMinor: 0,
      vatCategory: 'S',
      vatRateBp: 0,
    },
  ],
  subtotalMinor: 23_988,
  dutyMinor: 0,
  dutyTreatment: null,
  taxRateBp: 2000,
  taxMinor: 4_798,
  vatBreakdown: [],
  totalMinor: 28_786,
  paymentTermsDays: 30,
  orders: ['FR-2026-000001'],
  credits: null,
  reason: '',
  buyerReference: 'FR-2026-000001',
  orderReference: 'FR-2026-000001',
  creditsIssuedOn: null,
  ...over,
});

describe('decimal', () => {
  it('writes minor units exactly in the currency’s digits', () => {
    expect(decimal(0, 2)).toBe('0.00');
    expect(decimal(5, 2)).toBe('0.05');
    expect(decimal(123_456_789, 2)).toBe('1234567.89');
    expect(decimal(-1_050, 2)).toBe('-10.50');
    expect(decimal(1_234, 0)).toBe('1234');
    expect(decimal(7, 3)).toBe('0.007');
  });
});

describe('parties', () => {
  it('prefixes a VAT number with its country (Greece’s with EL) and leaves a prefixed one alone', () => {
    expect(vatId(party({ vatNumber: 'GB434031494' }))).toBe('GB434031494');
    expect(vatId(party({ vatNumber: '094259216', country: 'GR' }))).toBe('EL094259216');
    expect(vatId(party({ vatNumber: '' }))).toBeNull();
  });

  it('takes the party’s own endpoint, else one from its VAT number, else none', () => {
    expect(endpointOf(party({ endpoint: { scheme: '0088', id: '5790000436057' }, vatNumber: 'GB434031494' }))).toEqual({ scheme: '0088', id: '5790000436057' });
    expect(endpointOf(party({ vatNumber: 'DE136695976', country: 'DE' }))).toEqual({ scheme: '9930', id: 'DE136695976' });
    // Italy's VAT numbers have no Peppol VAT scheme: such a party needs its own endpoint.
    expect(endpointOf(party({ vatNumber: 'IT00743110157', country: 'IT' }))).toBeNull();
    expect(endpointOf(party())).toBeNull();
  });
});

describe('renderUbl', () => {
  const parse = (xml: string) => new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(xml);

  it('writes a document issued before issue 44 as one standard-rated category at its flat rate, its address read from the printed lines', () => {
    const root = parse(renderUbl(doc())).Invoice;
    expect(root.TaxTotal.TaxSubtotal).toMatchObject({
      TaxableAmount: { '#text': '239.88' },
      TaxAmount: { '#text': '47.98' },
      TaxCategory: { ID: 'S', Percent: '20.00' },
    });
    expect(root.InvoiceLine.Item.ClassifiedTaxCategory).toMatchObject({ ID: 'S', Percent: '20.00' });
    expect(root.AccountingCustomerParty.Party.PostalAddress).toMatchObject({ StreetName: '2 Trade Street', CityName: 'London' });
    // No endpoint for a customer without one or a VAT number; the seller's from its VAT number.
    expect(root.AccountingCustomerParty.Party.EndpointID).toBeUndefined();
    expect(root.AccountingSupplierParty.Party.EndpointID).toEqual({ '#text': 'GB434031494', '@schemeID': '9932' });
    // The customer has no electronic address: EN 16931 alone, no Peppol profile.
    expect(root.CustomizationID).toBe('urn:cen.eu:en16931:2017');
    expect(root.ProfileID).toBeUndefined();
    const both = parse(renderUbl(doc({ customer: party({ endpoint: { scheme: '0088', id: '5790000436057' } }) }))).Invoice;
    expect(both.CustomizationID).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(both.ProfileID).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    // A flat rate of 0 % is zero rated (S needs a rate above zero).
    expect(parse(renderUbl(doc({ taxRateBp: 0, taxMinor: 0, totalMinor: 23_988 }))).Invoice.TaxTotal.TaxSubtotal.TaxCategory.ID).toBe('Z');
  });

  it('writes a credit note with the invoice it credits and no due date or payment means', () => {
    const root = parse(
      renderUbl(
        doc({
          kind: 'credit_note',
          number: 'CN-2026-0001',
          credits: 'INV-2026-0007',
          creditsIssuedOn: '2026-03-02',
          reason: 'Broken',
          taxPoint: '2026-03-02',
          issuedOn: '2026-03-09',
        }),
      ),
    ).CreditNote;
    expect(root.CreditNoteTypeCode).toBe('381');
    expect(root.BillingReference.InvoiceDocumentReference).toEqual({ ID: 'INV-2026-0007', IssueDate: '2026-03-02' });
    expect(root.DueDate).toBeUndefined();
    expect(root.PaymentMeans).toBeUndefined();
    expect(root.Note).toBe('Broken');
    expect(root.CreditNoteLine.CreditedQuantity).toEqual({ '#text': '12', '@unitCode': 'H87' });
  });

  it('escapes what a name may hold', () => {
    const xml = renderUbl(doc({ customer: party({ legalName: 'Fish & Chips <Wines> "Ltd"' }) }));
    expect(xml).toContain('Fish &amp; Chips &lt;Wines&gt;');
    expect(parse(xml).Invoice.AccountingCustomerParty.Party.PartyLegalEntity.RegistrationName).toBe('Fish & Chips <Wines> "Ltd"');
  });
});
