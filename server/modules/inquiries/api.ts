// JSON handlers for the public contact and business-inquiry forms.
import { Router, type Request } from 'express';
import { businessInquiryForm, contactForm, FORM_STARTED_FIELD, HONEYPOT_FIELD } from '../../../shared/schemas/inquiries';
import { parse } from '../../http/api-helpers';
import type { Services } from '../../services';
import type { BotSignals } from './service';

export function botSignals(body: Record<string, unknown>): BotSignals {
  const honeypot = body[HONEYPOT_FIELD];
  const started = Number(body[FORM_STARTED_FIELD]);
  return { honeypot: typeof honeypot === 'string' ? honeypot : undefined, startedAt: Number.isFinite(started) && started > 0 ? started : undefined };
}

const actorOf = (req: Request) => ({ userId: null, ip: req.ip ?? null });

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
  return router;
}
