// Invoice arithmetic (issue 16), in integer minor units only — no floating point touches an amount.
// The rules, written once for the server (which computes every stored total) and the pages (which
// only show them):
// - a line is cases × case size × the per-bottle price copied from the order;
// - tax is charged once per document on its subtotal: subtotal × rate (basis points) / 10,000,
//   rounded half-up (half a minor unit goes up) — never per line, so lines cannot drift from it;
// - a credit note's tax is what makes the credits add up: tax on everything credited so far minus
//   the tax earlier credit notes took back, so crediting every line returns the invoice's tax exactly.
import { MAX_RECORD_ID } from './limits';

/** The largest amount an integer (int4) column holds. */
export const MAX_AMOUNT_MINOR = MAX_RECORD_ID;

export function lineTotalMinor(cases: number, caseSize: number, unitPriceMinor: number): number {
  return cases * caseSize * unitPriceMinor;
}

/**
 * Tax on a subtotal, rounded half-up once, exactly: in integers while the product is a safe integer
 * (every amount a column holds: its remainder and the division of the multiple are then exact), as a
 * BigInt beyond. The integer path matters in bulk: an export works this out for every row, and
 * BigInts there were promoted to the old generation by the hundred megabytes.
 */
export function taxOn(subtotalMinor: number, taxRateBp: number): number {
  if (!Number.isSafeInteger(subtotalMinor) || subtotalMinor < 0) throw new RangeError('The subtotal must be a whole, non-negative number of minor units.');
  if (!Number.isInteger(taxRateBp) || taxRateBp < 0 || taxRateBp > 10_000) throw new RangeError('The tax rate must be 0 to 10,000 basis points.');
  const n = subtotalMinor * taxRateBp + 5_000;
  if (Number.isSafeInteger(n)) return (n - (n % 10_000)) / 10_000;
  return Number((BigInt(subtotalMinor) * BigInt(taxRateBp) + 5_000n) / 10_000n);
}

export interface DocumentTotals {
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** An invoice's totals from its lines (each `lineTotalMinor`). */
export function invoiceTotals(lineTotals: readonly number[], taxRateBp: number): DocumentTotals {
  const subtotalMinor = lineTotals.reduce((s, n) => s + n, 0);
  const taxMinor = taxOn(subtotalMinor, taxRateBp);
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}

/**
 * A credit note's totals: its lines' subtotal, and the tax that keeps the credits of one invoice in
 * step with the invoice's own rounding (`credited` = what earlier credit notes of it took back).
 */
export function creditNoteTotals(lineTotals: readonly number[], taxRateBp: number, credited: { subtotalMinor: number; taxMinor: number }): DocumentTotals {
  const subtotalMinor = lineTotals.reduce((s, n) => s + n, 0);
  const taxMinor = taxOn(credited.subtotalMinor + subtotalMinor, taxRateBp) - credited.taxMinor;
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}

/** A calendar date (yyyy-mm-dd) plus whole days. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A tax rate in basis points as people read it: 2000 → "20%", 1250 → "12.5%". */
export function taxRateLabel(taxRateBp: number): string {
  return `${(taxRateBp / 100).toLocaleString('en', { maximumFractionDigits: 2 })}%`;
}
