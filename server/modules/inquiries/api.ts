// JSON handlers for the public contact and business-inquiry forms, and the staff inquiries list and triage.
import { Router } from 'express';
import {
  businessInquiryForm,
  contactForm,
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
  inquiryListQuery,
  inquiryRef,
  inquiryUpdate,
} from '../../../shared/schemas/inquiries';
import { parse } from '../../core/parse';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';
import type { BotSignals } from './service';

export function botSignals(body: Record<string, unknown>): BotSignals {
  const honeypot = body[HONEYPOT_FIELD];
  const started = Number(body[FORM_STARTED_FIELD]);
  return { honeypot: typeof honeypot === 'string' ? honeypot : undefined, startedAt: Number.isFinite(started) && started > 0 ? started : undefined };
}

export function inquiriesApi(services: Services): Router {
  const router = Router();
  router.post('/contact', async (req, res) => {
    const form = parse(contactForm, req.body);
    const result = await services.inquiries.submitContact(form, botSignals(req.body ?? {}), actorOf(req));
    res.status(201).json({ ok: true, id: 'id' in result ? result.id : null });
  });
  router.post('/business-inquiries', async (req, res) => {
    const form = parse(businessInquiryForm, req.body);
    const result = await services.inquiries.submitBusinessInquiry(form, botSignals(req.body ?? {}), actorOf(req));
    res.status(201).json({ ok: true, id: 'id' in result ? result.id : null });
  });

  const triage = requireApi(services, { permission: 'inquiries:manage' });
  router.get('/admin/inquiries', triage, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await services.inquiries.list(parse(inquiryListQuery, req.query)));
  });
  router.get('/admin/inquiries/:kind/:id', triage, async (req, res) => {
    const { kind, id } = parse(inquiryRef, req.params);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await services.inquiries.get(kind, id));
  });
  router.patch('/admin/inquiries/:kind/:id', triage, async (req, res) => {
    const { kind, id } = parse(inquiryRef, req.params);
    res.json(await services.inquiries.update(kind, id, parse(inquiryUpdate, req.body), actorOf(req)));
  });
  return router;
}
