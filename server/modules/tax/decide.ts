// What tax a document between two organisations carries (issue 44), decided once for orders, invoices
// and credit notes: the VAT category and rate (shared/tax.ts vatDecision, the seller's domestic rule
// in force at the tax point), and — when the leg releases the goods — the excise duty per line at the
// rate of the buyer's jurisdiction (where the goods are released for consumption) for each product's
// strength. Every refusal names the jurisdiction, the day and what to do, with a stable code.
import {
  type DutyTreatment,
  dutyOn,
  exciseBandFor,
  type TaxedTotals,
  type TaxParty,
  taxedTotals,
  taxJurisdiction,
  type VatCategory,
  type VatDecision,
  vatDecision,
} from '../../../shared/tax';
import { AppError } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { rulesInForce } from './rules';

export interface TaxedParty extends TaxParty {
  legalName?: string;
}

export interface LineToTax {
  cases: number;
  caseSize: number;
  unitPriceMinor: number;
  volumeMl: number;
  abvTenths: number;
  /** For a refusal naming the line. */
  description: string;
}

export interface TaxedLine {
  netMinor: number;
  dutyMinor: number;
  /** The rate the line's duty was computed at (null when the leg charges none). */
  dutyPerHlpaMinor: number | null;
  category: VatCategory;
  rateBp: number;
}

export interface DocumentTax extends TaxedTotals {
  lines: TaxedLine[];
  vat: VatDecision;
  dutyTreatment: DutyTreatment;
  taxPoint: string;
  /** Whether a figure used is a labelled example (shown beside the document's totals). */
  exampleRates: boolean;
}

const refusal = (code: string, message: string, hint: string) => new AppError(code, 'conflict', message, { hint });

/** The tax of a document from `seller` to `buyer` on `taxPoint` (yyyy-mm-dd) in `currency`. */
export async function documentTax(
  db: DbOrTx,
  args: { seller: TaxedParty; buyer: TaxedParty; dutyTreatment: DutyTreatment; taxPoint: string; currency: string; lines: readonly LineToTax[] },
): Promise<DocumentTax> {
  const { seller, buyer, taxPoint, currency } = args;
  const sellerJurisdiction = taxJurisdiction(seller);
  const sellerRules = await rulesInForce(db, sellerJurisdiction, taxPoint);
  const vat = vatDecision(seller, buyer, sellerRules.vat);
  if (!vat)
    throw refusal(
      'no_vat_rule',
      `No VAT rule for ${sellerJurisdiction} is in force on ${taxPoint}.`,
      'Staff holding Finance add the VAT rule under Tax rules, then try again.',
    );
  let example = vat.category !== 'K' && vat.category !== 'G' && (sellerRules.vat?.example ?? false);
  const charges = args.dutyTreatment === 'releases';
  const buyerJurisdiction = taxJurisdiction(buyer);
  // The seller's rules already read when both sit in one jurisdiction (the usual domestic sale).
  const excise = !charges ? [] : buyerJurisdiction === sellerJurisdiction ? sellerRules.excise : (await rulesInForce(db, buyerJurisdiction, taxPoint)).excise;
  if (charges && excise.length === 0)
    throw refusal(
      'no_excise_rule',
      `No excise duty rule for ${buyerJurisdiction} is in force on ${taxPoint}, and this leg releases the goods.`,
      'Staff holding Finance add the duty rule under Tax rules, or set the relationship in bond or duty paid.',
    );
  const lines = args.lines.map((l): TaxedLine => {
    const netMinor = l.cases * l.caseSize * l.unitPriceMinor;
    if (!charges) return { netMinor, dutyMinor: 0, dutyPerHlpaMinor: null, category: vat.category, rateBp: vat.rateBp };
    const band = exciseBandFor(excise, l.abvTenths) as (typeof excise)[number] | null;
    if (!band)
      throw refusal(
        'no_excise_band',
        `No excise band of ${buyerJurisdiction} covers ${l.description} at ${(l.abvTenths / 10).toFixed(1)} % ABV on ${taxPoint}.`,
        'Staff holding Finance complete the duty bands under Tax rules.',
      );
    if (band.currency !== currency)
      throw refusal(
        'tax_rule_currency',
        `The excise rule of ${buyerJurisdiction} is in ${band.currency}; this document is in ${currency}.`,
        'Staff holding Finance enter the rule in the currency the trade is invoiced in.',
      );
    example ||= band.example;
    return {
      netMinor,
      dutyMinor: dutyOn(l.volumeMl, l.cases * l.caseSize, l.abvTenths, band.perHlpaMinor),
      dutyPerHlpaMinor: band.perHlpaMinor,
      category: vat.category,
      rateBp: vat.rateBp,
    };
  });
  const totals = taxedTotals(lines, vat.note ? { [vat.category]: vat.note } : {});
  return { ...totals, lines, vat, dutyTreatment: args.dutyTreatment, taxPoint, exampleRates: example };
}
