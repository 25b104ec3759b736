// The CEN EN 16931 UBL rules a generated invoice or credit note can break, in TypeScript: the totals
// (BR-CO-10…18), the per-category VAT rules for S, Z, E, K (BR-IC) and G, and the mandatory elements
// (BR-01…BR-26). Each follows the assertion of the published rule (CEN's EN16931-UBL validation
// artefacts 1.3.16), including its tolerances and its quirks, so a finding here is one the official
// validator reports under the same id. Not covered: the other categories (AE, O, L, M, B), the code
// lists (BR-CL-*), the decimals rules (BR-DEC-*) and the rest of BR-CO.
import { abs, cmp, type Decimal, dec, div, eq, mul, round, sub, add, within, ZERO } from './decimal';
import { all, descendants, type Element, elementChildren, first, textAt } from './dom';
import { check, type Finding } from './findings';
import {
  acHasCategory,
  allowancesOrCharges,
  breakdown,
  categoryId,
  chargeIndicator,
  decimalAt,
  isVat,
  lineHasCategory,
  sumAt,
  type UblDoc,
  vatLineCategories,
  vatTaxCategories,
} from './ubl-doc';

/** The rule ids this module checks (the rest of EN 16931 is not checked here). */
export const EN16931_RULES_COVERED = /^BR-(0[1-8]|10|1[2-6]|2[1-7]|CO-(04|1[0-8])|[SZEG]-(0[1-9]|10)|IC-(0[1-9]|1[0-2]))$/;

const ONE = dec('1');
const HUNDRED = dec('100');
const isZero = (d: Decimal | null) => d !== null && eq(d, ZERO);

function mandatory(doc: UblDoc, out: Finding[]): void {
  const r = doc.root;
  const has = (path: string) => textAt(r, path) !== '';
  check(out, 'BR-01', has('cbc:CustomizationID'), r, 'An invoice shall have a specification identifier (BT-24).');
  check(out, 'BR-02', has('cbc:ID'), r, 'An invoice shall have an invoice number (BT-1).');
  check(out, 'BR-03', has('cbc:IssueDate'), r, 'An invoice shall have an issue date (BT-2).');
  check(out, 'BR-04', has('cbc:InvoiceTypeCode') || has('cbc:CreditNoteTypeCode'), r, 'An invoice shall have a type code (BT-3).');
  check(out, 'BR-05', has('cbc:DocumentCurrencyCode'), r, 'An invoice shall have a currency code (BT-5).');
  check(
    out,
    'BR-06',
    has('cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
    r,
    'An invoice shall contain the seller name (BT-27).',
  );
  check(
    out,
    'BR-07',
    has('cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
    r,
    'An invoice shall contain the buyer name (BT-44).',
  );
  check(out, 'BR-08', !!first(r, 'cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'), r, 'An invoice shall contain the seller postal address (BG-5).');
  check(out, 'BR-10', !!first(r, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress'), r, 'An invoice shall contain the buyer postal address (BG-8).');
  check(out, 'BR-16', doc.lines.length > 0, r, 'An invoice shall have at least one invoice line (BG-25).');
  check(out, 'BR-CO-18', all(r, 'cac:TaxTotal/cac:TaxSubtotal').length > 0, r, 'An invoice shall have at least one VAT breakdown group (BG-23).');
  for (const total of all(r, 'cac:LegalMonetaryTotal')) {
    const at = (path: string) => !!first(total, path);
    check(out, 'BR-12', at('cbc:LineExtensionAmount'), total, 'An invoice shall have the sum of invoice line net amount (BT-106).');
    check(out, 'BR-13', at('cbc:TaxExclusiveAmount'), total, 'An invoice shall have the total amount without VAT (BT-109).');
    check(out, 'BR-14', at('cbc:TaxInclusiveAmount'), total, 'An invoice shall have the total amount with VAT (BT-112).');
    check(out, 'BR-15', at('cbc:PayableAmount'), total, 'An invoice shall have the amount due for payment (BT-115).');
  }
  for (const line of doc.lines) {
    const quantity = first(line, 'cbc:InvoicedQuantity') ?? first(line, 'cbc:CreditedQuantity');
    check(out, 'BR-21', textAt(line, 'cbc:ID') !== '', line, 'Each invoice line shall have an identifier (BT-126).');
    check(out, 'BR-22', !!quantity, line, 'Each invoice line shall have an invoiced quantity (BT-129).');
    check(out, 'BR-23', !!quantity?.hasAttribute('unitCode'), line, 'Each invoice line shall have a quantity unit of measure code (BT-130).');
    check(out, 'BR-24', !!first(line, 'cbc:LineExtensionAmount'), line, 'Each invoice line shall have a line net amount (BT-131).');
    check(out, 'BR-25', textAt(line, 'cac:Item/cbc:Name') !== '', line, 'Each invoice line shall contain the item name (BT-153).');
    check(out, 'BR-26', !!first(line, 'cac:Price/cbc:PriceAmount'), line, 'Each invoice line shall contain the item net price (BT-146).');
    const price = decimalAt(line, 'cac:Price/cbc:PriceAmount');
    check(out, 'BR-27', !!price && cmp(price, ZERO) >= 0, line, 'The item net price (BT-146) shall not be negative.');
    check(
      out,
      'BR-CO-04',
      all(line, 'cac:Item/cac:ClassifiedTaxCategory').some((c) => isVat(c) && !!first(c, 'cbc:ID')),
      line,
      'Each invoice line shall be categorized with an invoiced item VAT category code (BT-151).',
    );
  }
}

/** BR-CO-10…13 and 16: the document totals against their parts, rounded as the rules round. */
function monetaryTotals(doc: UblDoc, out: Finding[]): void {
  for (const total of all(doc.root, 'cac:LegalMonetaryTotal')) {
    const v = (name: string) => decimalAt(total, `cbc:${name}`);
    const [lines, exclusive, inclusive, allowances, charges, prepaid, rounding, payable] = [
      'LineExtensionAmount',
      'TaxExclusiveAmount',
      'TaxInclusiveAmount',
      'AllowanceTotalAmount',
      'ChargeTotalAmount',
      'PrepaidAmount',
      'PayableRoundingAmount',
      'PayableAmount',
    ].map(v);
    const lineSum = sumAt(doc.lines, 'cbc:LineExtensionAmount');
    check(
      out,
      'BR-CO-10',
      !!lines && !!lineSum && eq(lines, round(lineSum, 2)),
      total,
      'Sum of invoice line net amount (BT-106) = Σ invoice line net amount (BT-131).',
    );

    const docAllowances = doc.allowanceCharges.filter((ac) => chargeIndicator(ac) === false);
    const docCharges = doc.allowanceCharges.filter((ac) => chargeIndicator(ac) === true);
    const sumOf = (acs: Element[]) => sumAt(acs, 'cbc:Amount');
    const allowanceSum = sumOf(docAllowances);
    const chargeSum = sumOf(docCharges);
    check(
      out,
      'BR-CO-11',
      (!!allowances && !!allowanceSum && eq(allowances, round(allowanceSum, 2))) || (!first(total, 'cbc:AllowanceTotalAmount') && docAllowances.length === 0),
      total,
      'Sum of allowances on document level (BT-107) = Σ document level allowance amount (BT-92).',
    );
    check(
      out,
      'BR-CO-12',
      (!!charges && !!chargeSum && eq(charges, round(chargeSum, 2))) || (!first(total, 'cbc:ChargeTotalAmount') && docCharges.length === 0),
      total,
      'Sum of charges on document level (BT-108) = Σ document level charge amount (BT-99).',
    );

    const expectedExclusive = lines && round(sub(add(lines, charges ?? ZERO), allowances ?? ZERO), 2);
    check(
      out,
      'BR-CO-13',
      !!exclusive && !!expectedExclusive && eq(exclusive, expectedExclusive),
      total,
      'Invoice total amount without VAT (BT-109) = Σ line net amounts (BT-131) − sum of allowances on document level (BT-107) + sum of charges on document level (BT-108).',
    );

    const due = inclusive && sub(inclusive, prepaid ?? ZERO);
    const payableLessRounding = payable && (rounding ? round(sub(payable, rounding), 2) : payable);
    check(
      out,
      'BR-CO-16',
      !!due && !!payableLessRounding && eq(payableLessRounding, round(due, 2)),
      total,
      'Amount due for payment (BT-115) = invoice total amount with VAT (BT-112) − paid amount (BT-113) + rounding amount (BT-114).',
    );
  }
}

/** BR-CO-14, 15, 17: the VAT total, the total with VAT, and each category's VAT amount. */
function vatTotals(doc: UblDoc, out: Finding[]): void {
  const r = doc.root;
  for (const taxTotal of all(r, 'cac:TaxTotal')) {
    const subtotals = all(taxTotal, 'cac:TaxSubtotal');
    const amount = decimalAt(taxTotal, 'cbc:TaxAmount');
    const subtotalSum = sumAt(subtotals, 'cbc:TaxAmount');
    check(
      out,
      'BR-CO-14',
      subtotals.length === 0 || (!!amount && !!subtotalSum && eq(amount, round(subtotalSum, 2))),
      taxTotal,
      'Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).',
    );
    for (const subtotal of subtotals) {
      const category = all(subtotal, 'cac:TaxCategory').find(isVat);
      const percent = category && decimalAt(category, 'cbc:Percent');
      const tax = decimalAt(subtotal, 'cbc:TaxAmount');
      const taxable = decimalAt(subtotal, 'cbc:TaxableAmount');
      const zeroRate = percent && eq(round(percent), ZERO);
      const holds =
        (!percent && !!tax && eq(round(tax), ZERO)) ||
        (!!zeroRate && !!tax && eq(round(tax), ZERO)) ||
        (!!percent && !zeroRate && !!tax && !!taxable && within(abs(tax), round(div(mul(abs(taxable), percent), HUNDRED), 2), ONE));
      check(
        out,
        'BR-CO-17',
        holds,
        subtotal,
        'VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) × VAT category rate (BT-119) / 100, rounded to two decimals.',
      );
    }
  }
  const currency = textAt(r, 'cbc:DocumentCurrencyCode');
  if (currency === '') return;
  const inDocCurrency = all(r, 'cac:TaxTotal/cbc:TaxAmount').filter((a) => a.getAttribute('currencyID') === currency);
  const vat = inDocCurrency.length === 1 ? decimalAt(inDocCurrency[0]!.parentNode as Element, 'cbc:TaxAmount') : null;
  const exclusive = decimalAt(r, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount');
  const inclusive = decimalAt(r, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount');
  check(
    out,
    'BR-CO-15',
    !!vat && !!exclusive && !!inclusive && eq(inclusive, round(add(exclusive, vat), 2)),
    r,
    'Invoice total amount with VAT (BT-112) = invoice total amount without VAT (BT-109) + invoice total VAT amount (BT-110), with exactly one VAT total in the invoice currency.',
  );
}

interface CategoryRules {
  /** The rules' prefix: BR-S, BR-Z, BR-E, BR-IC (K), BR-G. */
  readonly prefix: string;
  readonly name: string;
  /** BR-S-02 and its kin accept any seller tax scheme id; BR-G and BR-IC want the VAT one. */
  readonly sellerIdOfAnyScheme: boolean;
  /** BR-IC-02…04: the buyer's VAT identifier (BT-48) too. */
  readonly buyerVatId: boolean;
  readonly exemptionReason: 'forbidden' | 'required';
}

export const CATEGORY_RULES: Readonly<Record<'S' | 'Z' | 'E' | 'K' | 'G', CategoryRules>> = {
  S: { prefix: 'BR-S', name: 'Standard rated', sellerIdOfAnyScheme: true, buyerVatId: false, exemptionReason: 'forbidden' },
  Z: { prefix: 'BR-Z', name: 'Zero rated', sellerIdOfAnyScheme: true, buyerVatId: false, exemptionReason: 'forbidden' },
  E: { prefix: 'BR-E', name: 'Exempt from VAT', sellerIdOfAnyScheme: true, buyerVatId: false, exemptionReason: 'required' },
  K: { prefix: 'BR-IC', name: 'Intra-community supply', sellerIdOfAnyScheme: false, buyerVatId: true, exemptionReason: 'required' },
  G: { prefix: 'BR-G', name: 'Export outside the EU', sellerIdOfAnyScheme: false, buyerVatId: false, exemptionReason: 'required' },
};

function vatIdOf(r: Element, party: string, anyScheme: boolean): boolean {
  return all(r, `${party}/cac:PartyTaxScheme`).some(
    (s) => (anyScheme || textAt(s, 'cac:TaxScheme/cbc:ID').toUpperCase() === 'VAT') && !!first(s, 'cbc:CompanyID'),
  );
}

/** BR-x-01…10 of one category (and BR-IC-11, 12 for K). */
function categoryRules(doc: UblDoc, code: keyof typeof CATEGORY_RULES, out: Finding[]): void {
  const { prefix, name, sellerIdOfAnyScheme, buyerVatId, exemptionReason } = CATEGORY_RULES[code];
  const r = doc.root;
  const id = (n: number) => `${prefix}-${String(n).padStart(2, '0')}`;
  const inBreakdown = breakdown(doc).filter((c) => categoryId(c) === code);
  const taxRepresentative = all(r, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme').some(
    (s) => textAt(s, 'cac:TaxScheme/cbc:ID').toUpperCase() === 'VAT' && !!first(s, 'cbc:CompanyID'),
  );
  const sellerVat = vatIdOf(r, 'cac:AccountingSupplierParty/cac:Party', sellerIdOfAnyScheme) || taxRepresentative;
  const ids = sellerVat && (!buyerVatId || vatIdOf(r, 'cac:AccountingCustomerParty/cac:Party', false));
  const who = buyerVatId
    ? 'the seller VAT identifier (BT-31) or tax representative VAT identifier (BT-63), and the buyer VAT identifier (BT-48)'
    : 'the seller VAT identifier (BT-31, or BT-32 for S, Z, E) or the seller tax representative VAT identifier (BT-63)';

  if (code === 'S') {
    const used = descendants(r, 'cac:AllowanceCharge')
      .flatMap((ac) => all(ac, 'cac:TaxCategory'))
      .concat(descendants(r, 'cac:ClassifiedTaxCategory'))
      .some((c) => categoryId(c) === 'S');
    const listed = all(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').some((c) => categoryId(c) === 'S');
    check(
      out,
      id(1),
      used === listed,
      r,
      `An invoice with a line, allowance or charge of category "${name}" shall have at least one such VAT breakdown group, and only then.`,
    );
  } else {
    const used = vatTaxCategories(doc, code).length > 0 || vatLineCategories(doc, code).length > 0;
    check(
      out,
      id(1),
      !used || inBreakdown.length === 1,
      r,
      `An invoice with a line, allowance or charge of category "${name}" shall have exactly one VAT breakdown group (BG-23) with that category.`,
    );
  }
  check(out, id(2), vatLineCategories(doc, code).length === 0 || ids, r, `An invoice with a line of category "${name}" shall contain ${who}.`);
  const ofDocAcs = (charge: boolean) =>
    allowancesOrCharges(doc, charge)
      .flatMap((ac) => all(ac, 'cac:TaxCategory'))
      .filter((c) => isVat(c) && categoryId(c) === code);
  check(out, id(3), ofDocAcs(false).length === 0 || ids, r, `An invoice with a document level allowance of category "${name}" shall contain ${who}.`);
  check(out, id(4), ofDocAcs(true).length === 0 || ids, r, `An invoice with a document level charge of category "${name}" shall contain ${who}.`);

  const rateHolds = (c: Element) => {
    const p = decimalAt(c, 'cbc:Percent');
    return code === 'S' ? !!p && cmp(p, ZERO) > 0 : isZero(p);
  };
  const rateText = code === 'S' ? 'greater than zero' : '0';
  for (const c of doc.lines.flatMap((l) => all(l, 'cac:Item/cac:ClassifiedTaxCategory')).filter((c) => isVat(c) && categoryId(c) === code)) {
    check(out, id(5), rateHolds(c), c, `In a line of category "${name}" the invoiced item VAT rate (BT-152) shall be ${rateText}.`);
  }
  for (const c of ofDocAcs(false))
    check(out, id(6), rateHolds(c), c, `In a document level allowance of category "${name}" the VAT rate (BT-96) shall be ${rateText}.`);
  for (const c of ofDocAcs(true))
    check(out, id(7), rateHolds(c), c, `In a document level charge of category "${name}" the VAT rate (BT-103) shall be ${rateText}.`);

  for (const category of all(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').filter((c) => isVat(c) && categoryId(c) === code)) {
    const subtotal = category.parentNode as Element;
    const taxable = decimalAt(subtotal, 'cbc:TaxableAmount');
    const tax = decimalAt(subtotal, 'cbc:TaxAmount');
    const percent = decimalAt(category, 'cbc:Percent');
    const samePercent = (c: Element | undefined) => !percent || (!!c && !!decimalAt(c, 'cbc:Percent') && eq(decimalAt(c, 'cbc:Percent')!, percent));
    const lines = doc.lines.filter((l) => lineHasCategory(l, code) && (code !== 'S' || all(l, 'cac:Item/cac:ClassifiedTaxCategory').some(samePercent)));
    const acs = (charge: boolean) =>
      doc.allowanceCharges.filter(
        (ac) => chargeIndicator(ac) === charge && acHasCategory(ac, code) && (code !== 'S' || all(ac, 'cac:TaxCategory').some(samePercent)),
      );
    const parts = [sumAt(lines, 'cbc:LineExtensionAmount'), sumAt(acs(true), 'cbc:Amount'), sumAt(acs(false), 'cbc:Amount')];
    const expected = parts.every((p) => p) ? sub(add(parts[0]!, parts[1]!), parts[2]!) : null;
    const basisText = `In a VAT breakdown of category "${name}" the taxable amount (BT-116) shall equal the sum of the line net amounts plus document level charges minus document level allowances of that category`;
    if (code === 'S') {
      // The published rule holds for a missing rate, and within one unit otherwise.
      const exists = lines.length > 0 || acs(true).length > 0 || acs(false).length > 0;
      check(out, id(8), !percent || (exists && !!taxable && !!expected && within(taxable, expected, ONE)), category, `${basisText} and rate.`);
      const vat = taxable && percent && round(div(mul(abs(taxable), percent), HUNDRED), 2);
      check(
        out,
        id(9),
        !!tax && !!vat && within(abs(tax), vat, ONE),
        category,
        `In a VAT breakdown of category "${name}" the VAT amount (BT-117) shall equal the taxable amount (BT-116) × the rate (BT-119) / 100, rounded to two decimals.`,
      );
    } else {
      check(out, id(8), doc.lines.length > 0 && !!taxable && !!expected && eq(taxable, expected), category, `${basisText}.`);
      check(out, id(9), isZero(tax), category, `In a VAT breakdown of category "${name}" the VAT amount (BT-117) shall be 0.`);
    }
    const hasReason = !!first(category, 'cbc:TaxExemptionReason') || !!first(category, 'cbc:TaxExemptionReasonCode');
    check(
      out,
      id(10),
      exemptionReason === 'required' ? hasReason : !hasReason,
      category,
      exemptionReason === 'required'
        ? `A VAT breakdown of category "${name}" shall have an exemption reason code (BT-121) or text (BT-120).`
        : `A VAT breakdown of category "${name}" shall not have an exemption reason (BT-120, BT-121).`,
    );
  }

  if (code === 'K' && inBreakdown.length > 0) {
    check(
      out,
      'BR-IC-11',
      textAt(r, 'cac:Delivery/cbc:ActualDeliveryDate').length > 1 || all(r, 'cac:InvoicePeriod').some((p) => elementChildren(p).length > 0),
      r,
      'An intra-community supply shall have the actual delivery date (BT-72) or the invoicing period (BG-14).',
    );
    check(
      out,
      'BR-IC-12',
      textAt(r, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode').length > 1,
      r,
      'An intra-community supply shall have the deliver to country code (BT-80).',
    );
  }
}

export function en16931Findings(doc: UblDoc): Finding[] {
  const out: Finding[] = [];
  mandatory(doc, out);
  monetaryTotals(doc, out);
  vatTotals(doc, out);
  for (const code of Object.keys(CATEGORY_RULES) as (keyof typeof CATEGORY_RULES)[]) categoryRules(doc, code, out);
  return out;
}
