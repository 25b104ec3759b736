// The Peppol BIS Billing 3.0 rules (PEPPOL-EN16931-UBL) a generated document can break, in
// TypeScript, following the published assertions: the identifiers (R001, R004, R007), the VAT
// accounting currency (R005), one note (R002), a buyer reference (R003), no empty elements (R008),
// electronic addresses (R010, R020), one VAT total (R053, R054), allowances and charges (R040–R044,
// R046) and the line amount (R120, R121, R130, R100, R101). Not covered: the national rules (DK, NO, SE, GR, IT, NL, DE), the identifier
// check digits (PEPPOL-COMMON-R040…) and the code lists (PEPPOL-EN16931-CL*, P*).
import { add, cmp, type Decimal, dec, div, mul, round, sub, ZERO } from './decimal';
import { all, type Element, elementChildren, first, text, textAt } from './dom';
import { check, type Finding } from './findings';
import { decimalAt, sumAt, type UblDoc } from './ubl-doc';

/** The rule ids this module checks. */
export const PEPPOL_RULES_COVERED = /^PEPPOL-EN16931-R(00[1-578]|010|020|04[0-46]|05[34]|10[01]|12[01]|130)$/;

export const CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
// XPath's matches() finds the pattern anywhere, and the published one leaves its dots unescaped.
const PROFILE = /urn:fdc:peppol.eu:2017:poacc:billing:([0-9]{2}):1.0/;
const SLACK = dec('0.02');
const HUNDRED = dec('100');

/** u:slack(exp, val, slack): exp + slack >= val and exp - slack <= val. */
const slack = (exp: Decimal, val: Decimal, by: Decimal) => cmp(add(exp, by), val) >= 0 && cmp(sub(exp, by), val) <= 0;

const countryOf = (r: Element, party: string) => textAt(r, `${party}/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode`).toUpperCase();

function documentRules(doc: UblDoc, out: Finding[]): void {
  const r = doc.root;
  check(out, 'PEPPOL-EN16931-R001', !!first(r, 'cbc:ProfileID'), r, 'Business process (BT-23, cbc:ProfileID) MUST be provided.');
  check(
    out,
    'PEPPOL-EN16931-R007',
    PROFILE.test(textAt(r, 'cbc:ProfileID')),
    r,
    "Business process MUST be in the format 'urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0'.",
  );
  const bothGerman = countryOf(r, 'cac:AccountingSupplierParty') === 'DE' && countryOf(r, 'cac:AccountingCustomerParty') === 'DE';
  check(out, 'PEPPOL-EN16931-R002', all(r, 'cbc:Note').length <= 1 || bothGerman, r, 'No more than one note is allowed on document level.');
  check(
    out,
    'PEPPOL-EN16931-R003',
    !!first(r, 'cbc:BuyerReference') || !!first(r, 'cac:OrderReference/cbc:ID'),
    r,
    'A buyer reference (BT-10) or purchase order reference (BT-13) MUST be provided.',
  );
  check(
    out,
    'PEPPOL-EN16931-R004',
    textAt(r, 'cbc:CustomizationID').startsWith(CUSTOMIZATION),
    r,
    `Specification identifier MUST have the value '${CUSTOMIZATION}'.`,
  );
  for (const code of all(r, 'cbc:TaxCurrencyCode')) {
    check(
      out,
      'PEPPOL-EN16931-R005',
      text(code) !== textAt(r, 'cbc:DocumentCurrencyCode'),
      code,
      'VAT accounting currency code (BT-6) MUST be different from invoice currency code (BT-5) when provided.',
    );
  }
  const withSubtotals = all(r, 'cac:TaxTotal').filter((t) => !!first(t, 'cac:TaxSubtotal'));
  const withoutSubtotals = all(r, 'cac:TaxTotal').length - withSubtotals.length;
  check(out, 'PEPPOL-EN16931-R053', withSubtotals.length === 1, r, 'Only one tax total with tax subtotals MUST be provided.');
  check(
    out,
    'PEPPOL-EN16931-R054',
    withoutSubtotals === (first(r, 'cbc:TaxCurrencyCode') ? 1 : 0),
    r,
    'Only one tax total without tax subtotals MUST be provided when tax currency code is provided.',
  );
  for (const party of all(r, 'cac:AccountingCustomerParty/cac:Party'))
    check(out, 'PEPPOL-EN16931-R010', !!first(party, 'cbc:EndpointID'), party, 'Buyer electronic address (BT-49) MUST be provided.');
  for (const party of all(r, 'cac:AccountingSupplierParty/cac:Party'))
    check(out, 'PEPPOL-EN16931-R020', !!first(party, 'cbc:EndpointID'), party, 'Seller electronic address (BT-34) MUST be provided.');
  for (const el of leaves(r)) check(out, 'PEPPOL-EN16931-R008', false, el, 'Document MUST not contain empty elements.');
}

/** Elements with neither child elements nor text: what R008 refuses. */
function leaves(el: Element): Element[] {
  const kids = elementChildren(el);
  if (kids.length === 0) return text(el) === '' ? [el] : [];
  return kids.flatMap(leaves);
}

function allowanceChargeRules(doc: UblDoc, out: Finding[]): void {
  const acs = [...doc.allowanceCharges, ...doc.lines.flatMap((l) => all(l, 'cac:AllowanceCharge'))];
  for (const ac of acs) {
    const percent = decimalAt(ac, 'cbc:MultiplierFactorNumeric');
    const base = decimalAt(ac, 'cbc:BaseAmount');
    const hasPercent = !!first(ac, 'cbc:MultiplierFactorNumeric');
    const hasBase = !!first(ac, 'cbc:BaseAmount');
    check(
      out,
      'PEPPOL-EN16931-R041',
      !(hasPercent && !hasBase),
      ac,
      'Allowance/charge base amount MUST be provided when allowance/charge percentage is provided.',
    );
    check(
      out,
      'PEPPOL-EN16931-R042',
      !(!hasPercent && hasBase),
      ac,
      'Allowance/charge percentage MUST be provided when allowance/charge base amount is provided.',
    );
    const amount = decimalAt(ac, 'cbc:Amount') ?? ZERO;
    check(
      out,
      'PEPPOL-EN16931-R040',
      !(hasPercent && hasBase) || (!!percent && !!base && slack(amount, div(mul(base, percent), HUNDRED), SLACK)),
      ac,
      'Allowance/charge amount must equal base amount * percentage/100 if base amount and percentage exists.',
    );
    const indicator = textAt(ac, 'cbc:ChargeIndicator');
    check(
      out,
      'PEPPOL-EN16931-R043',
      indicator === 'true' || indicator === 'false',
      ac,
      "Allowance/charge ChargeIndicator value MUST equal 'true' or 'false'.",
    );
  }
  for (const ac of doc.lines.flatMap((l) => all(l, 'cac:Price/cac:AllowanceCharge'))) {
    check(out, 'PEPPOL-EN16931-R044', textAt(ac, 'cbc:ChargeIndicator') === 'false', ac, "Charge on price level is NOT allowed. Only value 'false' allowed.");
    const price = decimalAt(ac.parentNode as Element, 'cbc:PriceAmount');
    const gross = decimalAt(ac, 'cbc:BaseAmount');
    const off = decimalAt(ac, 'cbc:Amount');
    check(
      out,
      'PEPPOL-EN16931-R046',
      !first(ac, 'cbc:BaseAmount') || (!!price && !!gross && !!off && cmp(price, sub(gross, off)) === 0),
      ac,
      'Item net price MUST equal (Gross price - Allowance amount) when gross price is provided.',
    );
  }
}

function lineRules(doc: UblDoc, out: Finding[]): void {
  const quantityName = doc.kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  for (const line of doc.lines) {
    const quantityEl = first(line, quantityName);
    const quantity = quantityEl ? decimalAt(line, quantityName) : dec('1');
    const lineAmount = decimalAt(line, 'cbc:LineExtensionAmount') ?? ZERO;
    const price = decimalAt(line, 'cac:Price/cbc:PriceAmount') ?? ZERO;
    const baseQuantity = decimalAt(line, 'cac:Price/cbc:BaseQuantity');
    const per = baseQuantity && cmp(baseQuantity, ZERO) !== 0 ? baseQuantity : dec('1');
    const total = (charge: string) =>
      round(
        sumAt(
          all(line, 'cac:AllowanceCharge').filter((ac) => textAt(ac, 'cbc:ChargeIndicator') === charge),
          'cbc:Amount',
        ) ?? ZERO,
        2,
      );
    const expected = quantity && sub(add(mul(quantity, div(price, per)), total('true')), total('false'));
    check(
      out,
      'PEPPOL-EN16931-R120',
      !!expected && slack(lineAmount, expected, SLACK),
      line,
      'Invoice line net amount MUST equal (Invoiced quantity * (Item net price/item price base quantity) + Sum of invoice line charge amount - sum of invoice line allowance amount.',
    );
    check(
      out,
      'PEPPOL-EN16931-R121',
      !first(line, 'cac:Price/cbc:BaseQuantity') || (!!baseQuantity && cmp(baseQuantity, ZERO) > 0),
      line,
      'Base quantity MUST be a positive number above zero.',
    );
    const baseUnit = first(line, 'cac:Price/cbc:BaseQuantity')?.getAttribute('unitCode');
    check(
      out,
      'PEPPOL-EN16931-R130',
      !baseUnit || !quantityEl || baseUnit === quantityEl.getAttribute('unitCode'),
      line,
      'Unit code of price base quantity MUST be same as invoiced quantity.',
    );
    const references = all(line, 'cac:DocumentReference');
    check(out, 'PEPPOL-EN16931-R100', references.length <= 1, line, 'Only one invoiced object is allowed pr line.');
    check(
      out,
      'PEPPOL-EN16931-R101',
      references.length === 0 || references.some((d) => textAt(d, 'cbc:DocumentTypeCode') === '130'),
      line,
      'Element Document reference can only be used for Invoice line object.',
    );
  }
}

export function peppolFindings(doc: UblDoc): Finding[] {
  const out: Finding[] = [];
  documentRules(doc, out);
  allowanceChargeRules(doc, out);
  lineRules(doc, out);
  return out;
}
