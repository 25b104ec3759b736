// Stock over JSON. Staff (`cms:access`): the brand warehouse's adjustments and movements of a
// product. Partners: their organisation's holdings (Inventory Viewing), the past allocations it made
// or received (read-only history), and an importer's allocation offer to one of its distributors
// (Order Management, while it can trade: an order in `offered`, answered through the orders API),
// idempotent with an `Idempotency-Key` header per importer.
import { type Request, Router } from 'express';
import { recordId } from '../../../shared/schemas/admin';
import { allocationInput, idempotencyKey, stockAdjustment, stockMovementsQuery } from '../../../shared/schemas/stock';
import { parse, parseIdOr404 } from '../../core/parse';
import { AppError } from '../../core/errors';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function stockApi(services: Services): Router {
  const router = Router();
  const stock = services.stock;
  const staff = requireApi(services, { permission: 'cms:access' });
  const inventory = requireApi(services, { permission: 'inventory:view' });
  const admin = requireApi(services, { area: 'admin' });
  const trade = requireApi(services, { permission: 'orders:manage' });
  const allocator = requireApi(services, { permission: 'orders:manage', act: true });
  const me = async (req: Request) => (await currentUser(services, req))!;
  const productOf = (raw: unknown) => parseIdOr404(recordId('Not a product id.'), raw, 'Product');

  router.get('/admin/products/:id/stock-movements', staff, async (req, res) => {
    const id = productOf(req.params.id);
    const user = await me(req);
    const [balance, movements] = await Promise.all([stock.brandBalance(user, id), stock.brandMovements(user, id, parse(stockMovementsQuery, req.query))]);
    res.json({ balance, ...movements });
  });
  router.post('/admin/products/:id/stock-adjustments', staff, async (req, res) => {
    const id = productOf(req.params.id);
    res.status(201).json({ balance: await stock.adjustBrand(await me(req), id, parse(stockAdjustment, req.body), actorOf(req)) });
  });

  // Where every bottle is: the whole chain's reconciliation (staff holding Order Management over every organisation).
  router.get('/admin/stock/reconciliation', admin, trade, async (req, res) => {
    res.json(await stock.reconciliation(await me(req)));
  });

  router.get('/partner/stock', inventory, async (req, res) => {
    res.json({ items: await stock.holdings(await me(req)) });
  });
  router.get('/partner/allocations', inventory, async (req, res) => {
    res.json(await stock.allocations(await me(req)));
  });
  router.post('/partner/allocations', allocator, async (req, res) => {
    const user = await me(req);
    // Staff hold Order Management over everything, but an offer is an importer's own act.
    if (!user.organisationId) throw new AppError('forbidden', 'forbidden', 'Only an importer offers its stock to its distributors.');
    const header = req.get('Idempotency-Key');
    const key = header === undefined ? null : parse(idempotencyKey, header);
    // An allocation is an offer now (issue 43): an order the distributor accepts or declines.
    const { order, replayed } = await services.orders.offer(user, parse(allocationInput, req.body), key, actorOf(req));
    res.status(replayed ? 200 : 201).json({ kind: 'offer', order, replayed });
  });
  return router;
}
