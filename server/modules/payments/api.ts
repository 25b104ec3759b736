// Payments over JSON (Order Management, own organisation; a payment another organisation is party
// to is a 404): the Payments page's figures (`side`: paying or receiving, as the organisation has
// them), the history, one payment; recording (a buyer to its supplier, with an Idempotency-Key
// header), confirming or failing (the supplier), applying account credit (the payer); a statement per
// customer as JSON, CSV and PDF. Staff holding Order Management over every organisation receive for
// the brand through /api/admin/payments (its importers' payments only). Writes need `act: true`.
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { applyCreditInput, confirmPaymentInput, failPaymentInput, paymentId, recordPaymentInput, statementQuery } from '../../../shared/schemas/payments';
import type { Statement } from '../../../shared/payment-views';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import type { Services } from '../../services';

const sideQuery = z.object({
  side: z.enum(['paying', 'receiving']).optional(),
  after: z
    .string()
    .regex(/^\d{13}_\d{1,10}$/, 'The cursor is not valid.')
    .optional(),
});

/** A file name from the statement: its parties and period, in plain ASCII. */
export function statementFileName(s: Statement, ext: 'csv' | 'pdf'): string {
  const slug = (t: string) =>
    t
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 40) || 'retailer';
  return `statement-${slug(s.customer.name)}-${s.from}-${s.to}.${ext}`;
}

export function paymentsApi(services: Services): Router {
  const router = Router();
  const payments = services.payments;
  const read = requireApi(services, { permission: 'orders:manage' });
  const act = requireApi(services, { permission: 'orders:manage', act: true });
  const me = async (req: Request) => (await currentUser(services, req))!;
  const idOf = (raw: unknown) => parseIdOr404(paymentId, raw, 'Payment');
  const download = (res: Response, type: string, name: string, body: string | Buffer) => {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(body);
  };

  router.get('/partner/payments', read, async (req, res) => {
    res.json(await payments.overview(await me(req), parse(sideQuery, req.query)));
  });
  router.post('/partner/payments', act, async (req, res) => {
    const key = idempotencyKeyOf(req);
    const { payment, replayed } = await payments.record(await me(req), parse(recordPaymentInput, req.body), key, actorOf(req));
    res.status(replayed ? 200 : 201).json(payment);
  });
  router.get('/partner/payments/history', read, async (req, res) => {
    res.json(await payments.history(await me(req), parse(sideQuery, req.query)));
  });
  router.get('/partner/payments/statement', read, async (req, res) => {
    res.json(await payments.statement(await me(req), parse(statementQuery, req.query)));
  });
  router.get('/partner/payments/statement.csv', read, async (req, res) => {
    const { statement, csv } = await payments.statementCsv(await me(req), parse(statementQuery, req.query));
    download(res, 'text/csv; charset=utf-8', statementFileName(statement, 'csv'), csv);
  });
  router.get('/partner/payments/statement.pdf', read, async (req, res) => {
    const { statement, pdf } = await payments.statementPdf(await me(req), parse(statementQuery, req.query));
    download(res, 'application/pdf', statementFileName(statement, 'pdf'), pdf);
  });
  router.get('/partner/payments/:id', read, async (req, res) => {
    res.json(await payments.get(await me(req), idOf(req.params.id)));
  });
  router.post('/partner/payments/:id/confirm', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await payments.confirm(await me(req), id, parse(confirmPaymentInput, req.body), actorOf(req)));
  });
  router.post('/partner/payments/:id/fail', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await payments.fail(await me(req), id, parse(failPaymentInput, req.body), actorOf(req)));
  });
  router.post('/partner/payments/:id/allocations', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await payments.applyCredit(await me(req), id, parse(applyCreditInput, req.body), actorOf(req)));
  });

  // ---- Staff (Order Management over every organisation): the brand's incoming payments from its importers ----
  const admin = requireApi(services, { area: 'admin' });
  router.get('/admin/payments', admin, read, async (req, res) => {
    res.json(await payments.overview(await me(req), parse(sideQuery, req.query), 'staff'));
  });
  router.get('/admin/payments/history', admin, read, async (req, res) => {
    res.json(await payments.history(await me(req), parse(sideQuery, req.query), 'staff'));
  });
  router.get('/admin/payments/statement', admin, read, async (req, res) => {
    res.json(await payments.statement(await me(req), parse(statementQuery, req.query), 'staff'));
  });
  router.get('/admin/payments/statement.csv', admin, read, async (req, res) => {
    const { statement, csv } = await payments.statementCsv(await me(req), parse(statementQuery, req.query), 'staff');
    download(res, 'text/csv; charset=utf-8', statementFileName(statement, 'csv'), csv);
  });
  router.get('/admin/payments/statement.pdf', admin, read, async (req, res) => {
    const { statement, pdf } = await payments.statementPdf(await me(req), parse(statementQuery, req.query), 'staff');
    download(res, 'application/pdf', statementFileName(statement, 'pdf'), pdf);
  });
  router.get('/admin/payments/:id', admin, read, async (req, res) => {
    res.json(await payments.get(await me(req), idOf(req.params.id), 'staff'));
  });
  router.post('/admin/payments/:id/confirm', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await payments.confirm(await me(req), id, parse(confirmPaymentInput, req.body), actorOf(req), 'staff'));
  });
  router.post('/admin/payments/:id/fail', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await payments.fail(await me(req), id, parse(failPaymentInput, req.body), actorOf(req), 'staff'));
  });
  return router;
}
