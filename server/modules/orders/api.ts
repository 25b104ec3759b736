// Trade orders over JSON. Partners (`orders:manage`, own organisation; a buyer or seller of the
// order, anything else a 404): their orders by side, placing (with an Idempotency-Key header),
// one order, approve/reject (the seller), accept/decline an allocation offer (its buyer), cancel
// (either side, per the transition table; the seller withdrawing an offer), and the
// thread (`chat:internal`); the dashboard's figures, and the history as CSV (`reports:view`). Staff (`orders:manage`, acting for the brand): the brand's sales in
// Trade orders, the same moves plus ship and deliver. Placing and moving need `act: true`.
import { type Request, Router } from 'express';
import {
  acceptOrderInput,
  approveOrderInput,
  cancelOrderInput,
  declineOrderInput,
  orderId,
  orderListQuery,
  orderMessageInput,
  orderStepInput,
  placeOrderInput,
  rejectOrderInput,
} from '../../../shared/schemas/orders';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import type { Services } from '../../services';

export function ordersApi(services: Services): Router {
  const router = Router();
  const orders = services.orders;
  const read = requireApi(services, { permission: 'orders:manage' });
  const act = requireApi(services, { permission: 'orders:manage', act: true });
  const chat = requireApi(services, { permission: 'chat:internal' });
  const chatAct = requireApi(services, { permission: 'chat:internal', act: true });
  // Trade orders are the admin area's: a partner's own Order Management never reaches them.
  const admin = requireApi(services, { area: 'admin' });
  const me = async (req: Request) => (await currentUser(services, req))!;
  const idOf = (raw: unknown) => parseIdOr404(orderId, raw, 'Order');

  // ---- Partners ----
  router.get('/partner/orders', read, async (req, res) => {
    res.json(await orders.list(await me(req), parse(orderListQuery, req.query), 'partner'));
  });
  router.post('/partner/orders', act, async (req, res) => {
    const key = idempotencyKeyOf(req);
    const { order, replayed } = await orders.place(await me(req), parse(placeOrderInput, req.body), key, actorOf(req));
    res.status(replayed ? 200 : 201).json(order);
  });
  // The dashboard's figures (Order Management) and the order history as CSV (Report Access), own organisation.
  router.get('/partner/orders/figures', read, async (req, res) => {
    res.json(await orders.figures(await me(req)));
  });
  router.get('/partner/orders/export.csv', requireApi(services, { permission: 'reports:view' }), async (req, res) => {
    const chunks = await orders.exportCsv(await me(req));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
    for await (const chunk of chunks) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
    }
    res.end();
  });
  router.get('/partner/orders/:id', read, async (req, res) => {
    res.json(await orders.get(await me(req), idOf(req.params.id), actorOf(req), 'partner'));
  });
  router.post('/partner/orders/:id/approve', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.approve(await me(req), id, parse(approveOrderInput, req.body), actorOf(req), 'partner'));
  });
  router.post('/partner/orders/:id/reject', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.reject(await me(req), id, parse(rejectOrderInput, req.body), actorOf(req), 'partner'));
  });
  // An allocation offer's buyer answers it: accept (an approved order) or decline (a reason optional).
  router.post('/partner/orders/:id/accept', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.accept(await me(req), id, parse(acceptOrderInput, req.body), actorOf(req)));
  });
  router.post('/partner/orders/:id/decline', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.decline(await me(req), id, parse(declineOrderInput, req.body), actorOf(req)));
  });
  router.post('/partner/orders/:id/cancel', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.cancel(await me(req), id, parse(cancelOrderInput, req.body), actorOf(req), 'partner'));
  });
  router.get('/partner/orders/:id/messages', chat, async (req, res) => {
    res.json({ items: await orders.messages(await me(req), idOf(req.params.id), 'partner') });
  });
  router.post('/partner/orders/:id/messages', chatAct, async (req, res) => {
    const id = idOf(req.params.id);
    res.status(201).json({ items: await orders.postMessage(await me(req), id, parse(orderMessageInput, req.body), actorOf(req), 'partner') });
  });

  // ---- Staff: Trade orders (the brand's sales) ----
  router.get('/admin/trade-orders', admin, read, async (req, res) => {
    res.json(await orders.list(await me(req), parse(orderListQuery, req.query), 'staff'));
  });
  router.get('/admin/trade-orders/:id', admin, read, async (req, res) => {
    res.json(await orders.get(await me(req), idOf(req.params.id), actorOf(req), 'staff'));
  });
  router.post('/admin/trade-orders/:id/approve', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.approve(await me(req), id, parse(approveOrderInput, req.body), actorOf(req), 'staff'));
  });
  router.post('/admin/trade-orders/:id/reject', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.reject(await me(req), id, parse(rejectOrderInput, req.body), actorOf(req), 'staff'));
  });
  router.post('/admin/trade-orders/:id/cancel', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.cancel(await me(req), id, parse(cancelOrderInput, req.body), actorOf(req), 'staff'));
  });
  router.post('/admin/trade-orders/:id/ship', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.ship(await me(req), id, parse(orderStepInput, req.body), actorOf(req)));
  });
  router.post('/admin/trade-orders/:id/deliver', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await orders.deliver(await me(req), id, parse(orderStepInput, req.body), actorOf(req)));
  });
  router.get('/admin/trade-orders/:id/messages', admin, read, async (req, res) => {
    res.json({ items: await orders.messages(await me(req), idOf(req.params.id), 'staff') });
  });
  router.post('/admin/trade-orders/:id/messages', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.status(201).json({ items: await orders.postMessage(await me(req), id, parse(orderMessageInput, req.body), actorOf(req), 'staff') });
  });
  return router;
}
