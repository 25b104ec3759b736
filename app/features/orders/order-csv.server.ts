// An order uploaded as a CSV (issue 46): the buyer's own system writes a file of SKU (or product
// name) and cases; each row is checked against what this buyer may order now, and every problem is
// reported with its row number before anything is placed. A file without problems fills the Place
// Order form for review; it never places an order by itself (the server prices and checks the order
// again when the buyer places it). Files as spreadsheet programs save them are read: UTF-8 with or
// without a byte-order mark, Windows-1252 (Excel's "CSV"), commas, semicolons (European locales) or tabs.
import { parse } from 'csv-parse/sync';
import { MAX_CASES_PER_LINE, MAX_LINES } from '@shared/orders';
import { plural } from '@shared/plural';
import type { OrderableProduct } from './place-order-form';

/** Larger than any order of MAX_LINES lines needs. */
export const ORDER_CSV_MAX_BYTES = 100_000;

/** The template's columns: the first two identify the product (either is enough), the last is read as the cases. */
export const ORDER_CSV_COLUMNS = ['SKU', 'Product', 'Case size', 'Cases'] as const;

export type OrderCsvResult = { ok: true; values: Record<string, string>; lines: number } | { ok: false; problems: string[] };

/** The file's text: UTF-8 when it is valid UTF-8 (a byte-order mark dropped), else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** The separator the header line uses: a semicolon or a tab when it has one and no comma. */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Reads an uploaded order against the products this buyer may order (`products`, as the form shows them). */
export function readOrderCsv(bytes: Uint8Array, products: readonly OrderableProduct[]): OrderCsvResult {
  if (bytes.byteLength === 0) return { ok: false, problems: ['The file is empty: download the template and fill in the cases.'] };
  if (bytes.byteLength > ORDER_CSV_MAX_BYTES)
    return { ok: false, problems: [`The file is larger than ${ORDER_CSV_MAX_BYTES / 1000} KB: an order has at most ${MAX_LINES} lines.`] };
  const text = decodeCsv(bytes);
  let rows: string[][];
  try {
    rows = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    return { ok: false, problems: [`The file is not a CSV this form can read (${(err as Error).message.split('\n')[0]}).`] };
  }
  const header = (rows[0] ?? []).map(norm);
  const skuAt = header.indexOf('sku');
  const nameAt = header.findIndex((h) => h === 'product' || h === 'product name' || h === 'name');
  const casesAt = header.indexOf('cases');
  if ((skuAt < 0 && nameAt < 0) || casesAt < 0)
    return { ok: false, problems: ['Row 1 must name the columns: SKU (or Product) and Cases, as the template does.'] };

  const bySku = new Map(products.map((p) => [p.sku.toUpperCase(), p]));
  const byName = new Map(products.map((p) => [norm(p.name), p]));
  const problems: string[] = [];
  const values: Record<string, string> = {};
  const rowOf = new Map<number, number>();
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const sku = skuAt >= 0 ? (cells[skuAt] ?? '') : '';
    const name = nameAt >= 0 ? (cells[nameAt] ?? '') : '';
    const casesText = cells[casesAt] ?? '';
    // A row of the template left blank, or a product not wanted this time.
    if (casesText === '' || casesText === '0') return;
    const product = sku ? bySku.get(sku.toUpperCase()) : name ? byName.get(norm(name)) : undefined;
    if (!product) {
      problems.push(
        sku
          ? `Row ${row}: no product you can order has the SKU “${sku}”.`
          : name
            ? `Row ${row}: no product you can order is called “${name}”.`
            : `Row ${row}: give the product's SKU or name.`,
      );
      return;
    }
    if (!product.price) {
      problems.push(`Row ${row}: ${product.name} has no trade price for you, so it cannot be ordered.`);
      return;
    }
    if (!/^\d+$/.test(casesText) || Number(casesText) < 1 || Number(casesText) > MAX_CASES_PER_LINE) {
      problems.push(`Row ${row}: “${casesText}” is not a number of cases (a whole number from 1 to ${MAX_CASES_PER_LINE.toLocaleString('en-GB')}).`);
      return;
    }
    const cases = Number(casesText);
    const earlier = rowOf.get(product.id);
    if (earlier !== undefined) {
      problems.push(`Row ${row}: ${product.name} is already on row ${earlier}.`);
      return;
    }
    rowOf.set(product.id, row);
    if (product.availableCases !== null && cases > product.availableCases) {
      problems.push(
        product.availableCases === 0
          ? `Row ${row}: ${product.name} is out of stock.`
          : `Row ${row}: only ${plural(product.availableCases, 'case')} of ${product.name} available, not ${cases}.`,
      );
      return;
    }
    values[`cases.${product.id}`] = String(cases);
  });
  const lines = Object.keys(values).length;
  if (!problems.length && lines === 0) problems.push('The file orders nothing: fill in the Cases column of the products you want.');
  if (rowOf.size > MAX_LINES) problems.push(`An order has at most ${MAX_LINES} lines; this file has ${rowOf.size}.`);
  return problems.length ? { ok: false, problems } : { ok: true, values, lines };
}
