// What a buyer may order: the trade catalogue at its tier's prices (as View Products reads it) with
// the cases its supplier can sell now (its ledger's available figure; the page refreshes when that
// stock moves), and a fresh Idempotency-Key for the form this render shows. With `?reorder=<id>` of
// one of the buyer's own orders, the form starts from that order's lines at today's prices, each
// change since marked (reorderOf).
import type { AppLoadContext } from 'react-router';
import { formatPrice } from '@shared/markets';
import { PARTNER_CATALOG_PAGE_SIZE_MAX } from '@shared/partner-catalog-constants';
import { ORGANISATION_TYPE_LABELS, READ_ONLY_REFUSAL, STANDING_REFUSAL, SUPPLIER_TYPE, tradesFor } from '@shared/partners';
import { refusalOf } from '~/lib/domain-error';
import type { requirePartnerPage } from '~/lib/guards.server';
import type { OrderableProduct, ReorderPrefill } from './place-order-form';

type User = Awaited<ReturnType<typeof requirePartnerPage>>;

/** The products of the buyer's catalogue as the form lists them (the upload and its template read the same). */
export async function orderableProducts(context: AppLoadContext, user: User): Promise<OrderableProduct[]> {
  const page = await context.services.partnerCatalog.list(user, { q: undefined, page: 1, pageSize: PARTNER_CATALOG_PAGE_SIZE_MAX }, { ordering: true });
  return page.items.map((p) => ({
    id: p.id,
    sku: p.sku,
    name: p.name,
    category: p.category,
    caseSize: p.caseSize,
    price: p.price,
    availableCases: p.availability?.cases ?? null,
  }));
}

export async function orderForm(context: AppLoadContext, user: User, request?: Request) {
  const products = await orderableProducts(context, user);
  const type = user.organisation?.type;
  const above = type ? SUPPLIER_TYPE[type] : null;
  const supplier = above ? `your ${ORGANISATION_TYPE_LABELS[above].toLowerCase()}` : 'Frolic';
  const notice = !user.organisationId
    ? 'Your account does not belong to a partner organisation yet: Frolic adds you to yours before you can place an order.'
    : !tradesFor(user.roles)
      ? READ_ONLY_REFUSAL.message
      : user.standing && user.standing !== 'active'
        ? STANDING_REFUSAL[user.standing].message
        : null;
  const reorder = request ? await reorderOf(context, user, request, products) : null;
  return { products, supplier, notice, reorder, idempotencyKey: crypto.randomUUID() };
}

/**
 * The form's start from one of the buyer's past orders (`?reorder=<id>`): the same products and the
 * cases it asked for, at today's prices (the server prices the new order again when it is placed);
 * a line whose case price or size changed since says what it was, a product that can no longer be
 * ordered is named and left out, and more cases than the supplier has now are marked by the form as
 * any line is. Not the viewer's order as its buyer (or no such order): null, and the
 * form starts empty — the order page is where a missing order is reported.
 */
export async function reorderOf(context: AppLoadContext, user: User, request: Request, products: readonly OrderableProduct[]): Promise<ReorderPrefill | null> {
  const raw = new URL(request.url).searchParams.get('reorder');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) return null;
  let order;
  try {
    order = await context.services.orders.get(user, id, context.auth.actor(user.id), 'partner');
  } catch (err) {
    // Not found, or not this viewer's: an empty form. A failure on our side goes on to the error boundary.
    if (refusalOf(err)) return null;
    throw err;
  }
  if (order.side !== 'buyer') return null;
  const byId = new Map(products.map((p) => [p.id, p]));
  const prefill: ReorderPrefill = { number: order.number, values: {}, changes: {}, dropped: [] };
  for (const line of order.items) {
    const now = byId.get(line.productId);
    if (!now?.price) {
      prefill.dropped.push(line.productName);
      continue;
    }
    prefill.values[`cases.${line.productId}`] = String(line.casesRequested);
    const was = line.unitPriceMinor * line.caseSize;
    const changes: string[] = [];
    if (now.caseSize !== line.caseSize) changes.push(`now a case of ${now.caseSize}, was ${line.caseSize}`);
    if (now.price.currency !== order.currency || now.price.caseMinor !== was) changes.push(`was ${formatPrice(was, order.currency)} a case`);
    if (changes.length) prefill.changes[line.productId] = `Changed since ${order.number}: ${changes.join('; ')}.`;
  }
  return prefill;
}
