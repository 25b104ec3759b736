// The shipment pages' server side: the guard, the list query, and the forms — a new shipment (a
// cases box per order line still to ship), the sender's moves, calling off, the answer to a
// discrepancy (a cases box per missing line, or a credit note), and the retailer's receipt
// (multipart: received and damaged boxes per line, a note, the photo or PDF) — each read into the
// shared zod schema and carried out by `services.shipments` in-process. A refusal comes back on its
// field (the service's `lines.0.cases` → the form's `cases.<line id>`) or over the form.
import type { AppLoadContext } from 'react-router';
import {
  createShipmentInput,
  receiptInput,
  resolveReceiptInput,
  SENDER_ACTIONS,
  shipmentListQuery,
  type ShipmentListQuery,
  shipmentStatusInput,
} from '@shared/schemas/shipments';
import { versionField } from '@shared/schemas/admin';
import { pagesAsBuyer, pagesAsSupplier, supplierOf, type SupplierPages, tradeTypeOf } from '@shared/trade-pages';
import { actionError } from '~/lib/action-result';
import { requireAccess, requirePartnerPage } from '~/lib/guards.server';
import { partnerForm } from '~/lib/partner-action.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

/** A shipment page: the partner area (a supplier's Shipments or a buyer's Receipts: PARTNER_PAGE_ROLES), and Order Management. */
export async function requireShipmentsPage(request: Request, context: AppLoadContext): Promise<User> {
  await requirePartnerPage(request, context);
  return requireAccess(request, context, { permission: 'orders:manage' });
}

/** A list page's query (?status=&q=&after=), read with the API's schema; what does not parse is dropped. */
export function shipmentQuery(request: Request, side: ShipmentListQuery['side']): ShipmentListQuery {
  const params = new URL(request.url).searchParams;
  const keep = (key: 'status' | 'after' | 'q') => {
    const v = params.get(key) || undefined;
    return shipmentListQuery.shape[key].safeParse(v).success ? v : undefined;
  };
  return shipmentListQuery.parse({ side, status: keep('status'), q: keep('q'), after: keep('after'), limit: 50 });
}

/** The ids of the boxes named `<prefix>.<id>` a form sent, with what was typed (blank and 0 left out unless `keepZero`). */
function boxes(values: Record<string, string>, prefix: string, keepZero = false) {
  return Object.entries(values)
    .filter(([k, v]) => k.startsWith(`${prefix}.`) && /^\d+$/.test(k.slice(prefix.length + 1)) && v.trim() !== '' && (keepZero || v.trim() !== '0'))
    .map(([k, v]) => ({ id: Number(k.slice(prefix.length + 1)), value: v.trim() }));
}

/** Maps the service's `lines.N.<field>` onto the form's `<box>.<id>`. */
const lineMap = (ids: number[], box: (field: string) => string) => (path: string) => {
  const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
  const id = m ? ids[Number(m[1])] : undefined;
  return id !== undefined ? `${box(m![2]!)}.${id}` : path === 'lines' ? 'form' : path;
};

/** Where the sender's pages are: its own supplier pages (shared/trade-pages.ts), or staff's Trade shipments for the brand. */
export type SenderPages = Pick<SupplierPages, 'shipment' | 'shipments'>;

/** Creates the shipment a new-shipment form sent; on success to its page with 'Shipment created'. */
export async function createShipmentAction(
  request: Request,
  context: AppLoadContext,
  user: User,
  pages: SenderPages = pagesAsSupplier(tradeTypeOf(user.roles)),
) {
  const form = await partnerForm(request);
  const { values } = form;
  const lines = boxes(values, 'cases').map((b) => ({ orderItemId: b.id, cases: b.value }));
  const map = lineMap(
    lines.map((l) => l.orderItemId),
    () => 'cases',
  );
  const parsed = createShipmentInput.safeParse({
    recipientId: values.recipientId,
    carrier: values.carrier,
    trackingNumber: values.trackingNumber ?? '',
    note: values.note ?? '',
    lines,
  });
  if (!parsed.success) return form.invalid(parsed.error, map);
  let shipment: { id: number; number: string; recipient: { name: string } };
  try {
    shipment = await context.services.shipments.create(user, parsed.data, context.auth.actor(user.id));
  } catch (err) {
    return form.refused(err, map);
  }
  throw context.flash.redirectWithToast(pages.shipment(shipment.id), {
    title: 'Shipment created',
    description: `${shipment.number} to ${shipment.recipient.name} is being prepared.`,
  });
}

const SENDER_TOASTS = {
  ship: 'Marked shipped',
  in_transit: 'Marked in transit',
  exception: 'Exception reported',
  resume: 'Back in transit',
  discard: 'Shipment called off',
  replacement: 'Replacement shipment created',
  credit_note: 'Discrepancy resolved',
} as const;
type SenderIntent = keyof typeof SENDER_TOASTS;

/** The sender's shipment page: `intent` says which move; a redirect back (or to the replacement) with a toast, or the errors. */
export async function senderShipmentAction(
  request: Request,
  context: AppLoadContext,
  user: User,
  id: number,
  pages: SenderPages = pagesAsSupplier(tradeTypeOf(user.roles)),
) {
  const form = await partnerForm(request);
  const { values } = form;
  const intent = values.intent as SenderIntent;
  if (!(intent in SENDER_TOASTS)) return actionError(400, { formError: 'Choose what to do.', code: 'validation_failed', values });
  const shipments = context.services.shipments;
  const actor = context.auth.actor(user.id);
  let to = pages.shipment(id);
  try {
    if ((SENDER_ACTIONS as readonly string[]).includes(intent)) {
      const parsed = shipmentStatusInput.safeParse({
        action: intent,
        version: values.version,
        reason: values.reason ?? '',
        trackingNumber: values.trackingNumber,
      });
      if (!parsed.success) return form.invalid(parsed.error, undefined, { intent });
      await shipments.move(user, id, parsed.data, actor);
    } else if (intent === 'discard') {
      const version = versionField.safeParse(values.version);
      if (!version.success) return actionError(400, { formError: 'Reload the page: the version is missing.', code: 'validation_failed', values, intent });
      await shipments.discard(user, id, version.data, actor);
      to = pages.shipments;
    } else {
      const receiptId = Number(values.receiptId);
      const lines = boxes(values, 'replace').map((b) => ({ shipmentItemId: b.id, cases: b.value }));
      const map = lineMap(
        lines.map((l) => l.shipmentItemId),
        () => 'replace',
      );
      const parsed = resolveReceiptInput.safeParse(
        intent === 'replacement'
          ? {
              resolution: 'replacement',
              version: values.version,
              carrier: values.carrier,
              trackingNumber: values.trackingNumber ?? '',
              note: values.note ?? '',
              lines,
            }
          : { resolution: 'credit_note', version: values.version, creditNoteId: values.creditNoteId || undefined },
      );
      if (!parsed.success) return form.invalid(parsed.error, map, { intent });
      try {
        const row = await shipments.resolve(user, Number.isInteger(receiptId) && receiptId > 0 ? receiptId : 0, parsed.data, actor);
        if (intent === 'replacement') to = pages.shipment(row.id);
      } catch (err) {
        return form.refused(err, map, { intent });
      }
    }
  } catch (err) {
    return form.refused(err, undefined, { intent });
  }
  throw context.flash.redirectWithToast(to, { title: SENDER_TOASTS[intent] });
}

/** A buyer's receipt form (multipart): received and damaged boxes per line, a note, the photo or PDF. */
export async function receiptAction(request: Request, context: AppLoadContext, user: User, id: number) {
  const posted = await partnerForm(request);
  const { values, form } = posted;
  const received = boxes(values, 'received', true);
  const damaged = new Map(boxes(values, 'damaged', true).map((b) => [b.id, b.value]));
  const lines = received.map((b) => ({ shipmentItemId: b.id, casesReceived: b.value, casesDamaged: damaged.get(b.id) ?? '0' }));
  const map = lineMap(
    lines.map((l) => l.shipmentItemId),
    (field) => (field === 'casesDamaged' ? 'damaged' : 'received'),
  );
  const parsed = receiptInput.safeParse({ lines, note: values.note ?? '' });
  if (!parsed.success) return posted.invalid(parsed.error, map);
  const raw = form.get('file');
  const file = raw instanceof File && raw.size > 0 ? { buffer: Buffer.from(await raw.arrayBuffer()), originalName: raw.name } : null;
  try {
    await context.services.shipments.receive(user, id, parsed.data, file, context.auth.actor(user.id));
  } catch (err) {
    return posted.refused(err, map);
  }
  const type = tradeTypeOf(user.roles);
  throw context.flash.redirectWithToast(pagesAsBuyer(type).receipt(id), {
    title: 'Receipt recorded',
    description: `Thank you: ${supplierOf(type)} has been told.`,
  });
}
