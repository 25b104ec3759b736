// The product editor's state: what the inputs hold (text, so staff can type freely), built from the
// loaded product and turned into the JSON body the shared `productInput` schema checks.
import { TRADE_TIERS, type ProductCategory, type ProductStatus } from '@shared/limits-catalog';
import { MARKETS } from '@shared/markets';
import type { PickedMedia } from '@shared/media';
import type { ProductForEdit } from '@shared/schemas/catalog';
import type { FieldErrors } from '@shared/form-constants';

/** Columns of the price grid: the retail price and one trade price per partner tier. */
export const PRICE_COLUMNS = ['retail', ...TRADE_TIERS] as const;
export type PriceColumn = (typeof PRICE_COLUMNS)[number];
export const PRICE_COLUMN_LABELS: Record<PriceColumn, string> = { retail: 'Retail', importer: 'Importer', distributor: 'Distributor', retailer: 'Retailer' };

/** Prices as typed, e.g. `prices.retail.GB = '28.95'`. */
export type PriceGrid = Record<PriceColumn, Record<string, string>>;

export interface ProductFormState {
  name: string;
  slug: string;
  /** Empty: a new product gets the next number (FRL-0001, …). */
  sku: string;
  category: ProductCategory | '';
  abv: string;
  volumeMl: string;
  caseSize: string;
  description: string;
  nose: string;
  palate: string;
  finish: string;
  images: PickedMedia[];
  prices: PriceGrid;
  lowStockThreshold: string;
  featured: boolean;
  status: ProductStatus;
}

/** Minor units as the decimal money staff type: 3499 → "34.99" (every market's currency has cents). */
export function fromMinor(amount: number | undefined): string {
  return amount === undefined ? '' : (amount / 100).toFixed(2);
}

/**
 * "34.99" → 3499, "1,234.50" → 123450, "34,99" → 3499 (a decimal comma, as typed in much of Europe),
 * "" → null; anything else is not a price (undefined) — never a guess a hundred times too high.
 */
export function toMinor(text: string): number | null | undefined {
  let t = text.trim();
  if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) t = t.replace(/,/g, '');
  if (t === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

export function initialState(p: ProductForEdit | null): ProductFormState {
  const grid = Object.fromEntries(PRICE_COLUMNS.map((c) => [c, {}])) as PriceGrid;
  for (const m of MARKETS) {
    grid.retail[m.code] = fromMinor(p?.retailPrices[m.code]);
    for (const tier of TRADE_TIERS) grid[tier][m.code] = fromMinor(p?.tradePrices[tier][m.code]);
  }
  return {
    name: p?.name ?? '',
    slug: p?.slug ?? '',
    sku: p?.sku ?? '',
    category: (p?.category as ProductCategory | undefined) ?? '',
    abv: p ? String(p.abv) : '',
    volumeMl: p ? String(p.volumeMl) : '700',
    caseSize: p ? String(p.caseSize) : '6',
    description: p?.description ?? '',
    nose: p?.tastingNotes.nose ?? '',
    palate: p?.tastingNotes.palate ?? '',
    finish: p?.tastingNotes.finish ?? '',
    images: p?.images ?? [],
    prices: grid,
    lowStockThreshold: p ? String(p.lowStockThreshold) : '60',
    featured: p?.featured ?? false,
    status: p?.status ?? 'draft',
  };
}

/** A number as typed; empty or not a number travels as null and the schema names the field. */
const num = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** The schema's error path of one price cell. */
export const pricePath = (column: PriceColumn, market: string) => (column === 'retail' ? `retailPrices.${market}` : `tradePrices.${column}.${market}`);

/** The JSON body, or the price cells that are not money (checked here: the schema sees minor units). */
export function toBody(s: ProductFormState): { body: Record<string, unknown> } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const prices = Object.fromEntries(PRICE_COLUMNS.map((c) => [c, {}])) as Record<PriceColumn, Record<string, number>>;
  for (const column of PRICE_COLUMNS) {
    for (const m of MARKETS) {
      const minor = toMinor(s.prices[column][m.code] ?? '');
      if (minor === undefined) errors[pricePath(column, m.code)] = 'Enter a price like 34.99.';
      else if (minor !== null) prices[column][m.code] = minor;
    }
  }
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      name: s.name,
      slug: s.slug,
      sku: s.sku,
      category: s.category || null,
      abv: num(s.abv),
      volumeMl: num(s.volumeMl),
      caseSize: num(s.caseSize),
      description: s.description,
      tastingNotes: { nose: s.nose, palate: s.palate, finish: s.finish },
      images: s.images.map((i) => i.id),
      retailPrices: prices.retail,
      tradePrices: { importer: prices.importer, distributor: prices.distributor, retailer: prices.retailer },
      lowStockThreshold: num(s.lowStockThreshold),
      featured: s.featured,
      status: s.status,
    },
  };
}
