// Invoices and credit notes over JSON. Partners (`orders:manage` over their organisation; an
// invoice's issuer or customer, anything else a 404): the list (both sides, standing filter, search,
// keyset pages), what can be invoiced, a preview, a draft or an invoice issued at once, one document,
// its PDF and its UBL e-invoice (XML); the issuer issues or discards a draft and writes credit notes (`act: true`). There is no route that
// edits an issued document: a correction is a credit note. Staff holding Order Management over every
// organisation do the same for the brand through /api/admin/invoices (the brand's row is the issuer;
// another organisation's document is not found there).
import { type Request, type Response, Router } from 'express';
import { creditNoteInput, draftStepInput, invoiceId, invoiceListQuery, invoiceOrdersInput } from '../../../shared/schemas/invoices';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function invoicesApi(services: Services): Router {
  const router = Router();
  const invoices = services.invoices;
  const read = requireApi(services, { permission: 'orders:manage' });
  const act = requireApi(services, { permission: 'orders:manage', act: true });
  const admin = requireApi(services, { area: 'admin' });
  const me = async (req: Request) => (await currentUser(services, req))!;
  const idOf = (raw: unknown) => parseIdOr404(invoiceId, raw, 'Invoice');
  const sendFile = (type: string) => (res: Response, file: { filename: string; bytes: Buffer }) => {
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(file.bytes);
  };
  const sendPdf = sendFile('application/pdf');
  const sendXml = sendFile('application/xml; charset=utf-8');

  // ---- Partners ----
  router.get('/partner/invoices', read, async (req, res) => {
    res.json(await invoices.list(await me(req), parse(invoiceListQuery, req.query), 'partner'));
  });
  router.get('/partner/invoices/invoiceable', read, async (req, res) => {
    res.json({ customers: await invoices.invoiceable(await me(req)) });
  });
  router.post('/partner/invoices/preview', act, async (req, res) => {
    res.json(await invoices.preview(await me(req), parse(invoiceOrdersInput, req.body)));
  });
  // A draft: the orders held for it, no number until it is issued.
  router.post('/partner/invoices', act, async (req, res) => {
    res.status(201).json(await invoices.createDraft(await me(req), parse(invoiceOrdersInput, req.body), actorOf(req)));
  });
  // Draft and issue in one step.
  router.post('/partner/invoices/issue', act, async (req, res) => {
    res.status(201).json(await invoices.issueFromOrders(await me(req), parse(invoiceOrdersInput, req.body), actorOf(req)));
  });
  router.get('/partner/invoices/:id', read, async (req, res) => {
    res.json(await invoices.get(await me(req), idOf(req.params.id), 'partner'));
  });
  router.get('/partner/invoices/:id/pdf', read, async (req, res) => {
    sendPdf(res, await invoices.pdf(await me(req), idOf(req.params.id), 'partner'));
  });
  // The same document as a UBL e-invoice (EN 16931, Peppol BIS Billing 3.0).
  router.get('/partner/invoices/:id/xml', read, async (req, res) => {
    sendXml(res, await invoices.ubl(await me(req), idOf(req.params.id), 'partner'));
  });
  router.post('/partner/invoices/:id/issue', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await invoices.issue(await me(req), id, parse(draftStepInput, req.body), actorOf(req)));
  });
  router.post('/partner/invoices/:id/discard', act, async (req, res) => {
    const id = idOf(req.params.id);
    await invoices.discard(await me(req), id, parse(draftStepInput, req.body), actorOf(req));
    res.status(204).end();
  });
  router.post('/partner/invoices/:id/credit-notes', act, async (req, res) => {
    const id = idOf(req.params.id);
    res.status(201).json(await invoices.issueCreditNote(await me(req), id, parse(creditNoteInput, req.body), actorOf(req)));
  });

  // ---- Staff (Order Management over every organisation): the brand's own documents, issued to its importers ----
  router.get('/admin/invoices', admin, read, async (req, res) => {
    res.json(await invoices.list(await me(req), parse(invoiceListQuery, req.query), 'staff'));
  });
  router.get('/admin/invoices/invoiceable', admin, read, async (req, res) => {
    res.json({ customers: await invoices.invoiceable(await me(req), 'staff') });
  });
  router.post('/admin/invoices/preview', admin, act, async (req, res) => {
    res.json(await invoices.preview(await me(req), parse(invoiceOrdersInput, req.body), 'staff'));
  });
  router.post('/admin/invoices', admin, act, async (req, res) => {
    res.status(201).json(await invoices.createDraft(await me(req), parse(invoiceOrdersInput, req.body), actorOf(req), 'staff'));
  });
  router.post('/admin/invoices/issue', admin, act, async (req, res) => {
    res.status(201).json(await invoices.issueFromOrders(await me(req), parse(invoiceOrdersInput, req.body), actorOf(req), 'staff'));
  });
  router.get('/admin/invoices/:id', admin, read, async (req, res) => {
    res.json(await invoices.get(await me(req), idOf(req.params.id), 'staff'));
  });
  router.get('/admin/invoices/:id/pdf', admin, read, async (req, res) => {
    sendPdf(res, await invoices.pdf(await me(req), idOf(req.params.id), 'staff'));
  });
  router.get('/admin/invoices/:id/xml', admin, read, async (req, res) => {
    sendXml(res, await invoices.ubl(await me(req), idOf(req.params.id), 'staff'));
  });
  router.post('/admin/invoices/:id/issue', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.json(await invoices.issue(await me(req), id, parse(draftStepInput, req.body), actorOf(req), 'staff'));
  });
  router.post('/admin/invoices/:id/discard', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    await invoices.discard(await me(req), id, parse(draftStepInput, req.body), actorOf(req), 'staff');
    res.status(204).end();
  });
  router.post('/admin/invoices/:id/credit-notes', admin, act, async (req, res) => {
    const id = idOf(req.params.id);
    res.status(201).json(await invoices.issueCreditNote(await me(req), id, parse(creditNoteInput, req.body), actorOf(req), 'staff'));
  });
  return router;
}
