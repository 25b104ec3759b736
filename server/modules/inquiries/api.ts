// JSON handlers for the public contact and business-inquiry forms, the staff inquiries list and
// triage, and onboarding (a business inquiry becomes an organisation).
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
import { recordId } from '../../../shared/schemas/admin';
import { inquiryConversion } from '../../../shared/schemas/partners-admin';
import { parse, parseIdOr404 } from '../../core/parse';
import { requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';
import type { BotSignals } from './service';

const businessInquiryId = recordId('Use a numeric id.');

export function botSignals(body: Record<string, unknown>): BotSignals {
  const honeypot = body[HONEYPOT_FIELD];
  const started = Number(body[FORM_STARTED_FIELD]);
  return { honeypot: typeof honeypot === 'string' ? honeypot : undefined, startedAt: Number.isFinite(started) && started > 0 ? started : undefined };
}

export function inquiriesApi(services: Services, origin: string): Router {
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
  // Onboarding needs both: handling inquiries and running partner organisations.
  const onboard = requireApi(services, { permission: ['inquiries:manage', 'users:manage'] });
  router.post('/admin/inquiries/business/:id/organisation', onboard, async (req, res) => {
    const id = parseIdOr404(businessInquiryId, req.params.id, 'Inquiry');
    res.status(201).json(await services.inquiries.convert(id, parse(inquiryConversion, req.body), actorOf(req), origin));
  });
  return router;
}
