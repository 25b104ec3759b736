// The parts of a UBL Invoice or CreditNote the EN 16931 and Peppol rules keep asking for, read once
// per document: its lines, its document-level allowances and charges, its VAT categories.
import { type Decimal, parseDecimal, sum, ZERO } from './decimal';
import { all, descendants, type Element, first, text, textAt } from './dom';

export interface UblDoc {
  readonly root: Element;
  readonly kind: 'Invoice' | 'CreditNote';
  /** cac:InvoiceLine or cac:CreditNoteLine. */
  readonly lines: readonly Element[];
  /** Document-level cac:AllowanceCharge (BG-20 and BG-21). */
  readonly allowanceCharges: readonly Element[];
}

export function ublDoc(root: Element): UblDoc {
  const kind = root.localName === 'CreditNote' ? 'CreditNote' : 'Invoice';
  return { root, kind, lines: all(root, kind === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine'), allowanceCharges: all(root, 'cac:AllowanceCharge') };
}

/** cbc:ChargeIndicator read as xs:boolean: true for a charge, false for an allowance, null otherwise. */
export function chargeIndicator(ac: Element): boolean | null {
  const v = textAt(ac, 'cbc:ChargeIndicator');
  return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : null;
}

/** A tax category (cac:TaxCategory, cac:ClassifiedTaxCategory) of the VAT scheme. */
export const isVat = (category: Element): boolean => all(category, 'cac:TaxScheme/cbc:ID').some((id) => text(id).toUpperCase() === 'VAT');

export const categoryId = (category: Element): string => textAt(category, 'cbc:ID');

/** Every VAT tax category in the document with that code (the rules' //cac:TaxCategory[…]). */
export const vatTaxCategories = (doc: UblDoc, code: string): Element[] =>
  descendants(doc.root, 'cac:TaxCategory').filter((c) => isVat(c) && categoryId(c) === code);

export const vatLineCategories = (doc: UblDoc, code: string): Element[] =>
  descendants(doc.root, 'cac:ClassifiedTaxCategory').filter((c) => isVat(c) && categoryId(c) === code);

/** The VAT breakdown (BG-23): each cac:TaxSubtotal's VAT category. */
export const breakdown = (doc: UblDoc): Element[] => all(doc.root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').filter(isVat);

/** Allowances (false) or charges (true) anywhere, as the rules' //cac:AllowanceCharge[cbc:ChargeIndicator=…]. */
export const allowancesOrCharges = (doc: UblDoc, charge: boolean): Element[] =>
  descendants(doc.root, 'cac:AllowanceCharge').filter((ac) => chargeIndicator(ac) === charge);

/** A decimal at a path; null when missing or not a decimal. */
export const decimalAt = (from: Element, path: string): Decimal | null => {
  const el = first(from, path);
  return el ? parseDecimal(el.textContent) : null;
};

/** The sum of a path over elements (missing values add nothing; a non-decimal one makes it null). */
export function sumAt(els: readonly Element[], path: string): Decimal | null {
  const values: Decimal[] = [];
  for (const el of els) {
    for (const v of all(el, path)) {
      const d = parseDecimal(v.textContent);
      if (!d) return null;
      values.push(d);
    }
  }
  return values.length ? sum(values) : ZERO;
}

/** Does the line's item carry that VAT category code (any scheme, as BR-x-08 filter lines)? */
export const lineHasCategory = (line: Element, code: string): boolean => all(line, 'cac:Item/cac:ClassifiedTaxCategory').some((c) => categoryId(c) === code);

export const acHasCategory = (ac: Element, code: string): boolean => all(ac, 'cac:TaxCategory').some((c) => categoryId(c) === code);
