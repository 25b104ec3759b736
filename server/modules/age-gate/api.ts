// JSON variant of the age gate, for clients that are not the server-rendered form.
import { Router } from 'express';
import { ageGateForm } from '../../../shared/schemas/age-gate';
import { parse } from '../../core/parse';
import type { Services } from '../../services';

export function ageGateApi(services: Services): Router {
  const router = Router();
  router.post('/age-gate', (req, res) => {
    const form = parse(ageGateForm, req.body);
    const current = services.ageGate.read(req.headers.cookie);
    const result = services.ageGate.submit(form, current, req.secure);
    if (result.setCookie) res.append('Set-Cookie', result.setCookie);
    const status = result.verdict.kind === 'invalid' ? 400 : result.verdict.kind === 'blocked' ? 403 : 200;
    if (result.verdict.kind === 'invalid') {
      res.status(400).json({
        error: { code: 'validation_failed', message: result.verdict.message, details: [{ path: result.verdict.field, message: result.verdict.message }] },
      });
      return;
    }
    if (result.verdict.kind === 'blocked') {
      res.status(status).json({ error: { code: 'age_gate_blocked', message: 'This browser was refused entry and cannot try again.' } });
      return;
    }
    res.status(status).json({ verdict: result.verdict.kind, state: result.state });
  });
  return router;
}
