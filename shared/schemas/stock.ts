// Stock (product.md §3): the brand's adjustments (staff, from the product editor), a holder's
// movements, and an importer's allocation of its stock to one of its distributors. One schema each
// validates the API body and the page's form.
import { z } from './zod';
import { pageNumber, wholeNumber } from './numbers';
import { requiredText } from './text';
import { recordId, withoutNul } from './admin';

const STOCK_MAX = 10_000_000;

/** A change of the brand warehouse's bottles on hand, with the reason it is recorded. */
export const stockAdjustment = z.object({
  delta: wholeNumber({
    min: -STOCK_MAX,
    max: STOCK_MAX,
    required: 'Enter the change in bottles, e.g. 120 or -6.',
    whole: 'Enter the change as a whole number of bottles.',
    tooSmall: `The change cannot be more than ${STOCK_MAX.toLocaleString('en')} bottles.`,
    tooBig: `The change cannot be more than ${STOCK_MAX.toLocaleString('en')} bottles.`,
  }).refine((v) => v !== 0, 'Enter a change other than 0.'),
  reason: z
    .string({ error: 'Say why the stock changes.' })
    .transform((v) => withoutNul(v)?.trim() ?? '')
    .pipe(requiredText('Say why the stock changes.').max(500, 'Keep the reason to 500 characters.')),
});
export type StockAdjustment = z.infer<typeof stockAdjustment>;

export const stockMovementsQuery = z.object({
  page: pageNumber('the page', 100_000, 1),
  pageSize: pageNumber('the page size', 100, 20),
});
export type StockMovementsQuery = z.infer<typeof stockMovementsQuery>;

export const ALLOCATION_LINES_MAX = 100;

export const allocationLine = z.object({
  productId: recordId('Choose a product.'),
  cases: wholeNumber({
    min: 1,
    max: 100_000,
    required: 'Enter the cases as a number.',
    whole: 'Allocate whole cases.',
    tooSmall: 'Allocate at least one case.',
    tooBig: 'Allocate at most 100,000 cases of a product at once.',
  }),
});

/** An importer's allocation to one of its distributors: whole cases of products, and a note. */
export const allocationInput = z.object({
  distributorId: z.uuid('Choose one of your distributors.'),
  lines: z
    .array(allocationLine)
    .min(1, 'Allocate at least one case.')
    .max(ALLOCATION_LINES_MAX, `Allocate at most ${ALLOCATION_LINES_MAX} products at once.`)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, 'The same product is in the list twice.'),
  note: z
    .string()
    .optional()
    .transform((v) => withoutNul(v)?.trim() ?? '')
    .pipe(z.string().max(1000, 'Keep the note to 1,000 characters.')),
});
export type AllocationInput = z.infer<typeof allocationInput>;

/** The Idempotency-Key header (or the form's hidden field): printable, at most 200 characters. */
export const idempotencyKey = z
  .string()
  .trim()
  .min(1)
  .max(200, 'The Idempotency-Key is at most 200 characters.')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key holds printable ASCII characters only.');

export interface StockBalanceView {
  onHand: number;
  reserved: number;
  available: number;
}

export interface StockMovementView {
  id: number;
  cause: string;
  onHandDelta: number;
  reservedDelta: number;
  onHandAfter: number;
  reservedAfter: number;
  reason: string;
  orderId: number | null;
  allocationId: number | null;
  actorName: string | null;
  createdAt: Date;
}

/** One product a holder holds. */
export interface Holding extends StockBalanceView {
  productId: number;
  name: string;
  caseSize: number;
  /** Whole cases available. */
  cases: number;
  lowStockThreshold: number;
  /** Available at or below the product's low-stock threshold. */
  lowStock: boolean;
}

export interface AllocationView {
  id: number;
  importerId: string;
  importerName: string;
  distributorId: string;
  distributorName: string;
  note: string;
  createdAt: Date;
  items: { productId: number; name: string; cases: number; caseSize: number; bottles: number }[];
}

export const STOCK_CAUSE_LABELS: Record<string, string> = {
  adjustment: 'Adjustment',
  reservation: 'Reserved for an order',
  release: 'Released from an order',
  shipment: 'Shipped',
  delivery: 'Delivered',
  allocation: 'Allocation',
};
