// Our VAT categories (EN 16931, shared/tax.ts) as the accounting systems name their tax rates, for
// a UK organisation in each (docs/accounting-exports.md cites the lists). A line of excise duty
// carries its goods line's category: VAT is charged on the duty-inclusive amount.
// - Xero UK's default rates (help.xero.com/uk/Tax-SetDefaults): "20% (VAT on Income)", "5% (VAT on
//   Income)", "Zero Rated Income", "Exempt Income", "Zero Rated EC Goods Income", "No VAT".
// - QuickBooks Online UK's VAT codes: "20.0% S", "5.0% R", "0.0% Z", "Exempt", "0.0% ECG".
// A standard rate neither has by default (another market's 19 %, 21 % …) is named the way each names
// its own, so the rate can be created under that name before importing: "19% (VAT on Income)",
// "19.0% S". Exports outside the VAT area (G) are zero-rated supplies that a UK VAT return still
// reports (HMRC Notice 703), so they take the zero rate, not "No VAT" (outside the return altogether).
import type { VatCategory } from '../../../shared/tax';

/** Basis points as a percentage without trailing zeros: 2000 → "20", 1950 → "19.5". */
const percent = (rateBp: number) => (rateBp / 100).toLocaleString('en', { maximumFractionDigits: 2, useGrouping: false });

export function xeroTaxType(category: VatCategory, rateBp: number): string {
  switch (category) {
    case 'S':
      return `${percent(rateBp)}% (VAT on Income)`;
    case 'Z':
    case 'G':
      return 'Zero Rated Income';
    case 'E':
      return 'Exempt Income';
    case 'K':
      return 'Zero Rated EC Goods Income';
  }
}

/** Xero's rate for a line outside VAT altogether: the rounding line (xero.ts). */
export const XERO_NO_VAT = 'No VAT';

export function quickBooksTaxCode(category: VatCategory, rateBp: number): string {
  switch (category) {
    case 'S':
      // QuickBooks UK calls 5 % the reduced rate (R) and writes one decimal: "20.0% S", "5.0% R".
      return `${(rateBp / 100).toFixed(1)}% ${rateBp === 500 ? 'R' : 'S'}`;
    case 'Z':
    case 'G':
      return '0.0% Z';
    case 'E':
      return 'Exempt';
    case 'K':
      return '0.0% ECG';
  }
}
