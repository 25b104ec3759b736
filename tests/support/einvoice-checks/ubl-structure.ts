// The structure UBL 2.1's schemas give the parts of an Invoice and a CreditNote that Peppol BIS
// Billing 3.0 uses: for each type, its children in schema order with their cardinality (`?` optional,
// `*` any number, `+` one or more, none: exactly one). It stands in for the OASIS XSDs where those are
// not installed (einvoice.ts says where they are looked for): element order, misplaced or unknown
// elements, repeats and missing required children — the errors a hand-written generator makes.
// Elements of UBL that Peppol BIS does not use are reported as unknown. Written from the UBL 2.1
// schemas (maindoc/UBL-Invoice-2.1.xsd, UBL-CreditNote-2.1.xsd, common/UBL-CommonAggregateComponents-2.1.xsd)
// restricted to the Peppol BIS 3.0 syntax; the data types (dates, codes, amounts) are not checked here.
import { type Element, elementChildren, locate, qname } from './dom';

/** cac elements whose type is not named after them (others: `cac:Party` is a PartyType). */
export const UBL_TYPE_OF: Readonly<Record<string, string>> = {
  AccountingCustomerParty: 'CustomerPartyType',
  AccountingSupplierParty: 'SupplierPartyType',
  AdditionalDocumentReference: 'DocumentReferenceType',
  AdditionalItemProperty: 'ItemPropertyType',
  BuyersItemIdentification: 'ItemIdentificationType',
  ClassifiedTaxCategory: 'TaxCategoryType',
  ContractDocumentReference: 'DocumentReferenceType',
  DeliveryLocation: 'LocationType',
  DeliveryParty: 'PartyType',
  DespatchDocumentReference: 'DocumentReferenceType',
  FinancialInstitutionBranch: 'BranchType',
  InvoiceDocumentReference: 'DocumentReferenceType',
  InvoicePeriod: 'PeriodType',
  LegalMonetaryTotal: 'MonetaryTotalType',
  OriginCountry: 'CountryType',
  OriginatorDocumentReference: 'DocumentReferenceType',
  PayeeFinancialAccount: 'FinancialAccountType',
  PayeeParty: 'PartyType',
  PayerFinancialAccount: 'FinancialAccountType',
  PostalAddress: 'AddressType',
  ReceiptDocumentReference: 'DocumentReferenceType',
  SellersItemIdentification: 'ItemIdentificationType',
  StandardItemIdentification: 'ItemIdentificationType',
  TaxRepresentativeParty: 'PartyType',
};

export const UBL_SEQUENCES: Readonly<Record<string, string>> = {
  AddressLineType: 'cbc:Line',
  AddressType: 'cbc:StreetName? cbc:AdditionalStreetName? cbc:CityName? cbc:PostalZone? cbc:CountrySubentity? cac:AddressLine* cac:Country?',
  AllowanceChargeType:
    'cbc:ChargeIndicator cbc:AllowanceChargeReasonCode? cbc:AllowanceChargeReason* cbc:MultiplierFactorNumeric? cbc:Amount cbc:BaseAmount? cac:TaxCategory*',
  AttachmentType: 'cbc:EmbeddedDocumentBinaryObject? cac:ExternalReference?',
  BillingReferenceType: 'cac:InvoiceDocumentReference?',
  BranchType: 'cbc:ID?',
  CardAccountType: 'cbc:PrimaryAccountNumberID cbc:NetworkID cbc:HolderName?',
  CommodityClassificationType: 'cbc:ItemClassificationCode?',
  ContactType: 'cbc:Name? cbc:Telephone? cbc:ElectronicMail?',
  CountryType: 'cbc:IdentificationCode?',
  CreditNoteLineType:
    'cbc:ID cbc:Note* cbc:CreditedQuantity? cbc:LineExtensionAmount? cbc:AccountingCost? cac:InvoicePeriod* cac:OrderLineReference* cac:DocumentReference* cac:AllowanceCharge* cac:Item? cac:Price?',
  CustomerPartyType: 'cac:Party?',
  DeliveryType: 'cbc:ActualDeliveryDate? cac:DeliveryLocation? cac:DeliveryParty?',
  DocumentReferenceType: 'cbc:ID cbc:IssueDate? cbc:DocumentTypeCode? cbc:DocumentDescription* cac:Attachment?',
  ExternalReferenceType: 'cbc:URI?',
  FinancialAccountType: 'cbc:ID? cbc:Name? cac:FinancialInstitutionBranch?',
  InvoiceLineType:
    'cbc:ID cbc:Note* cbc:InvoicedQuantity? cbc:LineExtensionAmount cbc:AccountingCost? cac:InvoicePeriod* cac:OrderLineReference* cac:DocumentReference* cac:AllowanceCharge* cac:Item cac:Price?',
  ItemIdentificationType: 'cbc:ID',
  ItemPropertyType: 'cbc:Name cbc:Value?',
  ItemType:
    'cbc:Description* cbc:Name? cac:BuyersItemIdentification? cac:SellersItemIdentification? cac:StandardItemIdentification? cac:OriginCountry? cac:CommodityClassification* cac:ClassifiedTaxCategory* cac:AdditionalItemProperty*',
  LocationType: 'cbc:ID? cac:Address?',
  MonetaryTotalType:
    'cbc:LineExtensionAmount? cbc:TaxExclusiveAmount? cbc:TaxInclusiveAmount? cbc:AllowanceTotalAmount? cbc:ChargeTotalAmount? cbc:PrepaidAmount? cbc:PayableRoundingAmount? cbc:PayableAmount',
  OrderLineReferenceType: 'cbc:LineID',
  OrderReferenceType: 'cbc:ID cbc:SalesOrderID?',
  PartyIdentificationType: 'cbc:ID',
  PartyLegalEntityType: 'cbc:RegistrationName? cbc:CompanyID? cbc:CompanyLegalForm?',
  PartyNameType: 'cbc:Name',
  PartyTaxSchemeType: 'cbc:CompanyID? cac:TaxScheme',
  PartyType: 'cbc:EndpointID? cac:PartyIdentification* cac:PartyName* cac:PostalAddress? cac:PartyTaxScheme* cac:PartyLegalEntity* cac:Contact?',
  PaymentMandateType: 'cbc:ID? cac:PayerFinancialAccount?',
  PaymentMeansType: 'cbc:PaymentMeansCode cbc:PaymentDueDate? cbc:PaymentID* cac:CardAccount? cac:PayeeFinancialAccount? cac:PaymentMandate?',
  PaymentTermsType: 'cbc:Note*',
  PeriodType: 'cbc:StartDate? cbc:EndDate? cbc:DescriptionCode*',
  PriceType: 'cbc:PriceAmount cbc:BaseQuantity? cac:AllowanceCharge*',
  ProjectReferenceType: 'cbc:ID',
  CreditNote:
    'cbc:CustomizationID? cbc:ProfileID? cbc:ID cbc:IssueDate cbc:TaxPointDate? cbc:CreditNoteTypeCode? cbc:Note* cbc:DocumentCurrencyCode? cbc:TaxCurrencyCode? cbc:AccountingCost? cbc:BuyerReference? cac:InvoicePeriod* cac:OrderReference? cac:BillingReference* cac:DespatchDocumentReference* cac:ReceiptDocumentReference* cac:ContractDocumentReference* cac:AdditionalDocumentReference* cac:OriginatorDocumentReference* cac:AccountingSupplierParty cac:AccountingCustomerParty cac:PayeeParty? cac:TaxRepresentativeParty? cac:Delivery* cac:PaymentMeans* cac:PaymentTerms* cac:AllowanceCharge* cac:TaxTotal* cac:LegalMonetaryTotal cac:CreditNoteLine+',
  Invoice:
    'cbc:CustomizationID? cbc:ProfileID? cbc:ID cbc:IssueDate cbc:DueDate? cbc:InvoiceTypeCode? cbc:Note* cbc:TaxPointDate? cbc:DocumentCurrencyCode? cbc:TaxCurrencyCode? cbc:AccountingCost? cbc:BuyerReference? cac:InvoicePeriod* cac:OrderReference? cac:BillingReference* cac:DespatchDocumentReference* cac:ReceiptDocumentReference* cac:OriginatorDocumentReference* cac:ContractDocumentReference* cac:AdditionalDocumentReference* cac:ProjectReference* cac:AccountingSupplierParty cac:AccountingCustomerParty cac:PayeeParty? cac:TaxRepresentativeParty? cac:Delivery* cac:PaymentMeans* cac:PaymentTerms* cac:AllowanceCharge* cac:TaxTotal* cac:LegalMonetaryTotal cac:InvoiceLine+',
  SupplierPartyType: 'cac:Party?',
  TaxCategoryType: 'cbc:ID? cbc:Percent? cbc:TaxExemptionReasonCode? cbc:TaxExemptionReason* cac:TaxScheme',
  TaxSchemeType: 'cbc:ID?',
  TaxSubtotalType: 'cbc:TaxableAmount? cbc:TaxAmount cac:TaxCategory',
  TaxTotalType: 'cbc:TaxAmount cac:TaxSubtotal*',
};

interface Item {
  readonly name: string;
  readonly required: boolean;
  readonly repeats: boolean;
}

const parsed = new Map<string, readonly Item[]>();
function sequenceOf(type: string): readonly Item[] | undefined {
  const spec = UBL_SEQUENCES[type];
  if (spec === undefined) return undefined;
  let items = parsed.get(type);
  if (!items) {
    items = spec.split(' ').map((token) => {
      const mark = token.at(-1) ?? '';
      const marked = '?*+'.includes(mark);
      return { name: marked ? token.slice(0, -1) : token, required: mark !== '?' && mark !== '*', repeats: mark === '*' || mark === '+' };
    });
    parsed.set(type, items);
  }
  return items;
}

const typeOf = (el: Element): string => {
  const local = el.localName ?? '';
  return UBL_TYPE_OF[local] ?? `${local}Type`;
};

/** Checks one element's children against its type's sequence, then each aggregate child's. */
function checkElement(el: Element, type: string, out: string[]): void {
  const sequence = sequenceOf(type);
  if (!sequence) return;
  let at = 0;
  let seen = 0;
  const missing = (from: number, to: number) => {
    for (const item of sequence.slice(from, to)) if (item.required) out.push(`${locate(el)}: ${item.name} is missing (UBL 2.1 requires it in ${type})`);
  };
  for (const child of elementChildren(el)) {
    const name = qname(child);
    const index = sequence.findIndex((item) => item.name === name);
    if (index === -1) {
      out.push(`${locate(child)}: ${name} is not expected in ${type} (not in UBL 2.1, or not used by Peppol BIS 3.0)`);
      continue;
    }
    if (index === at && seen > 0) {
      if (!sequence[index]!.repeats) out.push(`${locate(child)}: ${name} may appear only once in ${type}`);
      seen++;
    } else if (index >= at) {
      missing(seen > 0 ? at + 1 : at, index);
      at = index;
      seen = 1;
    } else {
      out.push(`${locate(child)}: ${name} is out of order: UBL 2.1 puts it before ${sequence[at]!.name}`);
      continue;
    }
    if (name.startsWith('cac:')) checkElement(child, typeOf(child), out);
  }
  missing(seen > 0 ? at + 1 : at, sequence.length);
}

/** The structure errors of a UBL Invoice or CreditNote root element, as readable lines. */
export function ublStructureErrors(root: Element): string[] {
  const out: string[] = [];
  checkElement(root, root.localName === 'CreditNote' ? 'CreditNote' : 'Invoice', out);
  return out;
}
