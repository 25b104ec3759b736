// The shipment pages' server side: the guard, the list query, and the forms — a new shipment (a
// cases box per order line still to ship), the sender's moves, calling off, the answer to a
// discrepancy (a cases box per missing line, or a credit note), and the retailer's receipt
// (multipart: received and damaged boxes per line, a note, the photo or PDF) — each read into the
// shared zod schema and carried out by `services.shipments` in-process. A refusal comes back on its
// field (the service's `lines.0.cases` → the form's `cases.<line id>`) or over the form.
import { href, type AppLoadContext } from 'react-router';
import { fieldErrors } from '@shared/field-errors';
import type { FieldErrors } from '@shared/form-constants';
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
import { actionError } from '~/lib/action-result';
import { pageStatusOf, refusalOf } from '~/lib/domain-error';
import { readForm } from '~/lib/form-action';
import { requireAccess, requirePartnerPage } from '~/lib/guards.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

/** A shipment page: the partner area (the distributor's or the retailer's pages), and Order Management. */
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

async function fields(request: Request): Promise<{ values: Record<string, string>; form: FormData }> {
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') values[k] = v;
  return { values, form };
}

function rename(errors: FieldErrors, map: (path: string) => string): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) out[map(k)] ??= v;
  return out;
}

/** A service's refusal as the form's answer, its fields renamed; anything else rethrown. */
function refused(err: unknown, values: Record<string, string>, map: (path: string) => string, intent?: string) {
  const e = refusalOf(err);
  if (!e) throw err;
  const details = Array.isArray(e.details) ? (e.details as { path?: unknown; message?: unknown }[]) : [];
  const errors: FieldErrors = {};
  for (const d of details) if (typeof d?.path === 'string' && typeof d.message === 'string') errors[d.path || 'form'] ??= d.message;
  return actionError(pageStatusOf(e.kind), { errors: rename(errors, map), formError: e.message, code: e.code, hint: e.hint, values, intent });
}

const invalid = (
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  values: Record<string, string>,
  map: (p: string) => string,
  intent?: string,
) => {
  const errors = rename(fieldErrors(error), map);
  return actionError(400, { errors, formError: errors.form ?? 'Check the highlighted fields.', code: 'validation_failed', values, intent });
};

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

/** Creates the shipment a new-shipment form sent; on success to its page with 'Shipment created'. */
export async function createShipmentAction(request: Request, context: AppLoadContext, user: User) {
  const { values } = await fields(request);
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
  if (!parsed.success) return invalid(parsed.error, values, map);
  let shipment: { id: number; number: string; recipient: { name: string } };
  try {
    shipment = await context.services.shipments.create(user, parsed.data, context.auth.actor(user.id));
  } catch (err) {
    return refused(err, values, map);
  }
  throw context.flash.redirectWithToast(href('/partner/dashboard/distributor/shipments/:id', { id: String(shipment.id) }), {
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
export async function senderShipmentAction(request: Request, context: AppLoadContext, user: User, id: number) {
  const { values } = await fields(request);
  const intent = values.intent as SenderIntent;
  if (!(intent in SENDER_TOASTS)) return actionError(400, { formError: 'Choose what to do.', code: 'validation_failed', values });
  const shipments = context.services.shipments;
  const actor = context.auth.actor(user.id);
  let to = href('/partner/dashboard/distributor/shipments/:id', { id: String(id) });
  try {
    if ((SENDER_ACTIONS as readonly string[]).includes(intent)) {
      const parsed = shipmentStatusInput.safeParse({
        action: intent,
        version: values.version,
        reason: values.reason ?? '',
        trackingNumber: values.trackingNumber,
      });
      if (!parsed.success) return invalid(parsed.error, values, (p) => p, intent);
      await shipments.move(user, id, parsed.data, actor);
    } else if (intent === 'discard') {
      const version = versionField.safeParse(values.version);
      if (!version.success) return actionError(400, { formError: 'Reload the page: the version is missing.', code: 'validation_failed', values, intent });
      await shipments.discard(user, id, version.data, actor);
      to = href('/partner/dashboard/distributor/shipments');
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
      if (!parsed.success) return invalid(parsed.error, values, map, intent);
      try {
        const row = await shipments.resolve(user, Number.isInteger(receiptId) && receiptId > 0 ? receiptId : 0, parsed.data, actor);
        if (intent === 'replacement') to = href('/partner/dashboard/distributor/shipments/:id', { id: String(row.id) });
      } catch (err) {
        return refused(err, values, map, intent);
      }
    }
  } catch (err) {
    return refused(err, values, (p) => p, intent);
  }
  throw context.flash.redirectWithToast(to, { title: SENDER_TOASTS[intent] });
}

/** The retailer's receipt form (multipart): received and damaged boxes per line, a note, the photo or PDF. */
export async function receiptAction(request: Request, context: AppLoadContext, user: User, id: number) {
  const { values, form } = await fields(request);
  const received = boxes(values, 'received', true);
  const damaged = new Map(boxes(values, 'damaged', true).map((b) => [b.id, b.value]));
  const lines = received.map((b) => ({ shipmentItemId: b.id, casesReceived: b.value, casesDamaged: damaged.get(b.id) ?? '0' }));
  const map = lineMap(
    lines.map((l) => l.shipmentItemId),
    (field) => (field === 'casesDamaged' ? 'damaged' : 'received'),
  );
  const parsed = receiptInput.safeParse({ lines, note: values.note ?? '' });
  if (!parsed.success) return invalid(parsed.error, values, map);
  const raw = form.get('file');
  const file = raw instanceof File && raw.size > 0 ? { buffer: Buffer.from(await raw.arrayBuffer()), originalName: raw.name } : null;
  try {
    await context.services.shipments.receive(user, id, parsed.data, file, context.auth.actor(user.id));
  } catch (err) {
    return refused(err, values, map);
  }
  throw context.flash.redirectWithToast(href('/partner/dashboard/retailer/receipts/:id', { id: String(id) }), {
    title: 'Receipt recorded',
    description: 'Thank you: your distributor has been told.',
  });
}
