// The seller approves an order: each line at the cases asked for or fewer (a changed line says why),
// an order with lines changed priced again — its duty and VAT by the tax rules in force today
// (pricing.ts), an order approved as asked keeping the amounts it was placed with —, the credit hold
// checked (payments), and the seller's stock reserved through the ledger's guarded write — the last
// units go to exactly as many orders as they cover.
import { eq, inArray } from 'drizzle-orm';
import { lineTotalMinor } from '../../../../shared/invoice-totals';
import { todayUtc } from '../../../../shared/partners';
import { plural } from '../../../../shared/plural';
import { isBlank } from '../../../../shared/schemas/text';
import type { ApproveOrderInput } from '../../../../shared/schemas/orders';
import type { Viewer } from '../../../auth/authorize';
import { AppError, notFound, type ErrorKind } from '../../../core/errors';
import type { Actor } from '../../../core/actor';
import type { Tx } from '../../../db/client';
import { orderItems, organisations, products } from '../../../db/schema';
import { enforceCreditHold } from '../../payments';
import { balanceOf, moveStockOr, productNameOf } from '../../stock';
import type { Organisation } from '../../trade';
import type { OrderContext } from '../context';
import type { Channel, ItemRow, OrderDetail, OrderRow } from '../types';
import { dutyTreatmentOf, orderTax } from './pricing';

const fieldError = (code: string, kind: ErrorKind, message: string, details: { path: string; message: string }[]) =>
  new AppError(code, kind, message, { details });

export async function approve(ctx: OrderContext, viewer: Viewer, id: number, input: ApproveOrderInput, actor: Actor, channel: Channel): Promise<OrderDetail> {
  const { now } = ctx;
  const first = await ctx.requireRow(id);
  const side = await ctx.sideOf(viewer, first, channel, { act: true });
  await ctx.write(async (tx, tell) => {
    const row = await ctx.requireRow(id, tx);
    const t = await ctx.transition(tx, 'approve', row, side, channel, input.version);
    const seller = await ctx.tradingOrganisation(tx, row.sellerId);
    const items = await ctx.itemsOf(tx, row.id);
    const byId = new Map(items.map((i) => [i.id, i]));
    const problems: { path: string; message: string; code: string }[] = [];
    const cases = new Map(items.map((i) => [i.id, { cases: i.casesRequested, reason: null as string | null }]));
    input.lines.forEach((l, i) => {
      const item = byId.get(l.itemId);
      if (!item) throw notFound('Order line');
      if (l.cases > item.casesRequested)
        problems.push({ path: `lines.${i}.cases`, code: 'cases_above_requested', message: `At most the ${plural(item.casesRequested, 'case')} asked for.` });
      else if (l.cases !== item.casesRequested && isBlank(l.reason))
        problems.push({ path: `lines.${i}.reason`, code: 'reason_required', message: 'Say why this line changed.' });
      cases.set(item.id, { cases: l.cases, reason: l.cases !== item.casesRequested ? l.reason : null });
    });
    if (problems.length) throw fieldError(problems[0]!.code, 'invalid', 'Some lines cannot be approved as they are.', problems);
    if ([...cases.values()].every((c) => c.cases === 0))
      throw fieldError('nothing_approved', 'invalid', 'Every line is at zero: reject the order instead.', [
        { path: 'lines', message: 'Keep at least one case, or reject the order.' },
      ]);
    for (const item of items) {
      const c = cases.get(item.id)!;
      if (c.cases !== item.cases || c.reason !== item.modificationReason)
        await tx
          .update(orderItems)
          .set({ cases: c.cases, lineTotalMinor: lineTotalMinor(c.cases, item.caseSize, item.unitPriceMinor), modificationReason: c.reason })
          .where(eq(orderItems.id, item.id));
    }
    // Fewer cases are a new price: the lines at the prices copied at placing, taxed as the relationship
    // and the rules stand today. An order approved as asked keeps what its buyer was shown.
    const repriced = items.some((i) => cases.get(i.id)!.cases !== i.cases)
      ? await repriceOrder(ctx, tx, row, seller, (i) => cases.get(i.id)!.cases, items)
      : null;
    const amounts = repriced?.amounts ?? {};
    // The credit hold (payments): refused unless overridden with a reason, which this approval's audit row carries.
    const creditOverride = await enforceCreditHold(
      tx,
      { ...row, totalMinor: repriced?.amounts.totalMinor ?? row.totalMinor },
      input.creditOverride ?? '',
      todayUtc(now()),
    );
    const at = new Date(now());
    const after = await ctx.guardedMove(
      tx,
      row,
      'approve',
      t.to,
      { ...amounts, decidedAt: at, decidedBy: actor.userId, decisionReason: input.note || null },
      actor,
      {
        note: input.note || undefined,
        lines: items
          .filter((i) => cases.get(i.id)!.cases !== i.casesRequested)
          .map((i) => ({ itemId: i.id, from: i.casesRequested, to: cases.get(i.id)!.cases, reason: cases.get(i.id)!.reason })),
        ...(creditOverride ? { creditOverride } : {}),
        ...(repriced ? { totalMinor: repriced.amounts.totalMinor, tax: repriced.record } : {}),
      },
    );
    // Reserve the seller's stock: the ledger's guarded write refuses what the stock cannot cover.
    for (const item of items) {
      const c = cases.get(item.id)!.cases;
      if (c === 0) continue;
      await moveStockOr(
        tx,
        {
          organisationId: row.sellerId,
          productId: item.productId,
          onHand: 0,
          reserved: c * item.caseSize,
          cause: 'reservation',
          orderId: row.id,
          actorId: actor.userId,
          reason: `Order ${row.number} approved`,
        },
        async () => {
          const b = await balanceOf(tx, row.sellerId, item.productId);
          const available = Math.max(0, Math.floor(b.available / item.caseSize));
          const at = input.lines.findIndex((l) => l.itemId === item.id);
          const name = await productNameOf(tx, item.productId);
          return new AppError('insufficient_stock', 'conflict', `Not enough stock of ${name}: only ${plural(available, 'case')} available.`, {
            details: [
              {
                path: at >= 0 ? `lines.${at}.cases` : 'lines',
                message: `Only ${plural(available, 'case')} of ${name} available.`,
                itemId: item.id,
                productId: item.productId,
                availableCases: available,
              },
            ],
            hint: 'Lower the line (with a reason) or mark it out of stock.',
          });
        },
      );
    }
    await tell({ kind: 'approved', order: after, to: 'buyer', text: input.note || undefined });
  });
  return ctx.views.detail(await ctx.requireRow(id), side, channel);
}

/** The order's lines at `casesOf` each, priced again (pricing.ts orderTax) between its parties today. */
async function repriceOrder(ctx: OrderContext, tx: Tx, row: OrderRow, seller: Organisation, casesOf: (item: ItemRow) => number, items: readonly ItemRow[]) {
  const [buyer] = await tx.select().from(organisations).where(eq(organisations.id, row.buyerId));
  if (!buyer) throw notFound('Organisation');
  const strength = await tx
    .select({ id: products.id, name: products.name, volumeMl: products.volumeMl, abvTenths: products.abvTenths })
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((i) => i.productId),
      ),
    );
  const byId = new Map(strength.map((p) => [p.id, p]));
  return orderTax(tx, {
    seller,
    buyer,
    dutyTreatment: await dutyTreatmentOf(tx, buyer),
    currency: row.currency,
    now: ctx.now(),
    lines: items.map((i) => {
      const p = byId.get(i.productId)!;
      return {
        productId: i.productId,
        name: p.name,
        cases: casesOf(i),
        caseSize: i.caseSize,
        unitPriceMinor: i.unitPriceMinor,
        volumeMl: p.volumeMl,
        abvTenths: p.abvTenths,
      };
    }),
  });
}
