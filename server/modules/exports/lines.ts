// A document as rows of amounts, the way both accounting formats take it: each goods line, then —
// when it carries excise duty — a duty row of its own right after it (per invoice line, so each
// product's duty stays visible and the rows add up to subtotal + duty exactly), each with the VAT
// category of its line. The VAT of each category is the document's as issued (once per category on
// the duty-inclusive basis, shared/tax.ts), shared out over that category's rows when a format wants
// it per row, so the rows' VAT adds up to the document's to the minor unit.
import type { VatCategory } from '../../../shared/tax';
import type { ExportDocument, ExportLine } from './types';

export interface AmountRow {
  kind: 'goods' | 'duty';
  line: ExportLine;
  /** Quantity × unit = amount exactly (bottles × per-bottle price when that is the line's arithmetic). */
  quantity: number;
  unitMinor: number;
  amountMinor: number;
  category: VatCategory;
  rateBp: number;
}

const keyOf = (c: VatCategory, rateBp: number) => `${c}:${rateBp}`;

/**
 * The VAT category and rate of a document's lines: a line's own since issue 44; before (layout 1) the
 * document had one flat rate, standard when it charged any.
 */
export function taxOfLine(doc: Pick<ExportDocument, 'layoutVersion' | 'taxRateBp'>, line: ExportLine): { category: VatCategory; rateBp: number } {
  if (doc.layoutVersion >= 2) return { category: line.vatCategory, rateBp: line.vatRateBp };
  return { category: doc.taxRateBp > 0 ? 'S' : 'Z', rateBp: doc.taxRateBp };
}

/** The document's VAT per category and rate, as issued. */
export function vatByCategory(doc: ExportDocument): Map<string, number> {
  if (doc.layoutVersion >= 2) return new Map(doc.vatBreakdown.map((b) => [keyOf(b.category, b.rateBp), b.vatMinor]));
  return new Map([[keyOf(doc.taxRateBp > 0 ? 'S' : 'Z', doc.taxRateBp), doc.taxMinor]]);
}

/** The quantity and unit price whose product is the line's net: bottles × price, else cases, else one of the whole. */
function quantityOf(line: ExportLine): { quantity: number; unitMinor: number } {
  const bottles = line.cases * line.caseSize;
  if (bottles * line.unitPriceMinor === line.lineTotalMinor) return { quantity: bottles, unitMinor: line.unitPriceMinor };
  if (line.cases * line.unitPriceMinor === line.lineTotalMinor) return { quantity: line.cases, unitMinor: line.unitPriceMinor };
  return { quantity: 1, unitMinor: line.lineTotalMinor };
}

export function amountRows(doc: ExportDocument): AmountRow[] {
  const rows: AmountRow[] = [];
  for (const line of doc.lines) {
    const tax = taxOfLine(doc, line);
    rows.push({ kind: 'goods', line, ...quantityOf(line), amountMinor: line.lineTotalMinor, ...tax });
    if (line.dutyMinor > 0) rows.push({ kind: 'duty', line, quantity: 1, unitMinor: line.dutyMinor, amountMinor: line.dutyMinor, ...tax });
  }
  return rows;
}

/** a × b ÷ c rounded down, and the remainder: in integers while a × b is a safe integer, as BigInts beyond. */
function mulDiv(a: number, b: number, c: number): { quotient: number; remainder: number } {
  const ab = a * b;
  if (Number.isSafeInteger(ab)) return { quotient: (ab - (ab % c)) / c, remainder: ab % c };
  const big = BigInt(a) * BigInt(b);
  return { quotient: Number(big / BigInt(c)), remainder: Number(big % BigInt(c)) };
}

/**
 * Each row's share of its category's VAT: proportional to its amount, the minor units left over by
 * rounding down given to the largest remainders (the earlier row on a tie), so each category's
 * shares add up to its VAT exactly.
 */
export function vatShares(doc: ExportDocument, rows: readonly AmountRow[]): number[] {
  const vat = vatByCategory(doc);
  const shares = rows.map(() => 0);
  const groups = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const k = keyOf(r.category, r.rateBp);
    const members = groups.get(k);
    if (members) members.push(i);
    else groups.set(k, [i]);
  });
  for (const [k, members] of groups) {
    const total = vat.get(k) ?? 0;
    const basis = members.reduce((s, i) => s + rows[i]!.amountMinor, 0);
    if (basis === 0) {
      shares[members[0]!] = total;
      continue;
    }
    const rest: { i: number; remainder: number }[] = [];
    let given = 0;
    for (const i of members) {
      const { quotient, remainder } = mulDiv(total, rows[i]!.amountMinor, basis);
      shares[i] = quotient;
      given += quotient;
      rest.push({ i, remainder });
    }
    rest.sort((a, b) => b.remainder - a.remainder || a.i - b.i);
    for (let n = 0; n < total - given; n++) {
      const at = rest[n]!.i;
      shares[at] = (shares[at] ?? 0) + 1;
    }
  }
  return shares;
}

/** 2026-03-07 → 07/03/2026: the day-first dates both UK imports read. */
export function dayFirst(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** What a goods row says: the product and how many cases of how many bottles. */
export function goodsDescription(line: ExportLine): string {
  return `${line.description} (${line.cases} × ${line.caseSize})`;
}
