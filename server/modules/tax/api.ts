// JSON handlers of Tax rules (issue 44; staff holding Finance): every jurisdiction's rules with the
// one in force today, a new VAT rule or excise band set, and the withdrawal of one not yet in force —
// parse, call the service, respond. Rules in force are never edited: there is no PUT.
import { Router } from 'express';
import { taxRuleId, taxRuleInput, taxRuleListQuery } from '../../../shared/schemas/tax';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function taxApi(services: Services): Router {
  const router = Router();
  const finance = requireApi(services, { permission: 'finance:manage' });
  const { tax } = services;

  router.get('/admin/tax-rules', finance, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await tax.overview(await currentUser(services, req), parse(taxRuleListQuery, req.query)));
  });
  router.post('/admin/tax-rules', finance, async (req, res) => {
    const input = parse(taxRuleInput, req.body);
    res.status(201).json(await tax.addRule(await currentUser(services, req), input, actorOf(req)));
  });
  router.delete('/admin/tax-rules/:id', finance, async (req, res) => {
    const id = parseIdOr404(taxRuleId, req.params.id, 'Tax rule');
    res.json(await tax.withdrawRule(await currentUser(services, req), id, actorOf(req)));
  });
  return router;
}
