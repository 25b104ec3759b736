// Trade orders: one schema per thing a buyer or seller sends — the order (lines in whole cases), the
// approval (each line's cases, a reason where it changed), a rejection or cancellation (with a reason),
// a message — and the list query. Whether a product may be ordered (active, priced for the buyer's
// tier) and whether an order may move (its state, its version) the service decides.
import { z } from './zod';
import { pageNumber, wholeNumber } from './numbers';
import { requiredText } from './text';
import { MAX_CASES_PER_LINE, MAX_LINES, ORDER_STATUSES } from '../orders';
import { recordId, versionField } from './admin';

export * from '../orders';

export const MAX_ORDER_NOTE = 2000;
/** A buyer reference: Peppol's BT-10 is a short text; 100 characters holds any purchase order number. */
export const MAX_BUYER_REFERENCE = 100;
export const MAX_REASON = 500;
export const MAX_MESSAGE = 4000;
export const MAX_IDEMPOTENCY_KEY = 200;
export const ORDER_PAGE_SIZE = 50;

const cases = (min: number) =>
  wholeNumber({
    min,
    max: MAX_CASES_PER_LINE,
    required: 'Enter a number of cases.',
    whole: 'Enter a whole number of cases.',
    tooSmall: min === 0 ? 'Cases cannot be negative.' : 'Order at least one case.',
    tooBig: `At most ${MAX_CASES_PER_LINE.toLocaleString('en')} cases on a line.`,
  });

const note = z
  .string()
  .trim()
  .max(MAX_ORDER_NOTE, `Keep the note under ${MAX_ORDER_NOTE.toLocaleString('en')} characters.`)
  .default('');
const reason = (label: string) => requiredText(`Enter ${label}.`).max(MAX_REASON, `Keep the reason under ${MAX_REASON} characters.`);

/** The buyer's own reference (a purchase order number): printed on the order's invoices and e-invoices (EN 16931 BT-10). */
export const buyerReference = z
  .string()
  .trim()
  .max(MAX_BUYER_REFERENCE, `Keep your reference under ${MAX_BUYER_REFERENCE} characters.`)
  .regex(/^[^\p{Cc}]*$/u, 'Your reference cannot hold control characters.')
  .default('');

export const orderLineInput = z.object({
  productId: recordId('Choose a product.'),
  cases: cases(1),
});

export const placeOrderInput = z.object({
  lines: z
    .array(orderLineInput, { error: 'Add at least one product.' })
    .min(1, 'Add at least one product.')
    .max(MAX_LINES, `At most ${MAX_LINES} lines in one order.`)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, 'Name each product once.'),
  note,
  buyerReference,
});
export type PlaceOrderInput = z.infer<typeof placeOrderInput>;

/** The header a form sends once per form, so a retry returns the order its first attempt placed. */
export const idempotencyKey = z
  .string()
  .trim()
  .min(8, 'The Idempotency-Key header must be 8 to 200 characters.')
  .max(MAX_IDEMPOTENCY_KEY, 'The Idempotency-Key header must be 8 to 200 characters.')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key header must be printable ASCII.');

export const approveLineInput = z.object({
  itemId: recordId('Choose a line.'),
  cases: cases(0),
  reason: z.string().trim().max(MAX_REASON, `Keep the reason under ${MAX_REASON} characters.`).default(''),
});

export const approveOrderInput = z.object({
  version: versionField,
  /** Only the lines that change need be sent; a line not named keeps what was asked for. */
  lines: z
    .array(approveLineInput)
    .max(MAX_LINES, `At most ${MAX_LINES} lines.`)
    .refine((lines) => new Set(lines.map((l) => l.itemId)).size === lines.length, 'Name each line once.')
    .default([]),
  note,
  /** Approving despite the credit hold (issue 16): why. Empty when no hold applies. */
  creditOverride: z.string().trim().max(MAX_REASON, `Keep the reason under ${MAX_REASON} characters.`).optional(),
});
export type ApproveOrderInput = z.infer<typeof approveOrderInput>;

export const rejectOrderInput = z.object({ version: versionField, reason: reason('why the order is rejected') });
export type RejectOrderInput = z.infer<typeof rejectOrderInput>;

export const cancelOrderInput = z.object({ version: versionField, reason: reason('why the order is cancelled') });
export type CancelOrderInput = z.infer<typeof cancelOrderInput>;

/** The buyer accepts an allocation offer: the version the page read. */
export const acceptOrderInput = z.object({ version: versionField });
export type AcceptOrderInput = z.infer<typeof acceptOrderInput>;

/** The buyer declines an allocation offer; saying why is optional (the supplier sees it). */
export const declineOrderInput = z.object({
  version: versionField,
  reason: z.string().trim().max(MAX_REASON, `Keep the reason under ${MAX_REASON} characters.`).default(''),
});
export type DeclineOrderInput = z.infer<typeof declineOrderInput>;

/** Ship or deliver (staff, for the brand's orders): the version the page read. */
export const orderStepInput = z.object({ version: versionField });
export type OrderStepInput = z.infer<typeof orderStepInput>;

export const orderMessageInput = z.object({
  body: requiredText('Write a message.').max(MAX_MESSAGE, `Keep the message under ${MAX_MESSAGE.toLocaleString('en')} characters.`),
});
export type OrderMessageInput = z.infer<typeof orderMessageInput>;

export const orderId = recordId('Choose an order.');

/** A page of orders, newest first; `after` is the cursor the previous page returned. */
export const orderListQuery = z.object({
  side: z.enum(['buying', 'selling']).default('buying'),
  status: z.enum(ORDER_STATUSES).optional(),
  after: z
    .string()
    .regex(/^\d{13}_\d{1,10}$/, 'The cursor is not valid.')
    .optional(),
  limit: pageNumber('the limit', ORDER_PAGE_SIZE, 20),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
