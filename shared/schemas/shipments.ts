// Shipments and receipts: one schema per thing a sender or a recipient sends — a new shipment (lines
// of the retailer's approved orders in whole cases), a status move, a receipt (cases received and
// damaged per line), the answer to a discrepancy — and the list query. Whether the cases are still
// to ship, the shipment may move or the receipt fits what was shipped, the service decides.
import { isBlank } from './text';
import { z } from './zod';
import { pageNumber, wholeNumber } from './numbers';
import { MAX_CASES_PER_LINE } from '../orders';
import {
  CARRIER_KEYS,
  MAX_EXCEPTION_REASON,
  MAX_SHIPMENT_LINES,
  MAX_SHIPMENT_NOTE,
  MAX_TRACKING_NUMBER,
  SENDER_ACTIONS,
  SHIPMENT_PAGE_SIZE,
  SHIPMENT_STATUSES,
} from '../shipments';
import { recordId, versionField } from './admin';

export * from '../shipments';

const cases = (min: number, what = 'cases') =>
  wholeNumber({
    min,
    max: MAX_CASES_PER_LINE,
    required: `Enter a number of ${what}.`,
    whole: `Enter a whole number of ${what}.`,
    tooSmall: min === 0 ? 'Cases cannot be negative.' : 'Ship at least one case.',
    tooBig: `At most ${MAX_CASES_PER_LINE.toLocaleString('en')} cases on a line.`,
  });

const note = z
  .string()
  .trim()
  .max(MAX_SHIPMENT_NOTE, `Keep the note under ${MAX_SHIPMENT_NOTE.toLocaleString('en')} characters.`)
  .default('');

export const carrierField = z.enum(CARRIER_KEYS, { error: 'Choose a carrier.' });

export const trackingNumberField = z
  .string()
  .trim()
  .max(MAX_TRACKING_NUMBER, `Keep the tracking number under ${MAX_TRACKING_NUMBER} characters.`)
  .regex(/^[A-Za-z0-9 ./_-]*$/, 'Use letters, digits, spaces, dots, slashes, dashes or underscores.')
  .default('');

const eachOnce = (ids: number[]) => new Set(ids).size === ids.length;

export const shipmentLineInput = z.object({
  orderItemId: recordId('Choose an order line.'),
  cases: cases(1),
});

export const createShipmentInput = z.object({
  recipientId: z.uuid({ error: 'Choose a retailer.' }),
  carrier: carrierField,
  trackingNumber: trackingNumberField,
  note,
  lines: z
    .array(shipmentLineInput, { error: 'Choose at least one line to ship.' })
    .min(1, 'Choose at least one line to ship.')
    .max(MAX_SHIPMENT_LINES, `At most ${MAX_SHIPMENT_LINES} lines in one shipment.`)
    .refine((lines) => eachOnce(lines.map((l) => l.orderItemId)), 'Name each order line once.'),
});
export type CreateShipmentInput = z.infer<typeof createShipmentInput>;

/** A sender's move: the version the page read; a reason for an exception; optionally the tracking number when shipping. */
export const shipmentStatusInput = z
  .object({
    action: z.enum(SENDER_ACTIONS, { error: 'Choose what to do.' }),
    version: versionField,
    reason: z.string().trim().max(MAX_EXCEPTION_REASON, `Keep the reason under ${MAX_EXCEPTION_REASON} characters.`).default(''),
    trackingNumber: trackingNumberField.optional(),
  })
  .refine((v) => v.action !== 'exception' || !isBlank(v.reason), { path: ['reason'], message: 'Say what went wrong.' });
export type ShipmentStatusInput = z.infer<typeof shipmentStatusInput>;

export const receiptLineInput = z.object({
  shipmentItemId: recordId('Choose a shipment line.'),
  casesReceived: cases(0, 'cases received'),
  casesDamaged: cases(0, 'damaged cases').default(0),
});

/** The retailer's receipt: every line of the shipment once, a note; the photo or PDF travels beside it. */
export const receiptInput = z.object({
  lines: z
    .array(receiptLineInput, { error: 'Say what arrived on each line.' })
    .min(1, 'Say what arrived on each line.')
    .max(MAX_SHIPMENT_LINES, `At most ${MAX_SHIPMENT_LINES} lines.`)
    .refine((lines) => eachOnce(lines.map((l) => l.shipmentItemId)), 'Name each line once.'),
  note,
});
export type ReceiptInput = z.infer<typeof receiptInput>;

/** The API's multipart fields: `lines` as JSON text, `note`, and the `file`. */
export const receiptFormFields = z.object({
  lines: z
    .string({ error: 'Send the lines as JSON in the field "lines".' })
    .max(64_000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Send the lines as JSON in the field "lines".' });
        return z.NEVER;
      }
    }),
  note: z.string().optional(),
});

export const replacementLineInput = z.object({
  shipmentItemId: recordId('Choose a line of the received shipment.'),
  cases: cases(1),
});

/** The sender's answer to a discrepancy: a replacement shipment, or a credit note (issued now for what is missing, or one already issued). */
export const resolveReceiptInput = z.discriminatedUnion(
  'resolution',
  [
    z.object({
      resolution: z.literal('replacement'),
      version: versionField,
      carrier: carrierField,
      trackingNumber: trackingNumberField,
      note,
      lines: z
        .array(replacementLineInput, { error: 'Choose what to send again.' })
        .min(1, 'Choose what to send again.')
        .max(MAX_SHIPMENT_LINES, `At most ${MAX_SHIPMENT_LINES} lines.`)
        .refine((lines) => eachOnce(lines.map((l) => l.shipmentItemId)), 'Name each line once.'),
    }),
    z.object({
      resolution: z.literal('credit_note'),
      version: versionField,
      /** A credit note already issued to this retailer; without one, a credit note for what is missing is issued now. */
      creditNoteId: recordId('Choose the credit note.').optional(),
    }),
  ],
  { error: 'Choose a replacement shipment or a credit note.' },
);
export type ResolveReceiptInput = z.infer<typeof resolveReceiptInput>;

export const shipmentId = recordId('Choose a shipment.');
export const receiptId = recordId('Choose a receipt.');

/** A page of shipments, newest first; `side`: those the viewer sent or those it receives. */
export const shipmentListQuery = z.object({
  side: z.enum(['sending', 'receiving']).default('sending'),
  status: z.enum(SHIPMENT_STATUSES).optional(),
  q: z
    .string()
    .trim()
    .max(100)
    .transform((s) => s.replaceAll('\u0000', ''))
    .optional(),
  after: z
    .string()
    .regex(/^\d{13}_\d{1,10}$/, 'The cursor is not valid.')
    .optional(),
  limit: pageNumber('the limit', SHIPMENT_PAGE_SIZE, 20),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuery>;

export const remainingQuery = z.object({ recipientId: z.uuid({ error: 'Choose a retailer.' }) });
