// The order pages' server side, one way for the partners' pages and staff's Trade orders: the guard,
// the place form read into the shared schema (a cases box per product), and the order page's actions
// (accept or decline an offer, approve with a cases box and a reason per line, reject, cancel, ship,
// deliver, a message), each parsed with the shared zod schema and carried out by `services.orders`
// in-process. A refusal comes back on its field (the service's `lines.0.cases` → the form's `cases.<line id>`) or over the form.
import { href, type AppLoadContext } from 'react-router';
import { ADMIN_SCREEN_NEEDS } from '@shared/admin-screens';
import { ROLE_REDIRECT_PATH } from '@shared/paths';
import {
  acceptOrderInput,
  approveOrderInput,
  cancelOrderInput,
  declineOrderInput,
  idempotencyKey,
  orderMessageInput,
  orderStepInput,
  placeOrderInput,
  rejectOrderInput,
} from '@shared/schemas/orders';
import { actionError } from '~/lib/action-result';
import { orderableProducts } from './catalogue.server';
import { readOrderCsv } from './order-csv.server';
import { isKind } from '~/lib/domain-error';
import { requireAccess, requireAdminArea, requirePartnerPage } from '~/lib/guards.server';
import { partnerForm, type Rename } from '~/lib/partner-action.server';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;
export type Channel = 'partner' | 'staff';

/** A partner's order page: the partner area (its role rule for role pages), and Order Management. */
export async function requireOrdersPage(request: Request, context: AppLoadContext): Promise<User> {
  await requirePartnerPage(request, context);
  return requireAccess(request, context, { permission: 'orders:manage' });
}

/**
 * Staff's Trade orders: the admin area first (its sign-in, password and two-factor rules), then Order
 * Management (any scope). Order Management is a partner-area permission, so a member of staff without
 * it is told 'Access Denied' for this page (to /dashboard), not sent to the partner sign-in.
 */
export async function requireTradeOrders(request: Request, context: AppLoadContext): Promise<User> {
  const user = await requireAdminArea(request, context);
  const decision = await context.services.access.decide(user, ADMIN_SCREEN_NEEDS.tradeOrders);
  if (decision.allowed) return user;
  throw context.flash.redirectWithToast(ROLE_REDIRECT_PATH, {
    title: 'Access Denied',
    description: "You don't have permission to access this page.",
    variant: 'destructive',
  });
}

/** The product ids of the boxes a place form sent, in form order, with what was typed. */
function typedLines(values: Record<string, string>) {
  return Object.entries(values)
    .filter(([k, v]) => /^cases\.\d+$/.test(k) && v.trim() !== '' && v.trim() !== '0')
    .map(([k, v]) => ({ productId: Number(k.slice('cases.'.length)), cases: v.trim() }));
}

/** Places the order a place form sent; on success to the order's page with 'Order placed'. */
export async function placeOrderAction(request: Request, context: AppLoadContext, user: User) {
  const form = await partnerForm(request);
  const { values } = form;
  if (values.intent === 'upload') return uploadOrderAction(form.form, context, user);
  const lines = typedLines(values);
  const toField = (path: string) => {
    const m = /^lines\.(\d+)\.(cases|productId)$/.exec(path);
    const line = m ? lines[Number(m[1])] : undefined;
    return line ? `cases.${line.productId}` : path === 'lines' ? 'form' : path;
  };
  const key = idempotencyKey.safeParse(values.idempotencyKey ?? '');
  if (!key.success) return actionError(400, { formError: 'This form has expired: reload the page and try again.', code: 'invalid_idempotency_key', values });
  const parsed = placeOrderInput.safeParse({ lines, note: values.note ?? '', buyerReference: values.buyerReference ?? '' });
  if (!parsed.success) return form.invalid(parsed.error, toField);
  let order: { id: number; number: string; seller: { name: string } };
  try {
    ({ order } = await context.services.orders.place(user, parsed.data, key.data, context.auth.actor(user.id)));
  } catch (err) {
    return form.refused(err, toField);
  }
  throw context.flash.redirectWithToast(href('/partner/dashboard/orders/:id', { id: String(order.id) }), {
    title: 'Order placed',
    description: `Order ${order.number} is with ${order.seller.name}.`,
  });
}

/**
 * "Fill from file": an uploaded CSV read against what this buyer may order now (order-csv.server.ts).
 * Its problems, each with its row number, come back over the upload (400, nothing filled, nothing
 * placed); a file without problems comes back as the cases boxes' values for the buyer to review.
 */
async function uploadOrderAction(form: FormData, context: AppLoadContext, user: User) {
  const file = form.get('file');
  if (!(file instanceof File) || (file.size === 0 && !file.name))
    return actionError(400, { intent: 'upload', code: 'validation_failed', upload: { file: null, problems: ['Choose a CSV file to upload.'] } });
  const products = await orderableProducts(context, user);
  const read = readOrderCsv(new Uint8Array(await file.arrayBuffer()), products);
  if (!read.ok) return actionError(400, { intent: 'upload', code: 'invalid_order_file', upload: { file: file.name, problems: read.problems } });
  return { intent: 'upload', values: read.values, upload: { file: file.name, lines: read.lines } };
}

const TOASTS = {
  accept: 'Offer accepted',
  decline: 'Offer declined',
  approve: 'Order approved',
  reject: 'Order rejected',
  cancel: 'Order cancelled',
  ship: 'Marked shipped',
  deliver: 'Marked delivered',
  message: 'Message sent',
} as const;
type Intent = keyof typeof TOASTS;

/** The order page's post: `intent` says which; the answer is a redirect back with a toast, or the errors. */
export async function orderPageAction(request: Request, context: AppLoadContext, user: User, id: number, channel: Channel, here: string) {
  const form = await partnerForm(request);
  const { values } = form;
  const intent = values.intent as Intent;
  if (!(intent in TOASTS)) return actionError(400, { formError: 'Choose what to do.', code: 'validation_failed', values });
  const orders = context.services.orders;
  const actor = context.auth.actor(user.id);
  const invalid = (error: Parameters<typeof form.invalid>[0], map?: Rename) => form.invalid(error, map, { intent });
  try {
    switch (intent) {
      case 'approve': {
        const ids = Object.keys(values)
          .filter((k) => /^cases\.\d+$/.test(k))
          .map((k) => Number(k.slice('cases.'.length)));
        const lines = ids.map((itemId) => ({ itemId, cases: (values[`cases.${itemId}`] ?? '').trim(), reason: values[`reason.${itemId}`] ?? '' }));
        const map = (path: string) => {
          const m = /^lines\.(\d+)\.(cases|reason|itemId)$/.exec(path);
          const line = m ? lines[Number(m[1])] : undefined;
          return line ? `${m![2] === 'reason' ? 'reason' : 'cases'}.${line.itemId}` : path === 'lines' ? 'form' : path;
        };
        const parsed = approveOrderInput.safeParse({ version: values.version, lines, note: values.note ?? '', creditOverride: values.creditOverride ?? '' });
        if (!parsed.success) return invalid(parsed.error, map);
        try {
          await orders.approve(user, id, parsed.data, actor, channel);
        } catch (err) {
          return form.refused(err, map, { intent });
        }
        break;
      }
      case 'accept':
      case 'decline': {
        // An allocation offer is answered by its buyer, a partner: there is no offer in Trade orders.
        if (channel !== 'partner') return actionError(403, { formError: 'You may not do this.', code: 'forbidden', values, intent });
        if (intent === 'accept') {
          const parsed = acceptOrderInput.safeParse({ version: values.version });
          if (!parsed.success) return invalid(parsed.error);
          await orders.accept(user, id, parsed.data, actor);
        } else {
          const parsed = declineOrderInput.safeParse({ version: values.version, reason: values.reason ?? '' });
          if (!parsed.success) return invalid(parsed.error);
          await orders.decline(user, id, parsed.data, actor);
        }
        break;
      }
      case 'reject': {
        const parsed = rejectOrderInput.safeParse({ version: values.version, reason: values.reason });
        if (!parsed.success) return invalid(parsed.error);
        await orders.reject(user, id, parsed.data, actor, channel);
        break;
      }
      case 'cancel': {
        const parsed = cancelOrderInput.safeParse({ version: values.version, reason: values.reason });
        if (!parsed.success) return invalid(parsed.error);
        await orders.cancel(user, id, parsed.data, actor, channel);
        break;
      }
      case 'ship':
      case 'deliver': {
        if (channel !== 'staff') return actionError(403, { formError: 'You may not do this.', code: 'forbidden', values, intent });
        const parsed = orderStepInput.safeParse({ version: values.version });
        if (!parsed.success) return invalid(parsed.error);
        await orders[intent](user, id, parsed.data, actor);
        break;
      }
      case 'message': {
        const parsed = orderMessageInput.safeParse({ body: values.body });
        if (!parsed.success) return invalid(parsed.error);
        await orders.postMessage(user, id, parsed.data, actor, channel);
        break;
      }
    }
  } catch (err) {
    return form.refused(err, undefined, { intent });
  }
  throw context.flash.redirectWithToast(here, { title: TOASTS[intent] });
}

/** The thread, when the viewer may read it (partners need Internal Chat); null otherwise. */
export async function threadOf(context: AppLoadContext, user: User, id: number, channel: Channel) {
  try {
    return await context.services.orders.messages(user, id, channel);
  } catch (err) {
    if (isKind(err, 'forbidden')) return null;
    throw err;
  }
}
